import { TokenSigner } from '@platform/auth';
import { SecretBox } from '@platform/crypto';
import { migrationsDir, runMigrations } from '@platform/db';
import { runServiceMain, ServiceTokens, startGrpcService, type RunningService } from '@platform/grpc-server';
import { connectPlatformMessaging, isNatsHealthy, startOutboxRelay } from '@platform/messaging';
import { organisationV1 } from '@platform/proto';
import { createLogger, createMetricsRegistry } from '@platform/telemetry';
import { cachedMembershipLimit } from './clients/cached-membership-limit';
import { grpcIdentity } from './clients/identity';
import { grpcNotifications } from './clients/notifications';
import { nodemailerSmtp } from './clients/smtp-client';
import { loadConfig } from './config';
import type { SagaHooks } from './domain/saga';
import { consumeAccountUpdates } from './events/account-updated-consumer';
import { outboxEvents } from './events/organisation-events';
import { organisationService } from './service';
import { createOrganisationDb } from './store/db';

/** What tests may change in an in-process service. */
export interface StartOptions {
  /** Failure injection into the create-with-owner saga. */
  sagaHooks?: Pick<SagaHooks, 'beforeStep'>;
}

/** Applies the organisation service's migrations (also `main.js --migrate-only`, a release's init container). */
export async function migrateOrganisation(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const config = loadConfig(env);
  const logger = createLogger('organisation');
  await runMigrations({ connectionString: config.DATABASE_URL, schema: config.ORGANISATION_DB_SCHEMA, migrationsDir: migrationsDir(__dirname), logger });
}

/** Wires the organisation service: migrations, database, NATS, outbox relay, consumers, gRPC server. */
export async function startOrganisation(env: NodeJS.ProcessEnv = process.env, options: StartOptions = {}): Promise<RunningService> {
  const config = loadConfig(env);
  const logger = createLogger('organisation');
  const registry = createMetricsRegistry('organisation');
  const schema = config.ORGANISATION_DB_SCHEMA;

  await migrateOrganisation(env);
  const db = createOrganisationDb(config.DATABASE_URL, schema);
  const { nc, js, names } = await connectPlatformMessaging({ url: config.NATS_URL, name: 'organisation', logger, env });
  const relay = startOutboxRelay({ connectionString: config.DATABASE_URL, schema, js, logger, metrics: registry });
  const consumers = [await consumeAccountUpdates({ js, names, schema, db, logger, metrics: registry })];

  const signer = new TokenSigner({ secret: config.JWT_SECRET, issuer: config.JWT_ISSUER });
  const tokens = new ServiceTokens(signer, 'organisation');
  const identity = grpcIdentity(config.IDENTITY_GRPC_URL, tokens);
  const notifications = grpcNotifications(config.NOTIFICATIONS_GRPC_URL, tokens);
  const deps = {
    db,
    identity,
    events: outboxEvents(schema, names),
    membershipLimit: cachedMembershipLimit({ read: identity.readSystemSettings, ttlMs: config.SYSTEM_SETTINGS_CACHE_MS, now: Date.now, logger }),
    notifications,
    smtp: nodemailerSmtp({ timeoutMs: config.SMTP_TEST_TIMEOUT_MS }),
    secrets: new SecretBox(config.SECRETS_KEY),
    sagaHooks: options.sagaHooks,
    logger,
    now: () => new Date(),
  };

  return startGrpcService({
    name: 'organisation',
    grpcPort: config.ORGANISATION_GRPC_PORT,
    adminPort: config.ORGANISATION_ADMIN_PORT,
    signer,
    logger,
    registry,
    checks: [
      { name: 'postgres', check: async () => (await db.$queryRawUnsafe('SELECT 1')) !== undefined },
      { name: 'nats', check: async () => isNatsHealthy(nc) },
    ],
    services: [{ definition: organisationV1.OrganisationServiceService, handlers: organisationService(deps) }],
    drainDelayMs: config.NODE_ENV === 'production' ? 2000 : 0,
    onShutdown: async () => {
      await Promise.all(consumers.map((c) => c.stop()));
      await relay.stop();
      identity.close();
      notifications.close();
      await nc.drain();
      await db.$disconnect();
    },
  });
}

if (require.main === module) {
  runServiceMain({ name: 'organisation', migrate: migrateOrganisation, start: startOrganisation });
}
