import type { SecretBox } from '@platform/crypto';
import type { JobWake } from '@platform/grpc-server/service';
import type { Logger } from '@platform/telemetry';
import type { ImportTargets, LegacySites } from './clients/ports';
import type { ConnectorMessages } from './messages/connector-messages';
import type { ConnectorDb } from './store/db';

/** How sync jobs read and write (CONNECTOR_* settings). */
export interface SyncSettings {
  /** Records a page of the site's pulls asks for (the site's maximum is 200). */
  pageSize: number;
  /** Records an import RPC call carries (their maximum is 500). */
  batchSize: number;
  /** Tries of a site request that failed transiently (network, timeout, 5xx but 503). */
  siteAttempts: number;
  siteBackoffMs: number;
  /** Jobs one replica runs at once. */
  concurrency: number;
  /** How often a running runner looks for new PENDING jobs and stop requests. */
  pollMs: number;
  /** A RUNNING job without a heartbeat (every half second while it runs) for this long has lost its runner. */
  staleAfterMs: number;
}

/** What the handlers and workflows of the connector service are given. */
export interface ConnectorDeps {
  db: ConnectorDb;
  logger: Logger;
  /** Audit entries through the outbox. */
  messages: ConnectorMessages;
  /** Seals the sync keys at rest (SECRETS_KEY). */
  secrets: SecretBox;
  sites: LegacySites;
  targets: ImportTargets;
  sync: SyncSettings;
  now: () => Date;
  /** True once the service is stopping: running jobs stop after their page and go back to PENDING. */
  stopping: () => boolean;
  /** Woken when this process queues a job: the sync runner starts it now rather than at its next poll. */
  jobQueued: JobWake;
}
