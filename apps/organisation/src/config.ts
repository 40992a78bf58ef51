import { z } from 'zod';
import { commonEnv, grpcUrl, readEnv, registeredPort, registeredSchema } from '@platform/config';
import { outboundEnv } from '@platform/outbound';

/** Every variable this app reads, with its type and default (docs/configuration.md is generated from it). */
export const configShape = {
  ...commonEnv,
  ORGANISATION_GRPC_PORT: registeredPort('organisation', 'grpc'),
  ORGANISATION_ADMIN_PORT: registeredPort('organisation', 'admin'),
  ORGANISATION_DB_SCHEMA: registeredSchema('organisation'),
  IDENTITY_GRPC_URL: grpcUrl('identity'),
  NOTIFICATIONS_GRPC_URL: grpcUrl('notifications'),
  /** Connect, greeting and socket timeouts of an SMTP test (connection or test email). */
  SMTP_TEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** Tenant SMTP servers go through the outbound-destination guard; these `host:port` entries are allowed whatever their address. */
  ...outboundEnv,
  /** How long identity's maxOrganisationsPerUser is reused before it is read again (0: every time). */
  SYSTEM_SETTINGS_CACHE_MS: z.coerce.number().int().min(0).max(300_000).default(5_000),
  /**
   * How often the membership renewal job runs (expiry and the 30/7-day reminders work by calendar
   * day, so running more often than daily only catches up sooner after a restart).
   */
  /** Prefix of this service's Redis keys (join-request rate limits); tests give each run its own. */
  REDIS_KEY_PREFIX: z.string().default('organisation:'),
  /** Join requests one email address may submit per hour, across organisations (429 beyond). */
  JOIN_REQUESTS_PER_EMAIL_PER_HOUR: z.coerce.number().int().min(1).max(1000).default(3),
  /** Join requests one client IP address may submit per hour, across organisations (429 beyond). */
  JOIN_REQUESTS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(20),
  MEMBERSHIP_JOB_INTERVAL_MS: z.coerce.number().int().min(1_000).max(86_400_000).default(3_600_000),
};

export type OrganisationConfig = ReturnType<typeof loadConfig>;

/** The organisation service's configuration from the environment. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  return readEnv(configShape, env);
}
