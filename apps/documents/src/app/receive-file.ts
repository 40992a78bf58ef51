import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { ErrorCode, PlatformError } from '@platform/errors';
import type { ReceivedFile } from '../clients/ports';
import type { DocumentsDeps } from '../deps';
import { SNIFF_BYTES, detectFileType } from '../domain/file-types';

/** A message of an upload stream: the fields first, then the file's chunks. */
export interface UploadMessage {
  fields?: unknown;
  chunk?: Buffer;
}

/** The columns of a stored file's row (a document's or an asset's), as the file was received under `objectKey`. */
export const storedFileColumns = (file: ReceivedFile, objectKey: string) => ({
  mimeType: file.mimeType,
  fileSize: BigInt(file.size),
  sha256: file.sha256,
  storageProvider: file.ref.storageProvider,
  storageTargetId: file.ref.storageTargetId,
  objectKey,
});

export const tooLarge = (message: string): PlatformError => new PlatformError(ErrorCode.PAYLOAD_TOO_LARGE, message);

/** The first message of an upload, which must carry the fields. */
export async function firstFields<F>(messages: AsyncIterator<{ fields?: F }>): Promise<F> {
  const first = await messages.next();
  const fields = first.done ? undefined : first.value.fields;
  if (!fields) throw PlatformError.validation([{ field: 'fields', message: 'must be the first message' }], 'The upload must start with its fields');
  return fields;
}

/**
 * Streams the file after the fields into the current store under `key`. Its type is detected from
 * its first bytes before anything is stored (415 when `accept` refuses it); the rest is hashed and
 * counted on the way (413 past `maxBytes`; the store keeps nothing of a failed write). The caller
 * records the object, and deletes it if that fails.
 */
export async function receiveFile(
  deps: Pick<DocumentsDeps, 'stores'>,
  messages: AsyncIterator<UploadMessage>,
  options: {
    key: string;
    fileName: string;
    maxBytes: number;
    accept: (mime: string | undefined) => mime is string;
    what: string;
    /** The error past maxBytes (default: 413 "larger than maxBytes"). */
    overLimit?: () => PlatformError;
  },
): Promise<ReceivedFile> {
  const chunks = chunksOf(messages);
  const head = await readHead(chunks);
  if (head.length === 0) throw PlatformError.validation([{ field: 'file', message: 'is empty' }], 'The file is empty');
  const mimeType = detectFileType(head, options.fileName);
  if (!options.accept(mimeType)) {
    throw new PlatformError(ErrorCode.UNSUPPORTED_MEDIA_TYPE, `Files of this type (${mimeType ?? 'unknown'}) are not accepted as ${options.what}`);
  }
  const { store, ref } = await deps.stores.current();
  const hash = createHash('sha256');
  let size = 0;
  const max = options.maxBytes;
  const body = Readable.from(
    (async function* () {
      const count = (piece: Buffer): Buffer => {
        size += piece.length;
        if (size > max) throw options.overLimit?.() ?? tooLarge(`The file is larger than ${max} bytes`);
        hash.update(piece);
        return piece;
      };
      yield count(head);
      for await (const piece of chunks) yield count(piece);
    })(),
    { objectMode: false },
  );
  await store.put(options.key, body, mimeType);
  return { store, ref, size, sha256: hash.digest('hex'), mimeType };
}

/** The file's bytes from the messages after the fields. */
async function* chunksOf(messages: AsyncIterator<UploadMessage>): AsyncGenerator<Buffer> {
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
