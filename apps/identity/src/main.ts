import { randomBytes } from 'node:crypto';
import bcrypt from 'bcrypt';
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
import { identityV1 } from '@platform/proto';
import { ensureBootstrapAdmin } from './bootstrap';
import { deriveKey } from './domain/secrets';
import { grpcMembershipDirectory } from './clients/membership-directory';
import { loadConfig, type IdentityConfig } from './config';
import { outboxMessages } from './messages/identity-messages';
import { auditConsumer } from './messages/audit-consumer';
import { membershipChangesConsumer } from './messages/membership-changed-consumer';
import { expiredRecordsJob } from './jobs/expired-records';
import { identityService } from './service';
import { createIdentityDb, type IdentityDb, type Tx } from './store/db';
import type { IdentityDeps } from './deps';

/** The identity service on the platform's service shape: its registry entry (schema, ports) and database client. */
function platformSpec(config: IdentityConfig, env: NodeJS.ProcessEnv): PlatformServiceSpec<IdentityDb> {
  return registeredServiceSpec('identity', config, env, { migrationsDir: migrationsDir(__dirname), createDb: createIdentityDb });
}

/** Applies identity's migrations (also `main.js --migrate-only`, the init container of a release). */
export async function migrateIdentity(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  await migrateService(platformSpec(loadConfig(env), env));
}

/** Starts the identity service on the platform's service kit. */
export async function startIdentity(env: NodeJS.ProcessEnv = process.env): Promise<RunningService> {
  const config = loadConfig(env);
  return startPlatformService(platformSpec(config, env), (infra) => wireIdentity(config, infra));
}

/** Identity's own parts on the shared infrastructure: consumers, the bootstrap admin, its cleanup job, the RPCs. */
async function wireIdentity(config: IdentityConfig, { db, outbox, clients, signer, logger }: PlatformInfra<IdentityDb>): Promise<ServiceWiring<Tx>> {
  const secrets = new SecretBox(config.SECRETS_KEY);
  const messages = outboxMessages(outbox, secrets);
  const deps: IdentityDeps = {
    db,
    signer,
    secrets,
    memberships: grpcMembershipDirectory(clients.of('organisation')),
    messages,
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
    consumers: [membershipChangesConsumer(messages), auditConsumer()],
  };
}

if (require.main === module) {
  runServiceMain({ name: 'identity', migrate: migrateIdentity, start: startIdentity });
}
