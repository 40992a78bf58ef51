import { ErrorCode, PlatformError } from '@platform/errors';
import type { CallContext } from '@platform/grpc-server';
import type { documentsV1, filesV1 } from '@platform/proto';
import { resolveRange } from '@platform/storage';
import type { DocumentsDeps } from '../deps';
import { checkSignature } from '../domain/signed-url';
import { parseAssetPath, parseStoragePath, storagePathOf } from '../domain/storage-path';
import type { StoreRef } from '../storage/object-stores';
import { findLiveAsset } from '../store/assets-store';
import { findLiveDocument } from '../store/documents-store';

const CHUNK_BYTES = 64 * 1024;

/** What a download serves: the object, where it is, and the headers' values. */
interface Served extends StoreRef {
  id: string;
  objectKey: string;
  mimeType: string;
  fileSize: bigint;
  sha256: string;
  fileName: string;
  inline: boolean;
}

/**
 * GET /api/storage/{path}: a signed URL's signature and expiry are checked first (403 when
 * tampered or expired); without one, only a PUBLIC document or an organisation asset is served.
 * The path must be exactly `<organizationId>/<documentId>/<name>` of a live document or
 * `<organizationId>/assets/<assetId>` of a live asset; the object key comes from its row, so
 * nothing a client sends reaches the storage.
 */
export async function downloadFile(
  deps: DocumentsDeps,
  request: documentsV1.DownloadStoredFileRequest,
  send: (chunk: filesV1.FileChunk) => Promise<void>,
  ctx: CallContext,
): Promise<void> {
  const signed = request.signature !== '' || request.expires !== '0';
  if (signed) {
    const check = checkSignature(deps.urlKey, request.path, Number(request.expires), request.signature, Math.floor(deps.now() / 1000));
    if (check === 'invalid') throw PlatformError.forbidden('The link is not valid');
    if (check === 'expired') throw PlatformError.forbidden('The link has expired');
  }
  const served = await servedFile(deps, request.path, signed);

  const store = await deps.stores.of(served);
  if (!store) throw new Error(`object ${served.id} is held by provider ${served.storageProvider}, which is not configured`);
  const size = Number(served.fileSize);
  const range = request.range ? resolveRange(numbers(request.range), size) : undefined;
  if (request.range && !range) throw new PlatformError(ErrorCode.RANGE_NOT_SATISFIABLE, `The range is outside the file (${size} bytes)`);
  const read = await store.get(served.objectKey, range);
  if (!read) {
    ctx.logger.error({ id: served.id, key: served.objectKey }, 'the object of a live document or asset is missing');
    throw PlatformError.notFound('File');
  }
  try {
    await send({
      metadata: {
        contentType: served.mimeType,
        contentLength: String(range ? range.end - range.start + 1 : size),
        totalLength: String(size),
        etag: `"${served.sha256}"`,
        fileName: served.fileName,
        partial: range !== undefined,
        rangeStart: String(range?.start ?? 0),
        inline: served.inline,
      },
    });
    for await (const chunk of read.body) {
      const buffer = chunk as Buffer;
      for (let offset = 0; offset < buffer.length; offset += CHUNK_BYTES) await send({ data: buffer.subarray(offset, offset + CHUNK_BYTES) });
    }
  } finally {
    read.body.destroy();
  }
}

async function servedFile(deps: DocumentsDeps, path: string, signed: boolean): Promise<Served> {
  const asset = parseAssetPath(path);
  if (asset) {
    const row = await findLiveAsset(deps.db, asset.organizationId, asset.assetId);
    if (!row) throw PlatformError.notFound('File');
    // Assets are public (a logo is shown on public pages), and shown inline.
    return { ...row, inline: true };
  }
  const parsed = parseStoragePath(path);
  if (!parsed) throw PlatformError.notFound('File');
  const row = await findLiveDocument(deps.db, parsed.organizationId, parsed.documentId);
  if (!row || row.storageProvider === '' || storagePathOf(row.organizationId, row.id, row.fileName) !== path) throw PlatformError.notFound('File');
  if (!signed && row.access !== 'PUBLIC') throw PlatformError.forbidden('This file needs a signed link');
  return { ...row, inline: false };
}

function numbers(range: filesV1.ByteRange): { start?: number; end?: number; suffix?: number } {
  const n = (value: string | undefined): number | undefined => (value === undefined ? undefined : Number(value));
  return { start: n(range.start), end: n(range.end), suffix: n(range.suffix) };
}
