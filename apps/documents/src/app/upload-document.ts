import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { ErrorCode, PlatformError } from '@platform/errors';
import { callerOf, type StreamCallContext } from '@platform/grpc-server';
import type { documentsV1 } from '@platform/proto';
import type { DocumentsDeps } from '../deps';
import { accessFromProto } from '../domain/document-access';
import { SNIFF_BYTES, detectFileType, isDocumentType } from '../domain/file-types';
import { objectKeyOf } from '../domain/storage-path';
import { lockOrganisationQuota, storageUsage } from '../store/documents-store';
import { findLiveFolder } from '../store/folders-store';
import { documentView } from './document-view';

type Request = documentsV1.UploadDocumentRequest;

const tooLarge = (message: string): PlatformError => new PlatformError(ErrorCode.PAYLOAD_TOO_LARGE, message);

/**
 * An upload: the fields come first (and authorise the call), then the file. Its type is detected
 * from its first bytes before anything is stored (415 when not allowed); the rest streams to the
 * current store, hashed and counted on the way (413 past the size limit). The quota is checked
 * before and, under a per-organisation lock, after the bytes are in; any failure or cancellation
 * leaves nothing in the store and no row.
 */
export async function uploadDocument(deps: DocumentsDeps, requests: AsyncIterable<Request>, ctx: StreamCallContext<Request>): Promise<documentsV1.Document> {
  const messages = requests[Symbol.asyncIterator]();
  const first = await messages.next();
  const fields = first.done ? undefined : first.value.fields;
  if (!fields) throw PlatformError.validation([{ field: 'fields', message: 'must be the first message' }], 'The upload must start with its fields');
  ctx.authorize(fields);
  const caller = callerOf(ctx);
  const organizationId = fields.organizationId;

  const fileName = fields.fileName.trim().slice(0, 255) || 'file';
  const name = (fields.name?.trim() || fileName).slice(0, 255);
  const access = accessFromProto(fields.access) ?? 'MEMBERS_ONLY';
  const folderId = fields.folderId || null;
  if (folderId && !(await findLiveFolder(deps.db, organizationId, folderId))) {
    throw PlatformError.validation([{ field: 'folderId', message: 'is not a folder of this organisation' }], 'folderId is not a folder of this organisation');
  }
  const usage = await storageUsage(deps.db, organizationId);
  if (usage >= deps.settings.quotaBytes) {
    throw tooLarge(`The organisation's storage quota is used up: ${usage} of ${deps.settings.quotaBytes} bytes`);
  }

  const chunks = chunksOf(messages);
  const head = await readHead(chunks);
  if (head.length === 0) throw PlatformError.validation([{ field: 'file', message: 'is empty' }], 'The file is empty');
  const mimeType = detectFileType(head, fileName);
  if (!isDocumentType(mimeType)) {
    throw new PlatformError(ErrorCode.UNSUPPORTED_MEDIA_TYPE, `Files of this type (${mimeType ?? 'unknown'}) are not accepted as documents`);
  }

  const id = randomUUID();
  const key = objectKeyOf(organizationId, id);
  const store = deps.stores.current;
  const hash = createHash('sha256');
  let size = 0;
  const max = deps.settings.maxUploadBytes;
  const body = Readable.from(
    (async function* () {
      const count = (piece: Buffer): Buffer => {
        size += piece.length;
        if (size > max) throw tooLarge(`The file is larger than ${max} bytes`);
        hash.update(piece);
        return piece;
      };
      yield count(head);
      for await (const piece of chunks) yield count(piece);
    })(),
    { objectMode: false },
  );
  await store.put(key, body, mimeType);

  try {
    const row = await deps.db.$transaction(async (tx) => {
      await lockOrganisationQuota(tx, organizationId);
      const used = await storageUsage(tx, organizationId);
      if (used + size > deps.settings.quotaBytes) {
        throw tooLarge(`The file does not fit in the organisation's storage quota: ${used} of ${deps.settings.quotaBytes} bytes used, the file has ${size}`);
      }
      return tx.document.create({
        data: {
          id,
          organizationId,
          folderId,
          name,
          fileName,
          mimeType,
          fileSize: BigInt(size),
          access,
          storageProvider: store.provider,
          objectKey: key,
          sha256: hash.digest('hex'),
          uploadedBy: caller.sub,
        },
      });
    });
    ctx.logger.info({ documentId: id, size, mimeType, provider: store.provider }, 'document uploaded');
    return documentView(deps, row);
  } catch (err) {
    await store.delete(key).catch((cause: unknown) => ctx.logger.warn({ err: cause, key }, 'could not remove the object of a refused upload'));
    throw err;
  }
}

/** The file's bytes from the messages after the fields. */
async function* chunksOf(messages: AsyncIterator<Request>): AsyncGenerator<Buffer> {
  for (;;) {
    const next = await messages.next();
    if (next.done) return;
    if (next.value.fields) throw PlatformError.validation([{ field: 'fields', message: 'must be sent once, first' }], 'The fields were sent twice');
    if (next.value.chunk && next.value.chunk.length > 0) yield next.value.chunk;
  }
}

/** Reads at least SNIFF_BYTES (or the whole file if smaller) for type detection. */
async function readHead(chunks: AsyncGenerator<Buffer>): Promise<Buffer> {
  const parts: Buffer[] = [];
  let length = 0;
  while (length < SNIFF_BYTES) {
    const next = await chunks.next();
    if (next.done) break;
    parts.push(next.value);
    length += next.value.length;
  }
  return Buffer.concat(parts);
}
