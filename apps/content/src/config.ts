import { z } from 'zod';
import { commonEnv, readEnv, registeredPort, registeredSchema } from '@platform/config';

/** Every variable this app reads, with its type and default (docs/configuration.md is generated from it). */
export const configShape = {
  ...commonEnv,
  CONTENT_GRPC_PORT: registeredPort('content', 'grpc'),
  CONTENT_ADMIN_PORT: registeredPort('content', 'admin'),
  CONTENT_DB_SCHEMA: registeredSchema('content'),
  /** How often scheduled articles whose time has come are announced (content.article.published). */
  CONTENT_ANNOUNCE_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(15_000),
};

export type ContentConfig = ReturnType<typeof loadConfig>;

/** The content service's configuration from the environment. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  return readEnv(configShape, env);
}
