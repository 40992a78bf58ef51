import { z } from 'zod';
import { commonEnv, grpcUrl, readEnv, registeredPort, registeredSchema } from '@platform/config';
import { outboundEnv } from '@platform/outbound';

const int = (min: number, max: number, fallback: number) => z.coerce.number().int().min(min).max(max).default(fallback);

/** Every variable this app reads, with its type and default (docs/configuration.md is generated from it). */
export const configShape = {
  ...commonEnv,
  ...outboundEnv,
  CONNECTOR_GRPC_PORT: registeredPort('connector', 'grpc'),
  CONNECTOR_ADMIN_PORT: registeredPort('connector', 'admin'),
  CONNECTOR_DB_SCHEMA: registeredSchema('connector'),
  ORGANISATION_GRPC_URL: grpcUrl('organisation'),
  CONTENT_GRPC_URL: grpcUrl('content'),
  EVENTS_GRPC_URL: grpcUrl('events'),
  DOCUMENTS_GRPC_URL: grpcUrl('documents'),
  NOTIFICATIONS_GRPC_URL: grpcUrl('notifications'),
  /** How often the sync runner looks for PENDING jobs (and, while running, for new ones and stop requests). */
  CONNECTOR_RUNNER_INTERVAL_MS: int(100, 600_000, 2_000),
  /** How often the scheduler starts the INCREMENTAL syncs that are due. */
  CONNECTOR_SCHEDULER_INTERVAL_MS: int(100, 3_600_000, 30_000),
  /** A RUNNING job whose runner gave no sign (one per page) for this long is run again (its process was killed). */
  CONNECTOR_JOB_STALE_MS: int(1_000, 3_600_000, 300_000),
  /** Jobs (of different connectors) one replica runs at once. */
  CONNECTOR_SYNC_CONCURRENCY: int(1, 16, 2),
  /** Records asked per page of the site's pulls (the site allows 200 at most). */
  CONNECTOR_PAGE_SIZE: int(1, 200, 200),
  /** Records per import RPC call (they take 500 at most). */
  CONNECTOR_BATCH_SIZE: int(1, 500, 500),
  /** A site request: timeout, tries on transient failures, first backoff (doubled each try). */
  CONNECTOR_SITE_TIMEOUT_MS: int(500, 300_000, 30_000),
  CONNECTOR_SITE_ATTEMPTS: int(1, 10, 4),
  CONNECTOR_SITE_BACKOFF_MS: int(10, 60_000, 500),
  /** A write-back PUT: one try per delivery (the consumer retries); below the consumer's 30 s ack wait. */
  CONNECTOR_WRITE_BACK_TIMEOUT_MS: int(500, 25_000, 10_000),
  /** An import RPC call (500 records): deadline and tries on UNAVAILABLE/DEADLINE_EXCEEDED. */
  CONNECTOR_IMPORT_TIMEOUT_MS: int(1_000, 600_000, 120_000),
  CONNECTOR_IMPORT_ATTEMPTS: int(1, 10, 4),
};

export type ConnectorConfig = ReturnType<typeof loadConfig>;

/** The connector service's configuration from the environment. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  return readEnv(configShape, env);
}
