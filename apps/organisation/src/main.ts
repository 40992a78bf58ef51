import { SecretBox } from '@platform/crypto';
import { migrationsDir } from '@platform/db';
import { runServiceMain, ServiceTokens, type RunningService } from '@platform/grpc-server';
import {
  migrateService,
  registeredServiceSpec,
  startPlatformService,
  type PlatformInfra,
  type PlatformServiceSpec,
  type ServiceWiring,
} from '@platform/grpc-server/service';
import type { ServiceEventSource } from '@platform/messaging';
import Redis from 'ioredis';
import { createDestinationGuard } from '@platform/outbound';
import { organisationV1 } from '@platform/proto';
import { cachedMembershipLimit } from './clients/cached-membership-limit';
import { grpcIdentity } from './clients/identity';
import { redisJoinRequestLimiter } from './clients/join-request-limiter';
import { grpcNotifications } from './clients/notifications';
import { nodemailerSmtp } from './clients/smtp-client';
import { loadConfig, type OrganisationConfig } from './config';
import type { SagaHooks } from './domain/saga';
import { consumeAccountUpdates } from './events/account-updated-consumer';
import { outboxEvents } from './events/organisation-events';
import { membershipRenewalJob } from './jobs/membership-renewal';
import { organisationService } from './service';
import { createOrganisationDb, type OrganisationDb, type Tx } from './store/db';

/** What tests may change in an in-process service. */
export interface StartOptions {
  /** Failure injection into the create-with-owner saga. */
  sagaHooks?: Pick<SagaHooks, 'beforeStep'>;
}

/** The organisation service on the platform's service shape: its registry entry (schema, ports) and database client. */
function platformSpec(config: OrganisationConfig, env: NodeJS.ProcessEnv): PlatformServiceSpec<OrganisationDb> {
  return registeredServiceSpec('organisation', config, env, { migrationsDir: migrationsDir(__dirname), createDb: createOrganisationDb });
}

/** Applies the organisation service's migrations (also `main.js --migrate-only`, a release's init container). */
export async function migrateOrganisation(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  await migrateService(platformSpec(loadConfig(env), env));
}

/** Wires the organisation service: migrations, database, NATS, outbox relay, consumers, gRPC server. */
export async function startOrganisation(env: NodeJS.ProcessEnv = process.env, options: StartOptions = {}): Promise<RunningService> {
  const config = loadConfig(env);
  return startPlatformService(platformSpec(config, env), (infra) => wireOrganisation(config, options, infra));
}

/** The organisation service's own parts on the shared infrastructure: the consumer, its clients, the RPCs. */
async function wireOrganisation(
  config: OrganisationConfig,
  options: StartOptions,
  { db, js, names, schema, signer, logger, registry }: PlatformInfra<OrganisationDb>,
): Promise<ServiceWiring> {
  const source: ServiceEventSource<Tx> = { js, names, schema, logger, metrics: registry, withTransaction: (work) => db.$transaction(work) };
  const consumers = [await consumeAccountUpdates(source)];

  const tokens = new ServiceTokens(signer, 'organisation');
  const identity = grpcIdentity(config.IDENTITY_GRPC_URL, tokens);
  const notifications = grpcNotifications(config.NOTIFICATIONS_GRPC_URL, tokens);
  // Commands fail fast while Redis is down (a join request answers 503 rather than hanging).
  const redis = new Redis(config.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1, commandTimeout: 2_000, connectTimeout: 2_000 });
  const joinRequestLimiter = redisJoinRequestLimiter(redis, config.REDIS_KEY_PREFIX);
  const deps = {
    db,
    identity,
    events: outboxEvents(schema, names),
    membershipLimit: cachedMembershipLimit({ read: identity.readSystemSettings, ttlMs: config.SYSTEM_SETTINGS_CACHE_MS, now: Date.now, logger }),
    notifications,
    smtp: nodemailerSmtp({
      timeoutMs: config.SMTP_TEST_TIMEOUT_MS,
      guard: createDestinationGuard({ feature: 'smtp', allowed: config.OUTBOUND_ALLOWED_DESTINATIONS, lookupTimeoutMs: config.SMTP_TEST_TIMEOUT_MS }),
    }),
    secrets: new SecretBox(config.SECRETS_KEY),
    sagaHooks: options.sagaHooks,
    joinRequests: {
      limiter: joinRequestLimiter,
      perEmailPerHour: config.JOIN_REQUESTS_PER_EMAIL_PER_HOUR,
      perIpPerHour: config.JOIN_REQUESTS_PER_IP_PER_HOUR,
    },
    logger,
    now: () => new Date(),
  };

  return {
    services: [{ definition: organisationV1.OrganisationServiceService, handlers: organisationService(deps) }],
    jobs: [membershipRenewalJob(deps, registry, config.MEMBERSHIP_JOB_INTERVAL_MS)],
    stop: async () => {
      await Promise.all(consumers.map((c) => c.stop()));
      identity.close();
      notifications.close();
      await joinRequestLimiter.close();
    },
  };
}

if (require.main === module) {
  runServiceMain({ name: 'organisation', migrate: migrateOrganisation, start: startOrganisation });
}
