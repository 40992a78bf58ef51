import { randomBytes } from 'node:crypto';
import bcrypt from 'bcrypt';
import { TokenSigner } from '@platform/auth';
import { SecretBox } from '@platform/crypto';
import { migrationsDir, runMigrations } from '@platform/db';
import { runServiceMain, ServiceTokens, startGrpcService, type RunningService } from '@platform/grpc-server';
import { connectPlatformMessaging, isNatsHealthy, startOutboxRelay } from '@platform/messaging';
import { identityV1 } from '@platform/proto';
import { createLogger, createMetricsRegistry } from '@platform/telemetry';
import { ensureBootstrapAdmin } from './bootstrap';
import { deriveKey } from './domain/secrets';
import { grpcMembershipDirectory } from './clients/membership-directory';
import { loadConfig } from './config';
import { outboxEvents } from './events/identity-events';
import { consumeAuditEvents } from './events/audit-consumer';
import { consumeMembershipChanges } from './events/membership-changed-consumer';
import { identityService } from './service';
import { createIdentityDb } from './store/db';
import { startHousekeeping } from './store/housekeeping';

/** Applies identity's migrations (also `main.js --migrate-only`, the init container of a release). */
export async function migrateIdentity(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const config = loadConfig(env);
  const logger = createLogger('identity');
  await runMigrations({ connectionString: config.DATABASE_URL, schema: config.IDENTITY_DB_SCHEMA, migrationsDir: migrationsDir(__dirname), logger });
}

/** Wires the identity service: migrations, database, NATS, outbox relay, consumers, gRPC server. */
export async function startIdentity(env: NodeJS.ProcessEnv = process.env): Promise<RunningService> {
  const config = loadConfig(env);
  const logger = createLogger('identity');
  const registry = createMetricsRegistry('identity');
  const schema = config.IDENTITY_DB_SCHEMA;

  await migrateIdentity(env);
  const db = createIdentityDb(config.DATABASE_URL, schema);
  const { nc, js, names } = await connectPlatformMessaging({ url: config.NATS_URL, name: 'identity', logger, env });
  const relay = startOutboxRelay({ connectionString: config.DATABASE_URL, schema, js, logger, metrics: registry });

  const signer = new TokenSigner({ secret: config.JWT_SECRET, issuer: config.JWT_ISSUER });
  const memberships = grpcMembershipDirectory(config.ORGANISATION_GRPC_URL, new ServiceTokens(signer, 'identity'));
  const secrets = new SecretBox(config.SECRETS_KEY);
  const events = outboxEvents(schema, names, secrets);
  const consumers = [
    await consumeMembershipChanges({ js, names, schema, db, events, logger, metrics: registry }),
    await consumeAuditEvents({ js, names, schema, db, logger, metrics: registry }),
  ];
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
  const housekeeping = startHousekeeping({ db, schema, logger, resetWindowSeconds: config.PASSWORD_RESET_WINDOW_SECONDS });

  return startGrpcService({
    name: 'identity',
    grpcPort: config.IDENTITY_GRPC_PORT,
    adminPort: config.IDENTITY_ADMIN_PORT,
    signer,
    logger,
    registry,
    checks: [
      { name: 'postgres', check: async () => (await db.$queryRawUnsafe('SELECT 1')) !== undefined },
      { name: 'nats', check: async () => isNatsHealthy(nc) },
    ],
    services: [{ definition: identityV1.IdentityServiceService, handlers: identityService(deps) }],
    drainDelayMs: config.NODE_ENV === 'production' ? 2000 : 0,
    onShutdown: async () => {
      housekeeping.stop();
      await Promise.all(consumers.map((c) => c.stop()));
      await relay.stop();
      memberships.close();
      await nc.drain();
      await db.$disconnect();
    },
  });
}

if (require.main === module) {
  runServiceMain({ name: 'identity', migrate: migrateIdentity, start: startIdentity });
}
