import { z } from 'zod';
import { readEnv, registeredPort } from '@platform/config';

/** Every variable this app reads, with its type and default (docs/configuration.md is generated from it). */
export const configShape = {
  MAIL_CATCHER_SMTP_PORT: registeredPort('mail-catcher', 'smtp'),
  MAIL_CATCHER_HTTP_PORT: registeredPort('mail-catcher', 'http'),
  /** Loopback by default: a development sink shows every message to whoever can reach it. */
  MAIL_CATCHER_HOST: z.string().min(1).default('127.0.0.1'),
  /** Messages kept in memory; the oldest go first. */
  MAIL_CATCHER_MAX_MESSAGES: z.coerce.number().int().min(1).max(100_000).default(1000),
  MAIL_CATCHER_MAX_MESSAGE_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(100 * 1024 * 1024)
    .default(10 * 1024 * 1024),
};

export type MailCatcherConfig = ReturnType<typeof loadConfig>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  return readEnv(configShape, env);
}
