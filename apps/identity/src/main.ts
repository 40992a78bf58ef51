import { randomBytes } from 'node:crypto';
import bcrypt from 'bcrypt';
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
import { identityV1 } from '@platform/proto';
import { ensureBootstrapAdmin } from './bootstrap';
import { deriveKey } from './domain/secrets';
import { grpcMembershipDirectory } from './clients/membership-directory';
import { loadConfig, type IdentityConfig } from './config';
import { outboxEvents } from './events/identity-events';
import { consumeAuditEvents } from './events/audit-consumer';
import { consumeMembershipChanges } from './events/membership-changed-consumer';
import { expiredRecordsJob } from './jobs/expired-records';
import { identityService } from './service';
import { createIdentityDb, type IdentityDb, type Tx } from './store/db';

/** The identity service on the platform's service shape: its registry entry (schema, ports) and database client. */
function platformSpec(config: IdentityConfig, env: NodeJS.ProcessEnv): PlatformServiceSpec<IdentityDb> {
  return registeredServiceSpec('identity', config, env, { migrationsDir: migrationsDir(__dirname), createDb: createIdentityDb });
}

/** Applies identity's migrations (also `main.js --migrate-only`, the init container of a release). */
export async function migrateIdentity(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  await migrateService(platformSpec(loadConfig(env), env));
}

/** Wires the identity service: migrations, database, NATS, outbox relay, consumers, gRPC server. */
export async function startIdentity(env: NodeJS.ProcessEnv = process.env): Promise<RunningService> {
  const config = loadConfig(env);
  return startPlatformService(platformSpec(config, env), (infra) => wireIdentity(config, infra));
}

/** Identity's own parts on the shared infrastructure: consumers, the bootstrap admin, its cleanup job, the RPCs. */
async function wireIdentity(config: IdentityConfig, { db, js, names, schema, signer, logger, registry }: PlatformInfra<IdentityDb>): Promise<ServiceWiring> {
  const memberships = grpcMembershipDirectory(config.ORGANISATION_GRPC_URL, new ServiceTokens(signer, 'identity'));
  const secrets = new SecretBox(config.SECRETS_KEY);
  const events = outboxEvents(schema, names, secrets);
  const source: ServiceEventSource<Tx> = { js, names, schema, logger, metrics: registry, withTransaction: (work) => db.$transaction(work) };
  const consumers = [await consumeMembershipChanges(source, events), await consumeAuditEvents(source)];
  const deps = {
    db,
    signer,
    secrets,
    memberships,
    events,
    bcryptCost: config.BCRYPT_COST,
    dummyHash: await bcrypt.hash(randomBytes(16).toString('hex'), config.BCRYPT_COST),
    backupCodeKey: deriveKey(config.SECRETS_KEY, 'identity/mfa-backup-codes'),
    policy: {
      resetCodeTtlSeconds: config.PASSWORD_RESET_CODE_TTL_SECONDS,
      resetMaxCodes: config.PASSWORD_RESET_MAX_CODES,
      resetWindowSeconds: config.PASSWORD_RESET_WINDOW_SECONDS,
      resetMinResponseMs: config.PASSWORD_RESET_MIN_RESPONSE_MS,
      mfaIssuer: config.MFA_ISSUER,
      mfaChallengeSeconds: config.MFA_CHALLENGE_TTL_SECONDS,
    },
    logger,
    now: () => new Date(),
    sleep: (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
  };
  await ensureBootstrapAdmin(db, config.PLATFORM_ADMIN_EMAIL, config.PLATFORM_ADMIN_PASSWORD, config.BCRYPT_COST, logger);

  return {
    services: [{ definition: identityV1.IdentityServiceService, handlers: identityService(deps) }],
    jobs: [expiredRecordsJob(db, config.PASSWORD_RESET_WINDOW_SECONDS)],
    stop: async () => {
      await Promise.all(consumers.map((c) => c.stop()));
      memberships.close();
    },
  };
}

if (require.main === module) {
  runServiceMain({ name: 'identity', migrate: migrateIdentity, start: startIdentity });
}
