import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { ErrorCode, PlatformError } from '@platform/errors';
import { checkHttpUrl, pinnedAgent, type DestinationGuard } from '@platform/outbound';
import type { DocumentsDeps } from '../deps';
import { isDocumentType } from '../domain/file-types';
import type { RemoteFileCopier } from '../clients/ports';
import { receiveFile, type UploadMessage } from './receive-file';

/** Redirects followed, each to a destination checked again. */
const MAX_REDIRECTS = 3;

const copyFailed = (message: string): PlatformError => new PlatformError(ErrorCode.FAILED_PRECONDITION, `The remote file could not be copied: ${message}`);

/**
 * Copies remote files through the outbound-destination guard: the URL's host is resolved once and
 * refused when it is loopback, private, metadata… (400 from the guard), the socket goes to the
 * checked address, every redirect is a new destination checked again, the whole copy has a
 * deadline, and the bytes stream into the store as an upload's do (type from the content, the
 * documents allow-list, the size cap while streaming; nothing is kept of a failed copy).
 */
export function guardedRemoteCopier(deps: Pick<DocumentsDeps, 'stores'>, guard: DestinationGuard, timeoutMs: number): RemoteFileCopier {
  return {
    available: true,
    async copyRemoteFile(request) {
      const deadline = AbortSignal.timeout(timeoutMs);
      const response = await fetchFollowingRedirects(guard, request.url, deadline);
      const declared = Number(response.headers['content-length']);
      if (Number.isFinite(declared) && declared > request.maxBytes) {
        response.destroy();
        throw new PlatformError(ErrorCode.PAYLOAD_TOO_LARGE, `The remote file has ${declared} bytes, more than the ${request.maxBytes} allowed`);
      }
      try {
        return await receiveFile(deps, chunksOf(response), {
          key: request.key,
          fileName: request.fileName,
          maxBytes: request.maxBytes,
          accept: request.accept ?? isDocumentType,
          what: request.what ?? 'documents',
        });
      } finally {
        response.destroy();
      }
    },
  };
}

async function fetchFollowingRedirects(guard: DestinationGuard, url: string, signal: AbortSignal): Promise<IncomingMessage> {
  let target = url;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const checked = await checkHttpUrl(guard, target);
    const response = await get(checked.url, pinnedAgent(checked.url, checked.destination), signal);
    const status = response.statusCode ?? 0;
    if ([301, 302, 303, 307, 308].includes(status) && response.headers.location) {
      response.resume();
      target = new URL(response.headers.location, checked.url).toString();
      continue;
    }
    if (status !== 200) {
      response.resume();
      throw copyFailed(`the remote server answered ${status}`);
    }
    return response;
  }
  throw copyFailed(`more than ${MAX_REDIRECTS} redirects`);
}

function get(url: URL, agent: ReturnType<typeof pinnedAgent>, signal: AbortSignal): Promise<IncomingMessage> {
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(url, { method: 'GET', agent, signal, headers: { 'user-agent': 'association-platform-documents' } }, resolve);
    req.on('error', (err) => reject(signal.aborted ? copyFailed('it took too long') : copyFailed(err.message)));
    req.end();
  });
}

/** The response body as the messages of an upload (its chunks; the fields are the caller's). */
async function* chunksOf(response: IncomingMessage): AsyncIterator<UploadMessage> {
  for await (const chunk of response) yield { chunk: chunk as Buffer };
}
