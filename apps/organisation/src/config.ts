import { z } from 'zod';
import { commonEnv, port, readEnv } from '@platform/config';

const schema = {
  ...commonEnv,
  ORGANISATION_GRPC_PORT: port(50052),
  ORGANISATION_ADMIN_PORT: port(9102),
  ORGANISATION_DB_SCHEMA: z.string().regex(/^[a-z_][a-z0-9_]*$/).default('organisation'),
  IDENTITY_GRPC_URL: z.string().default('127.0.0.1:50051'),
  NOTIFICATIONS_GRPC_URL: z.string().default('127.0.0.1:50056'),
  /** Connect, greeting and socket timeouts of an SMTP test (connection or test email). */
  SMTP_TEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** How long identity's maxOrganisationsPerUser is reused before it is read again (0: every time). */
  SYSTEM_SETTINGS_CACHE_MS: z.coerce.number().int().min(0).max(300_000).default(5_000),
};

export type OrganisationConfig = ReturnType<typeof loadConfig>;

/** The organisation service's configuration from the environment. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  return readEnv(schema, env);
}
