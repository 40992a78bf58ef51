import { SecretBox } from '@platform/crypto';
import { migrationsDir } from '@platform/db';
import { runServiceMain, type RunningService } from '@platform/grpc-server';
import {
  migrateService,
  registeredServiceSpec,
  startPlatformService,
  type PlatformInfra,
  type PlatformServiceSpec,
  type ServiceWiring,
} from '@platform/grpc-server/service';
import { createDestinationGuard } from '@platform/outbound';
import { organisationV1 } from '@platform/proto';
import { createRedisConnection, redisTopologyOf } from '@platform/redis';
import { cachedMembershipLimit } from './clients/cached-membership-limit';
import { grpcIdentity } from './clients/identity';
import { redisJoinRequestLimiter } from './clients/join-request-limiter';
import { grpcNotifications } from './clients/notifications';
import { nodemailerSmtp } from './clients/smtp-client';
import { loadConfig, type OrganisationConfig } from './config';
import type { OrganisationDeps } from './deps';
import type { SagaHooks } from './domain/saga';
import { accountUpdatesConsumer } from './messages/account-updated-consumer';
import { outboxMessages } from './messages/organisation-messages';
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

/** Starts the organisation service on the platform's service kit. */
export async function startOrganisation(env: NodeJS.ProcessEnv = process.env, options: StartOptions = {}): Promise<RunningService> {
  const config = loadConfig(env);
  return startPlatformService(platformSpec(config, env), (infra) => wireOrganisation(config, options, infra));
}

/** The organisation service's own parts on the shared infrastructure: its clients, the join-request limiter, the consumer, the RPCs. */
function wireOrganisation(
  config: OrganisationConfig,
  options: StartOptions,
  { db, outbox, clients, logger, registry, onStop }: PlatformInfra<OrganisationDb>,
): ServiceWiring<Tx> {
  const identity = grpcIdentity(clients.of('identity'));
  // Commands fail fast while Redis is down (a join request is then taken unlimited, never held up).
  // Connected at once: a Cluster refuses commands until it is ready rather than queueing them.
  const redis = createRedisConnection(redisTopologyOf(config), { lazyConnect: false, connectionName: 'organisation', logger });
  const joinRequestLimiter = redisJoinRequestLimiter(redis, config.REDIS_KEY_PREFIX);
  onStop(() => joinRequestLimiter.close());
  const deps: OrganisationDeps = {
    db,
    identity,
    messages: outboxMessages(outbox),
    membershipLimit: cachedMembershipLimit({ read: identity.readSystemSettings, ttlMs: config.SYSTEM_SETTINGS_CACHE_MS, now: Date.now, logger }),
    notifications: grpcNotifications(clients.of('notifications')),
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
    consumers: [accountUpdatesConsumer()],
  };
}

if (require.main === module) {
  runServiceMain({ name: 'organisation', migrate: migrateOrganisation, start: startOrganisation });
}
