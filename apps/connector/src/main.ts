import { SecretBox } from '@platform/crypto';
import { migrationsDir } from '@platform/db';
import { runServiceMain, type RunningService } from '@platform/grpc-server';
import { JobWake, migrateService, registeredServiceSpec, startPlatformService, type PlatformInfra, type ServiceWiring } from '@platform/grpc-server/service';
import { createDestinationGuard } from '@platform/outbound';
import { connectorV1 } from '@platform/proto';
import { grpcImportTargets } from './clients/importers';
import { legacySites } from './clients/legacy-site';
import { loadConfig, type ConnectorConfig } from './config';
import type { ConnectorDeps } from './deps';
import { syncRunnerJob, syncSchedulerJob } from './jobs/sync-jobs';
import { outboxMessages } from './messages/connector-messages';
import { writeBackConsumer } from './messages/write-back-consumer';
import { connectorService } from './service';
import { createConnectorDb, type ConnectorDb, type Tx } from './store/db';

const spec = (config: ConnectorConfig, env: NodeJS.ProcessEnv) =>
  registeredServiceSpec('connector', config, env, { migrationsDir: migrationsDir(__dirname), createDb: createConnectorDb });

/** Applies the connector service's migrations (also `main.js --migrate-only`, a release's init container). */
export async function migrateConnector(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  await migrateService(spec(loadConfig(env), env));
}

/**
 * Starts the connector service on the platform's service kit. Stopping first tells running sync
 * jobs to stop after their page (they go back to PENDING and run again on the next start).
 */
export async function startConnector(env: NodeJS.ProcessEnv = process.env): Promise<RunningService> {
  const config = loadConfig(env);
  return startPlatformService(spec(config, env), (infra) => wireConnector(config, infra));
}

/**
 * The service's own parts on the shared infrastructure: the site client behind the outbound guard,
 * the import clients, the runner and the scheduler, the write-back consumer.
 */
function wireConnector(config: ConnectorConfig, { db, outbox, clients, logger, stopping }: PlatformInfra<ConnectorDb>): ServiceWiring<Tx> {
  const targets = grpcImportTargets(
    {
      organisation: clients.of('organisation'),
      content: clients.of('content'),
      events: clients.of('events'),
      documents: clients.of('documents'),
      notifications: clients.of('notifications'),
    },
    { timeoutMs: config.CONNECTOR_IMPORT_TIMEOUT_MS, attempts: config.CONNECTOR_IMPORT_ATTEMPTS, backoffMs: config.CONNECTOR_SITE_BACKOFF_MS },
  );
  const guard = createDestinationGuard({ feature: 'http', allowed: config.OUTBOUND_ALLOWED_DESTINATIONS, lookupTimeoutMs: config.CONNECTOR_SITE_TIMEOUT_MS });
  const deps: ConnectorDeps = {
    db,
    logger,
    messages: outboxMessages(outbox),
    secrets: new SecretBox(config.SECRETS_KEY),
    sites: legacySites({ guard, timeoutMs: config.CONNECTOR_SITE_TIMEOUT_MS }),
    targets,
    sync: {
      pageSize: config.CONNECTOR_PAGE_SIZE,
      batchSize: config.CONNECTOR_BATCH_SIZE,
      siteAttempts: config.CONNECTOR_SITE_ATTEMPTS,
      siteBackoffMs: config.CONNECTOR_SITE_BACKOFF_MS,
      concurrency: config.CONNECTOR_SYNC_CONCURRENCY,
      pollMs: config.CONNECTOR_RUNNER_INTERVAL_MS,
      staleAfterMs: config.CONNECTOR_JOB_STALE_MS,
    },
    now: () => new Date(),
    stopping: () => stopping.aborted,
    jobQueued: new JobWake(),
  };
  const writeBackSites = legacySites({ guard, timeoutMs: config.CONNECTOR_WRITE_BACK_TIMEOUT_MS });
  return {
    services: [{ definition: connectorV1.ConnectorServiceService, handlers: connectorService(deps) }],
    jobs: [syncRunnerJob(deps, config.CONNECTOR_RUNNER_INTERVAL_MS), syncSchedulerJob(deps, config.CONNECTOR_SCHEDULER_INTERVAL_MS)],
    consumers: [writeBackConsumer({ ...deps, sites: writeBackSites }, config.CONNECTOR_WRITE_BACK_TIMEOUT_MS)],
  };
}

if (require.main === module) {
  runServiceMain({ name: 'connector', migrate: migrateConnector, start: startConnector });
}
