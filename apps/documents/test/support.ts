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

/** An asset upload (POST) or replacement (PUT) as the gateway sends it. */
export function uploadAssetFile(
  client: Client,
  token: string,
  fields: { orgId: string; assetType?: string; assetId?: string; fileName?: string },
  file: Buffer,
): Promise<documentsV1.Asset> {
  return new Promise((resolve, reject) => {
    const done = (err: ServiceError | null, reply?: documentsV1.Asset) => (err ? reject(err) : resolve(reply!));
    const base = { fileName: fields.fileName ?? 'logo.png', declaredContentType: 'image/png' };
    const chunks = (write: (chunk: Buffer) => void) => {
      for (let offset = 0; offset < file.length; offset += 64 * 1024) write(file.subarray(offset, offset + 64 * 1024));
    };
    if (fields.assetId === undefined) {
      const call = client.uploadAsset(metadataOf(token), done);
      call.write({ fields: { ...base, orgId: fields.orgId, assetType: fields.assetType ?? 'LOGO' } });
      chunks((chunk) => call.write({ chunk }));
      call.end();
    } else {
      const call = client.replaceAsset(metadataOf(token), done);
      call.write({ fields: { ...base, orgId: fields.orgId, assetId: fields.assetId } });
      chunks((chunk) => call.write({ chunk }));
      call.end();
    }
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

/** A 1×1 PNG. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
/** A GIF header and a little more. */
export const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.from([1, 0, 1, 0, 0x80, 0, 0]), Buffer.alloc(64)]);
export const SVG = Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>\n');
