import { Metadata, type ServiceError } from '@grpc/grpc-js';
import type { documentsV1, filesV1 } from '@platform/proto';

type Client = documentsV1.DocumentsServiceClient;

const metadataOf = (token?: string): Metadata => {
  const metadata = new Metadata();
  if (token) metadata.set('authorization', `Bearer ${token}`);
  return metadata;
};

/** Uploads like the gateway does: the fields, then the file in 64 KiB chunks. */
export function upload(client: Client, token: string, fields: Partial<documentsV1.UploadFields>, file: Buffer): Promise<documentsV1.Document> {
  return new Promise((resolve, reject) => {
    const call = client.uploadDocument(metadataOf(token), (err: ServiceError | null, reply?: documentsV1.Document) => (err ? reject(err) : resolve(reply!)));
    call.write({ fields: { organizationId: '', name: '', fileName: 'file.bin', declaredContentType: '', access: 0, ...fields } });
    for (let offset = 0; offset < file.length; offset += 64 * 1024) call.write({ chunk: file.subarray(offset, offset + 64 * 1024) });
    call.end();
  });
}

export interface Downloaded {
  metadata: filesV1.FileMetadata;
  body: Buffer;
}

export function download(client: Client, request: Partial<documentsV1.DownloadStoredFileRequest>): Promise<Downloaded> {
  return new Promise((resolve, reject) => {
    const stream = client.downloadStoredFile({ path: '', expires: '0', signature: '', ...request }, metadataOf());
    let metadata: filesV1.FileMetadata | undefined;
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: filesV1.FileChunk) => {
      if (chunk.metadata) metadata = chunk.metadata;
      if (chunk.data) chunks.push(chunk.data);
    });
    stream.on('error', reject);
    stream.on('end', () => (metadata ? resolve({ metadata, body: Buffer.concat(chunks) }) : reject(new Error('no metadata'))));
  });
}

/** `/api/storage/<path>?expires=…&signature=…` → the download request. */
export function fromUrl(fileUrl: string): Partial<documentsV1.DownloadStoredFileRequest> {
  const url = new URL(fileUrl, 'http://x');
  return {
    path: url.pathname.replace(/^\/api\/storage\//, ''),
    expires: url.searchParams.get('expires') ?? '0',
    signature: url.searchParams.get('signature') ?? '',
  };
}

export const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(10_000, 0x41), Buffer.from('\n%%EOF\n')]);
export const EXE = Buffer.concat([Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00]), Buffer.alloc(5000)]);
