import { z } from 'zod';
import { commonEnv, grpcUrl, readEnv, registeredPort, registeredSchema } from '@platform/config';

/** Every variable this app reads, with its type and default (docs/configuration.md is generated from it). */
export const configShape = {
  ...commonEnv,
  EVENTS_GRPC_PORT: registeredPort('events', 'grpc'),
  EVENTS_ADMIN_PORT: registeredPort('events', 'admin'),
  EVENTS_DB_SCHEMA: registeredSchema('events'),
  ORGANISATION_GRPC_URL: grpcUrl('organisation'),
  IDENTITY_GRPC_URL: grpcUrl('identity'),
  /** How often PUBLISHED events whose end has passed are marked COMPLETED. */
  EVENTS_COMPLETION_INTERVAL_MS: z.coerce.number().int().min(100).default(60_000),
};

export type EventsConfig = ReturnType<typeof loadConfig>;

/** The events service's configuration from the environment. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  return readEnv(configShape, env);
}
