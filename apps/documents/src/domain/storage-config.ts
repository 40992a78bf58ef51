import { PlatformError, type FieldViolation } from '@platform/errors';

/** The providers of PUT /api/admin/storage/config; OBJECT_STORE is Google Cloud Storage's S3-compatible API. */
export const STORAGE_PROVIDERS = ['LOCAL', 'S3', 'OBJECT_STORE'] as const;
export type StorageProviderName = (typeof STORAGE_PROVIDERS)[number];

/** The smallest quota PUT accepts (1 MiB) and the largest (1 PiB). */
export const MIN_QUOTA_BYTES = 1024 * 1024;
export const MAX_QUOTA_BYTES = 2 ** 50;

export interface StorageConfigInput {
  provider: string;
  endpoint: string;
  region: string;
  bucket: string;
  forcePathStyle: boolean;
  accessKey: string;
  secretAccessKey?: string;
  objectStoreBucketName: string;
  objectStoreProjectId: string;
  /** Int64 as a string; "0": unchanged. */
  organizationQuotaBytes: string;
}

export interface CheckedStorageConfig {
  provider: StorageProviderName;
  endpoint: string;
  region: string;
  /** S3's bucket, or OBJECT_STORE's objectStoreBucketName. */
  bucket: string;
  forcePathStyle: boolean;
  accessKeyId: string;
  /** undefined: keep the saved one; '': none. */
  secretAccessKey?: string;
  objectStoreProjectId: string;
  /** undefined: unchanged. */
  quotaBytes?: number;
}

/** Bucket names as S3 and Google Cloud Storage accept them (3-63 characters; dots allowed). */
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const PROJECT = /^[a-z][a-z0-9-]{4,28}[a-z0-9]$/;
const REGION = /^[a-z0-9-]{1,40}$/;

/** `local`, `s3` and `object-store` (the system settings' spelling) are accepted too. */
export function providerOf(value: string): StorageProviderName | undefined {
  const normalized = value.trim().toUpperCase().replace(/-/g, '_');
  return (STORAGE_PROVIDERS as readonly string[]).includes(normalized) ? (normalized as StorageProviderName) : undefined;
}

/**
 * Checks a PUT /api/admin/storage/config body. LOCAL takes no settings (the service's own
 * directory; a directory is never taken from the API). S3 needs a bucket; OBJECT_STORE needs
 * objectStoreBucketName (its endpoint defaults to Google Cloud Storage's). An endpoint must be an
 * http(s) URL without credentials, query or fragment.
 */
export function checkStorageConfig(input: StorageConfigInput): CheckedStorageConfig {
  const violations: FieldViolation[] = [];
  const provider = providerOf(input.provider);
  if (!provider) violations.push({ field: 'provider', message: 'must be LOCAL, S3 or OBJECT_STORE' });
  const endpoint = input.endpoint.trim().replace(/\/+$/, '');
  if (endpoint !== '') {
    let url: URL | undefined;
    try {
      url = new URL(endpoint);
    } catch {
      url = undefined;
    }
    if (!url || !['http:', 'https:'].includes(url.protocol) || url.username || url.password || url.search || url.hash) {
      violations.push({ field: 'endpoint', message: 'must be an http or https URL without credentials or query' });
    }
  }
  const region = input.region.trim();
  if (region !== '' && !REGION.test(region)) violations.push({ field: 'region', message: 'must be a region name such as eu-west-1' });
  const accessKeyId = input.accessKey.trim();
  if (accessKeyId.length > 256) violations.push({ field: 'accessKey', message: 'must be at most 256 characters' });
  if (input.secretAccessKey !== undefined && input.secretAccessKey.length > 1024)
    violations.push({ field: 'secretAccessKey', message: 'must be at most 1024 characters' });
  let bucket = '';
  let objectStoreProjectId = '';
  if (provider === 'S3') {
    bucket = input.bucket.trim();
    if (!BUCKET.test(bucket)) violations.push({ field: 'bucket', message: 'must be a bucket name (3 to 63 lower-case letters, digits, dots or hyphens)' });
  } else if (provider === 'OBJECT_STORE') {
    bucket = input.objectStoreBucketName.trim();
    if (!BUCKET.test(bucket))
      violations.push({ field: 'objectStoreBucketName', message: 'must be a bucket name (3 to 63 lower-case letters, digits, dots or hyphens)' });
    objectStoreProjectId = input.objectStoreProjectId.trim();
    if (objectStoreProjectId !== '' && !PROJECT.test(objectStoreProjectId))
      violations.push({ field: 'objectStoreProjectId', message: 'must be a project id (6 to 30 lower-case letters, digits or hyphens)' });
  }
  const quota = Number(input.organizationQuotaBytes || '0');
  if (!Number.isSafeInteger(quota) || (quota !== 0 && (quota < MIN_QUOTA_BYTES || quota > MAX_QUOTA_BYTES))) {
    violations.push({ field: 'organizationQuotaBytes', message: `must be between ${MIN_QUOTA_BYTES} and ${MAX_QUOTA_BYTES} bytes` });
  }
  if (violations.length > 0 || !provider)
    throw PlatformError.validation(violations, `The storage configuration is not valid: ${violations.map((v) => v.field).join(', ')}`);
  const remote = provider !== 'LOCAL';
  return {
    provider,
    endpoint: remote ? endpoint : '',
    region: remote ? region : '',
    bucket,
    forcePathStyle: remote && input.forcePathStyle,
    accessKeyId: remote ? accessKeyId : '',
    secretAccessKey: remote ? input.secretAccessKey : '',
    objectStoreProjectId,
    quotaBytes: quota === 0 ? undefined : quota,
  };
}
