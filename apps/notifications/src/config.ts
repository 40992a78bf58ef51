import { z } from 'zod';
import { commonEnv, grpcUrl, readEnv, registeredPort, registeredSchema } from '@platform/config';
import { outboundEnv } from '@platform/outbound';

const ms = (fallback: number, min = 1) => z.coerce.number().int().min(min).max(86_400_000).default(fallback);
const flag = z
  .enum(['true', 'false', '1', '0', ''])
  .default('false')
  .transform((v) => v === 'true' || v === '1');

/** Every variable this app reads, with its type and default (docs/configuration.md is generated from it). */
export const configShape = {
  ...commonEnv,
  NOTIFICATIONS_GRPC_PORT: registeredPort('notifications', 'grpc'),
  NOTIFICATIONS_ADMIN_PORT: registeredPort('notifications', 'admin'),
  NOTIFICATIONS_DB_SCHEMA: registeredSchema('notifications'),
  /** Where organisation templates and SMTP settings come from; empty: built-in templates and platform SMTP only. */
  ORGANISATION_GRPC_URL: grpcUrl('organisation'),
  /** The web app that links in emails lead to (`/verify-email`, `/reset-password`, `/login`). */
  PUBLIC_APP_URL: z.string().url().default('http://localhost:3000'),
  PLATFORM_NAME: z.string().min(1).max(100).default('Association Platform'),

  /** The platform's SMTP server (the development mail catcher by default). */
  SMTP_HOST: z.string().min(1).default('127.0.0.1'),
  SMTP_PORT: registeredPort('mail-catcher', 'smtp'),
  /** Implicit TLS (port 465); otherwise STARTTLS when the server offers it. */
  SMTP_SECURE: flag,
  SMTP_USER: z.string().default(''),
  SMTP_PASSWORD: z.string().default(''),
  SMTP_FROM: z.string().min(3).default('Association Platform <no-reply@platform.local>'),
  /** Connection, greeting and socket timeouts of one SMTP attempt. */
  SMTP_TIMEOUT_MS: ms(15_000, 100),
  /** Organisations' SMTP servers go through the outbound-destination guard; these `host:port` entries are allowed whatever their address. */
  ...outboundEnv,
  /** Attempts per email before it is logged FAILED; the delay doubles from the base to the maximum. */
  EMAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
  EMAIL_RETRY_BASE_MS: ms(10_000),
  EMAIL_RETRY_MAX_MS: ms(30 * 60_000),
  EMAIL_POLL_MS: ms(500, 10),
  EMAIL_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  EMAIL_LOG_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),

  /** A service account key as JSON, or the path of one in GOOGLE_APPLICATION_CREDENTIALS; neither: no push. */
  FIREBASE_SERVICE_ACCOUNT_JSON: z.string().default(''),
  GOOGLE_APPLICATION_CREDENTIALS: z.string().default(''),
  /**
   * Tests and development only: `host:port` of a fake FCM (token exchange and HTTP v1 send), reached
   * through firebase-admin's own client. Refused in production.
   */
  FIREBASE_TEST_ENDPOINT: z.string().default(''),
  PUSH_BATCH_SIZE: z.coerce.number().int().min(1).max(500).default(500),
  PUSH_POLL_MS: ms(500, 10),
  PUSH_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(6),
  PUSH_RETRY_BASE_MS: ms(5_000),
  PUSH_RETRY_MAX_MS: ms(15 * 60_000),
  /**
   * Filling the membership projection from the organisation service's ListMembershipSnapshot at
   * start: `auto` when the projection is empty (a new or reset database) or an earlier run did not
   * finish, `always` at every start, `off` never.
   */
  MEMBERSHIP_BACKFILL: z.enum(['auto', 'always', 'off']).default('auto'),
  MEMBERSHIP_BACKFILL_PAGE_SIZE: z.coerce.number().int().min(1).max(1000).default(500),
  /** Pause after a failed page (organisation service or database unreachable): doubles from the base to the maximum, without limit of attempts. */
  MEMBERSHIP_BACKFILL_RETRY_BASE_MS: ms(1_000),
  MEMBERSHIP_BACKFILL_RETRY_MAX_MS: ms(60_000),
  /**
   * Imported notifications sent more than this many days ago are kept in the organisation's history
   * but put into no inbox: a site's years of broadcasts times every member would be millions of
   * inbox rows nobody reads (docs/decisions/0194-imported-notifications.md). 0: none goes into inboxes.
   */
  NOTIFICATIONS_IMPORT_INBOX_DAYS: z.coerce.number().int().min(0).max(3650).default(30),
  /** How often old log entries and handled-message ids are deleted. */
  HOUSEKEEPING_INTERVAL_MS: ms(60 * 60_000, 1000),
};

export type NotificationsConfig = ReturnType<typeof loadConfig>;

/** The notifications service's configuration from the environment. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const config = readEnv(configShape, env);
  if (config.FIREBASE_TEST_ENDPOINT) {
    if (config.NODE_ENV === 'production') throw new Error('FIREBASE_TEST_ENDPOINT is for tests and development; it must not be set in production');
    // firebase-admin 13 routes the token exchange through its httpAgent only for a key file.
    if (!config.GOOGLE_APPLICATION_CREDENTIALS)
      throw new Error('FIREBASE_TEST_ENDPOINT needs the service account key as a file (GOOGLE_APPLICATION_CREDENTIALS)');
  }
  return { ...config, PUBLIC_APP_URL: config.PUBLIC_APP_URL.replace(/\/+$/, '') };
}
