import { z } from 'zod';
import type { KeySecrets } from '@platform/auth';
import { commonEnv, readEnv, registeredPort } from '@platform/config';
import { redisTopologyOf, type RedisTopology } from '@platform/redis';
import { parseCorsOrigins } from './http/security-headers';
import type { LegacyV1Settings } from './legacy-v1/legacy-router';
import { limitVariables, readLimitSettings, type LimitName, type LimitSetting } from './limits/limit-settings';

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);
const isoInstant = z.string().refine((value) => /^\d{4}-\d{2}-\d{2}/.test(value) && !Number.isNaN(Date.parse(value)), 'must be an ISO 8601 date or date-time');

/** When the platform's /api/v1 took the old app's API over: the default `Deprecation` date. */
export const LEGACY_V1_DEPRECATED_AT = '2026-12-01T00:00:00Z';
const YEAR_MS = 365 * 24 * 3600 * 1000;

/** Every variable the gateway reads, with its type and default (docs/configuration.md is generated from it). */
export const configShape = {
  NODE_ENV: commonEnv.NODE_ENV,
  REDIS_URL: commonEnv.REDIS_URL,
  REDIS_SENTINELS: commonEnv.REDIS_SENTINELS,
  REDIS_SENTINEL_MASTER: commonEnv.REDIS_SENTINEL_MASTER,
  REDIS_SENTINEL_PASSWORD: commonEnv.REDIS_SENTINEL_PASSWORD,
  REDIS_CLUSTER_NODES: commonEnv.REDIS_CLUSTER_NODES,
  REDIS_PASSWORD: commonEnv.REDIS_PASSWORD,
  NATS_URL: commonEnv.NATS_URL,
  // User-token keys only: the gateway neither makes nor accepts service tokens, so it is never given SERVICE_JWT_SECRET.
  JWT_SECRET: commonEnv.JWT_SECRET,
  JWT_SECRET_ACCEPTED: commonEnv.JWT_SECRET_ACCEPTED,
  JWT_ISSUER: commonEnv.JWT_ISSUER,
  STREAM_NAME: commonEnv.STREAM_NAME,
  SUBJECT_PREFIX: commonEnv.SUBJECT_PREFIX,
  NATS_STREAM_REPLICAS: commonEnv.NATS_STREAM_REPLICAS,
  GATEWAY_HOST: z.string().default('0.0.0.0'),
  GATEWAY_PORT: registeredPort('gateway', 'http'),
  GATEWAY_ADMIN_PORT: registeredPort('gateway', 'admin'),
  GATEWAY_RPC_TIMEOUT_MS: positiveInt(10_000),
  GATEWAY_BODY_LIMIT_BYTES: positiveInt(1024 * 1024),
  GATEWAY_SHUTDOWN_TIMEOUT_MS: positiveInt(10_000),
  /** Time between readiness going 503 and the listener closing, so load balancers stop sending (default 2 s in production, else 0). */
  GATEWAY_DRAIN_DELAY_MS: z.coerce.number().int().min(0).optional(),
  /** Express `trust proxy`: which hops may set X-Forwarded-For (the client IP sent to services). */
  GATEWAY_TRUST_PROXY: z.string().default('loopback'),
  /** Browser origins allowed to call the API (the admin dashboard's), comma-separated; none by default. */
  GATEWAY_CORS_ORIGINS: z.string().default(''),
  /** Strict-Transport-Security max-age in seconds (a year); 0 sends none. */
  GATEWAY_HSTS_MAX_AGE_SECONDS: z.coerce.number().int().min(0).default(31_536_000),
  REDIS_KEY_PREFIX: z.string().default('gateway:'),
  /** Keep an in-memory copy of the session denylist (Redis stays the record); `false` reads Redis on every request. */
  GATEWAY_DENYLIST_MIRROR: z.enum(['true', 'false']).default('true'),
  GATEWAY_DENYLIST_MIRROR_MAX_ENTRIES: positiveInt(200_000),
  LOGIN_MAX_FAILED_ATTEMPTS: positiveInt(5),
  LOGIN_LOCKOUT_SECONDS: positiveInt(900),
  /** The platform's base domain: `<subdomain>.<base domain>` names an organisation on /api/v1 (`acme.localhost` locally). */
  GATEWAY_BASE_DOMAIN: z
    .string()
    .trim()
    .toLowerCase()
    .default('localhost')
    .refine((value) => value.split('.').every((label) => /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(label)), 'must be a host name'),
  /** `off`: /api/v1, the old mobile app's API (docs/mobile-migration.md), is not served. */
  GATEWAY_LEGACY_V1: z.enum(['on', 'off']).default('on'),
  /** Honour `X-Organisation-Slug` on /api/v1 (local use); default on, off with NODE_ENV=production (the chart's). */
  GATEWAY_LEGACY_V1_SLUG_HEADER: z.enum(['on', 'off']).optional(),
  /** /api/v1's `Deprecation` date (ISO 8601): when the platform took the old app's API over. */
  GATEWAY_LEGACY_V1_DEPRECATED_AT: isoInstant.default(LEGACY_V1_DEPRECATED_AT),
  /** /api/v1's `Sunset` date (ISO 8601): set it to the association's switch-off date; default a year after the deprecation. */
  GATEWAY_LEGACY_V1_SUNSET_AT: isoInstant.optional(),
  /** How long an /api/v1 host's organisation is reused before it is looked up again (a changed custom domain applies after it). */
  GATEWAY_LEGACY_V1_HOST_CACHE_SECONDS: z.coerce.number().int().min(0).default(60),
  /** `off` lifts every abuse limit (test stacks, load tests); each limit's own variables below. */
  GATEWAY_ABUSE_LIMITS: z.enum(['on', 'off']).optional(),
  ...limitVariables(),
};

export interface GatewayConfig {
  nodeEnv: 'development' | 'test' | 'production';
  host: string;
  port: number;
  adminPort: number;
  /** Where Redis is (REDIS_URL, or Sentinel, or Cluster: @platform/redis). */
  redis: RedisTopology;
  redisKeyPrefix: string;
  denylistMirror: { enabled: boolean; maxEntries: number };
  natsUrl: string;
  streamName: string;
  subjectPrefix: string;
  /** Replicas of the platform stream the gateway makes sure of at start (NATS_STREAM_REPLICAS); absent: 1. */
  streamReplicas?: number;
  /** The user-token keys: the current one, and a second one accepted during a rotation. */
  jwtKeys: KeySecrets;
  jwtIssuer: string;
  rpcTimeoutMs: number;
  bodyLimitBytes: number;
  shutdownTimeoutMs: number;
  drainDelayMs: number;
  trustProxy: string;
  /** Abuse limits per client IP and global (limits/limit-settings.ts); undefined when lifted. */
  limits: Record<LimitName, LimitSetting> | undefined;
  /** CORS origins and HSTS (http/security-headers.ts). */
  browser: { corsOrigins: string[]; hstsMaxAgeSeconds: number };
  loginMaxFailedAttempts: number;
  loginLockoutSeconds: number;
  /** `<SVC>_GRPC_URL` values by lower-case service key (`identity` → `127.0.0.1:50051`). */
  serviceUrls: Record<string, string>;
  /** /api/v1 for the old mobile app (legacy-v1/legacy-router.ts); undefined when it is off. */
  legacyV1?: LegacyV1Settings;
}

const GRPC_URL = /^([A-Z][A-Z0-9_]*)_GRPC_URL$/;

/** Reads the gateway's configuration from the environment; throws listing every bad variable. */
export function readGatewayConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const e = readEnv(configShape, env);
  const serviceUrls: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    const match = GRPC_URL.exec(name);
    if (match?.[1] && value) serviceUrls[match[1].toLowerCase()] = value;
  }
  return {
    nodeEnv: e.NODE_ENV,
    host: e.GATEWAY_HOST,
    port: e.GATEWAY_PORT,
    adminPort: e.GATEWAY_ADMIN_PORT,
    redis: redisTopologyOf(e),
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    denylistMirror: { enabled: e.GATEWAY_DENYLIST_MIRROR === 'true', maxEntries: e.GATEWAY_DENYLIST_MIRROR_MAX_ENTRIES },
    natsUrl: e.NATS_URL,
    streamName: e.STREAM_NAME,
    subjectPrefix: e.SUBJECT_PREFIX,
    streamReplicas: e.NATS_STREAM_REPLICAS,
    jwtKeys: { secret: e.JWT_SECRET, accepted: e.JWT_SECRET_ACCEPTED },
    jwtIssuer: e.JWT_ISSUER,
    rpcTimeoutMs: e.GATEWAY_RPC_TIMEOUT_MS,
    bodyLimitBytes: e.GATEWAY_BODY_LIMIT_BYTES,
    shutdownTimeoutMs: e.GATEWAY_SHUTDOWN_TIMEOUT_MS,
    drainDelayMs: e.GATEWAY_DRAIN_DELAY_MS ?? (e.NODE_ENV === 'production' ? 2000 : 0),
    trustProxy: e.GATEWAY_TRUST_PROXY,
    limits: readLimitSettings(env),
    browser: { corsOrigins: parseCorsOrigins(e.GATEWAY_CORS_ORIGINS), hstsMaxAgeSeconds: e.GATEWAY_HSTS_MAX_AGE_SECONDS },
    loginMaxFailedAttempts: e.LOGIN_MAX_FAILED_ATTEMPTS,
    loginLockoutSeconds: e.LOGIN_LOCKOUT_SECONDS,
    serviceUrls,
    legacyV1: e.GATEWAY_LEGACY_V1 === 'off' ? undefined : legacyV1Settings(e),
  };
}

function legacyV1Settings(e: z.infer<z.ZodObject<typeof configShape>>): LegacyV1Settings {
  const deprecatedAt = new Date(e.GATEWAY_LEGACY_V1_DEPRECATED_AT);
  return {
    baseDomain: e.GATEWAY_BASE_DOMAIN,
    slugHeader: (e.GATEWAY_LEGACY_V1_SLUG_HEADER ?? (e.NODE_ENV === 'production' ? 'off' : 'on')) === 'on',
    cacheSeconds: e.GATEWAY_LEGACY_V1_HOST_CACHE_SECONDS,
    deprecatedAt,
    sunsetAt: e.GATEWAY_LEGACY_V1_SUNSET_AT ? new Date(e.GATEWAY_LEGACY_V1_SUNSET_AT) : new Date(deprecatedAt.getTime() + YEAR_MS),
  };
}
