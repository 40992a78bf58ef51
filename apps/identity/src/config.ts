import { z } from 'zod';
import { commonEnv, grpcUrl, readEnv, registeredPort, registeredSchema } from '@platform/config';

/** Every variable this app reads, with its type and default (docs/configuration.md is generated from it). */
export const configShape = {
  ...commonEnv,
  IDENTITY_GRPC_PORT: registeredPort('identity', 'grpc'),
  IDENTITY_ADMIN_PORT: registeredPort('identity', 'admin'),
  IDENTITY_DB_SCHEMA: registeredSchema('identity'),
  ORGANISATION_GRPC_URL: grpcUrl('organisation'),
  BCRYPT_COST: z.coerce.number().int().min(4).max(15).default(12),
  PLATFORM_ADMIN_EMAIL: z.string().email().optional(),
  PLATFORM_ADMIN_PASSWORD: z.string().min(8).optional(),
  /** Lifetime of a password-reset code (spec: configurable). */
  PASSWORD_RESET_CODE_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(900),
  /** Codes issued per address (request and resend together) in each window. */
  PASSWORD_RESET_MAX_CODES: z.coerce.number().int().min(1).max(100).default(3),
  PASSWORD_RESET_WINDOW_SECONDS: z.coerce.number().int().min(60).max(86_400).default(900),
  /** Request and resend answer no sooner than this, so known and unknown addresses take as long. */
  PASSWORD_RESET_MIN_RESPONSE_MS: z.coerce.number().int().min(0).max(10_000).default(400),
  /** The issuer an authenticator app shows next to the account. */
  MFA_ISSUER: z.string().min(1).max(64).default('Association Platform'),
  /** Lifetime of the challenge between the two steps of a login with MFA. */
  MFA_CHALLENGE_TTL_SECONDS: z.coerce.number().int().min(30).max(3600).default(300),
};

export type IdentityConfig = ReturnType<typeof loadConfig>;

export const DEV_ADMIN = { email: 'admin@platform.local', password: 'change-me-now' };

/** Identity's configuration from the environment. Production refuses to start without the bootstrap admin. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const config = readEnv(configShape, env);
  if (config.NODE_ENV === 'production' && (!config.PLATFORM_ADMIN_EMAIL || !config.PLATFORM_ADMIN_PASSWORD)) {
    throw new Error('PLATFORM_ADMIN_EMAIL and PLATFORM_ADMIN_PASSWORD must be set in production');
  }
  return {
    ...config,
    PLATFORM_ADMIN_EMAIL: (config.PLATFORM_ADMIN_EMAIL ?? DEV_ADMIN.email).toLowerCase(),
    PLATFORM_ADMIN_PASSWORD: config.PLATFORM_ADMIN_PASSWORD ?? DEV_ADMIN.password,
  };
}
