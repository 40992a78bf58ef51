import { ErrorCode, PlatformError } from '@platform/errors';
import type { CallContext } from '@platform/grpc-server';
import type { documentsV1, filesV1 } from '@platform/proto';
import { resolveRange } from '@platform/storage';
import type { DocumentsDeps } from '../deps';
import { checkSignature } from '../domain/signed-url';
import { parseStoragePath, storagePathOf } from '../domain/storage-path';
import { findLiveDocument } from '../store/documents-store';

const CHUNK_BYTES = 64 * 1024;

/**
 * GET /api/storage/{path}: a signed URL's signature and expiry are checked first (403 when
 * tampered or expired); without one, only a PUBLIC document is served. The path must be exactly
 * `<organizationId>/<documentId>/<name>` of a live document; the object key comes from its row.
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
  const parsed = parseStoragePath(request.path);
  if (!parsed) throw PlatformError.notFound('File');
  const row = await findLiveDocument(deps.db, parsed.organizationId, parsed.documentId);
  if (!row || row.storageProvider === '' || storagePathOf(row.organizationId, row.id, row.fileName) !== request.path) throw PlatformError.notFound('File');
  if (!signed && row.access !== 'PUBLIC') throw PlatformError.forbidden('This file needs a signed link');

  const store = deps.stores.of(row.storageProvider);
  if (!store) throw new Error(`document ${row.id} is held by provider ${row.storageProvider}, which is not configured`);
  const size = Number(row.fileSize);
  const range = request.range ? resolveRange(numbers(request.range), size) : undefined;
  if (request.range && !range) throw new PlatformError(ErrorCode.RANGE_NOT_SATISFIABLE, `The range is outside the file (${size} bytes)`);
  const read = await store.get(row.objectKey, range);
  if (!read) {
    ctx.logger.error({ documentId: row.id, key: row.objectKey }, 'the object of a live document is missing');
    throw PlatformError.notFound('File');
  }
  try {
    await send({
      metadata: {
        contentType: row.mimeType,
        contentLength: String(range ? range.end - range.start + 1 : size),
        totalLength: String(size),
        etag: `"${row.sha256}"`,
        fileName: row.fileName,
        partial: range !== undefined,
        rangeStart: String(range?.start ?? 0),
        inline: false,
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

function numbers(range: filesV1.ByteRange): { start?: number; end?: number; suffix?: number } {
  const n = (value: string | undefined): number | undefined => (value === undefined ? undefined : Number(value));
  return { start: n(range.start), end: n(range.end), suffix: n(range.suffix) };
}
