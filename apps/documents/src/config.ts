import { z } from 'zod';
import { commonEnv, readEnv, registeredPort, registeredSchema } from '@platform/config';
import { outboundEnv } from '@platform/outbound';

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);
const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false'])
    .default(fallback ? 'true' : 'false')
    .transform((v) => v === 'true');

/** Every variable this app reads, with its type and default (docs/configuration.md is generated from it). */
export const configShape = {
  ...commonEnv,
  DOCUMENTS_GRPC_PORT: registeredPort('documents', 'grpc'),
  DOCUMENTS_ADMIN_PORT: registeredPort('documents', 'admin'),
  DOCUMENTS_DB_SCHEMA: registeredSchema('documents'),
  /** Where new uploads go: LOCAL (a directory) or S3 (an S3-compatible bucket). */
  STORAGE_PROVIDER: z.enum(['LOCAL', 'S3']).default('LOCAL'),
  /** The LOCAL provider's directory (relative paths from the working directory). */
  STORAGE_LOCAL_DIR: z.string().min(1).default('.local/storage'),
  STORAGE_S3_ENDPOINT: z.string().default(''),
  STORAGE_S3_REGION: z.string().default('us-east-1'),
  STORAGE_S3_BUCKET: z.string().default(''),
  STORAGE_S3_FORCE_PATH_STYLE: flag(false),
  STORAGE_S3_ACCESS_KEY_ID: z.string().default(''),
  STORAGE_S3_SECRET_ACCESS_KEY: z.string().default(''),
  /** Largest document (bytes); the gateway's route limit is 100 MB as well. */
  DOCUMENTS_MAX_UPLOAD_BYTES: positiveInt(100 * 1024 * 1024),
  /** Bytes of live documents and assets an organisation may hold until a system admin sets the quota (5 GiB). */
  DOCUMENTS_QUOTA_BYTES: positiveInt(5 * 1024 * 1024 * 1024),
  /** How long a replica caches the saved storage settings (a change reaches the other replicas within this time). */
  DOCUMENTS_STORAGE_SETTINGS_CACHE_MS: z.coerce.number().int().min(0).default(5000),
  /** Lifetime of a signed download URL (15 minutes). */
  DOCUMENTS_SIGNED_URL_TTL_SECONDS: positiveInt(15 * 60),
  /** Time between a document's deletion and the removal of its bytes (24 hours). */
  DOCUMENTS_PURGE_GRACE_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .default(24 * 60 * 60),
  DOCUMENTS_PURGE_INTERVAL_MS: positiveInt(5 * 60 * 1000),
  /** Deadline of copying one remote document file into storage (the connector's copy-document-files). */
  DOCUMENTS_REMOTE_COPY_TIMEOUT_MS: positiveInt(5 * 60 * 1000),
  ...outboundEnv,
};

export type DocumentsConfig = ReturnType<typeof loadConfig>;

/** The documents service's configuration from the environment. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const config = readEnv(configShape, env);
  if (config.STORAGE_PROVIDER === 'S3' && config.STORAGE_S3_BUCKET === '')
    throw new Error('invalid configuration: STORAGE_S3_BUCKET is required with STORAGE_PROVIDER=S3');
  return config;
}
