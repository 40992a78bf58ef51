import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Readable } from 'node:stream';
import { checkObjectKey } from './object-key';
import type { ObjectRead, ObjectStore, ResolvedRange, StoredObject } from './object-store';
import { s3TracingMiddleware } from './s3-tracing';

export interface S3StoreConfig {
  /** Empty for AWS; MinIO, R2 or Google Cloud Storage's S3-compatible endpoint otherwise. */
  endpoint?: string;
  region: string;
  bucket: string;
  forcePathStyle: boolean;
  accessKeyId?: string;
  secretAccessKey?: string;
}

/** Parts of 8 MiB, two in flight: at most ~16 MiB of a large upload in memory at once. */
const PART_SIZE = 8 * 1024 * 1024;
const QUEUE_SIZE = 2;

/**
 * Objects in an S3-compatible bucket. Large writes are multipart uploads (lib-storage `Upload`),
 * which abort their parts on failure; reads are ranged GETs streamed as they arrive.
 */
export class S3ObjectStore implements ObjectStore {
  readonly provider = 'S3' as const;
  private readonly client: S3Client;

  constructor(private readonly config: S3StoreConfig) {
    const options: S3ClientConfig = {
      region: config.region,
      forcePathStyle: config.forcePathStyle,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      ...(config.accessKeyId && config.secretAccessKey ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } } : {}),
    };
    this.client = new S3Client(options);
    this.client.middlewareStack.add(s3TracingMiddleware(serverOf(config.endpoint)), { step: 'initialize', name: 'platformTracing' });
  }

  async put(key: string, body: Readable, contentType: string): Promise<StoredObject> {
    let size = 0;
    body.on('data', (chunk: Buffer) => (size += chunk.length));
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.config.bucket, Key: checkObjectKey(key), Body: body, ContentType: contentType },
      partSize: PART_SIZE,
      queueSize: QUEUE_SIZE,
      leavePartsOnError: false,
    });
    const failed = new Promise<never>((_, reject) => body.once('error', reject));
    try {
      await Promise.race([upload.done(), failed]);
    } catch (err) {
      await upload.abort().catch(() => undefined);
      await this.delete(key).catch(() => undefined);
      throw err;
    }
    return { size };
  }

  async get(key: string, range?: ResolvedRange): Promise<ObjectRead | undefined> {
    try {
      const out = await this.client.send(
        new GetObjectCommand({ Bucket: this.config.bucket, Key: checkObjectKey(key), Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
      );
      const total = totalOf(out.ContentRange) ?? out.ContentLength ?? 0;
      return { body: out.Body as Readable, totalSize: total };
    } catch (err) {
      if (isMissing(err)) return undefined;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: checkObjectKey(key) }));
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.config.bucket, Key: checkObjectKey(key) }));
      return true;
    } catch (err) {
      if (isMissing(err)) return false;
      throw err;
    }
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}

/** The endpoint's host and port for the spans; AWS's regional endpoint (no endpoint) goes without. */
function serverOf(endpoint: string | undefined): { address?: string; port?: number } {
  if (!endpoint) return {};
  try {
    const url = new URL(endpoint);
    return { address: url.hostname, port: url.port ? Number(url.port) : url.protocol === 'http:' ? 80 : 443 };
  } catch {
    return {};
  }
}

/** `bytes 0-9/1234` → 1234. */
function totalOf(contentRange: string | undefined): number | undefined {
  const match = contentRange ? /\/(\d+)$/.exec(contentRange) : null;
  return match ? Number(match[1]) : undefined;
}

function isMissing(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
}
