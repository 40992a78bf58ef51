import { Pool } from 'pg';
import { TokenSigner, type TokenSignerOptions } from '@platform/auth';
import { runMigrations } from '@platform/db';
import {
  connectPlatformMessaging,
  isNatsHealthy,
  messagingTablesSql,
  startOutboxRelay,
  type JetStreamClient,
  type MessagingNames,
  type NatsConnection,
} from '@platform/messaging';
import { createLogger, createMetricsRegistry, type Logger } from '@platform/telemetry';
import type { Registry } from 'prom-client';
import type { DependencyCheck } from '@platform/health';
import { platformHousekeeping } from './housekeeping';
import { startGrpcService, type RunningService, type ServiceBinding } from './server';
import { startServiceJobs, type ServiceJob } from './service-jobs';

export { JobWake, type ServiceJob } from './service-jobs';

/** What the platform needs of a service's database client; a PrismaClient fits. */
export interface PlatformDb {
  $queryRawUnsafe(query: string): Promise<unknown>;
  $disconnect(): Promise<void>;
}

export interface MigrateServiceSpec {
  /** The service's name: logs, metrics and the NATS connection carry it. */
  name: string;
  databaseUrl: string;
  schema: string;
  /** `migrationsDir(__dirname)` from the service's main, so sources and bundles both find it. */
  migrationsDir: string;
}

export interface PlatformServiceSpec<Db extends PlatformDb> extends MigrateServiceSpec {
  natsUrl: string;
  /** Where the stream and subject names are read from (STREAM_NAME, SUBJECT_PREFIX). */
  env?: NodeJS.ProcessEnv;
  /** The user keys (to verify callers) and the service keys (to call other services and to accept their calls). */
  jwt: Pick<TokenSignerOptions, 'issuer' | 'userKeys' | 'serviceKeys'>;
  grpcPort: number;
  adminPort: number;
  /** In production the server waits 2 s between NOT_SERVING and closing, for the load balancers. */
  nodeEnv: string;
  createDb: (databaseUrl: string, schema: string) => Db;
  /** Publishes the schema's outbox to JetStream (default true); off for services that never write one. */
  outboxRelay?: boolean;
}

/** The shared infrastructure a service wires its own parts onto. */
export interface PlatformInfra<Db extends PlatformDb> {
  name: string;
  schema: string;
  db: Db;
  nc: NatsConnection;
  js: JetStreamClient;
  names: MessagingNames;
  logger: Logger;
  registry: Registry;
  signer: TokenSigner;
}

/** What a service adds: its gRPC services, extra health checks, its periodic jobs, and how to stop what it started. */
export interface ServiceWiring {
  services: ServiceBinding[];
  checks?: DependencyCheck[];
  /** Periodic work of the service (its own cleanup), started after the wiring with the kit's housekeeping. */
  jobs?: ServiceJob[];
  /** Runs at shutdown once the jobs have stopped, before the relay, NATS and the database close. */
  stop?: () => Promise<void> | void;
}

/** The settings every service reads from the common environment (`commonEnv` of @platform/config). */
export interface CommonServiceConfig {
  NODE_ENV: string;
  DATABASE_URL: string;
  NATS_URL: string;
  JWT_SECRET: string;
  JWT_SECRET_ACCEPTED?: string;
  JWT_ISSUER: string;
  SERVICE_JWT_SECRET: string;
  SERVICE_JWT_SECRET_ACCEPTED?: string;
}

/** The part of a PlatformServiceSpec that is the same for every service. */
export function commonServiceSpec(config: CommonServiceConfig, env: NodeJS.ProcessEnv) {
  return {
    databaseUrl: config.DATABASE_URL,
    natsUrl: config.NATS_URL,
    env,
    jwt: {
      issuer: config.JWT_ISSUER,
      userKeys: { secret: config.JWT_SECRET, accepted: config.JWT_SECRET_ACCEPTED },
      serviceKeys: { secret: config.SERVICE_JWT_SECRET, accepted: config.SERVICE_JWT_SECRET_ACCEPTED },
    },
    nodeEnv: config.NODE_ENV,
  };
}

/** Applies a service's pending migrations (also `main.js --migrate-only`, a release's init container). */
export async function migrateService(spec: MigrateServiceSpec, logger: Logger = createLogger(spec.name)): Promise<void> {
  await runMigrations({
    connectionString: spec.databaseUrl,
    schema: spec.schema,
    migrationsDir: spec.migrationsDir,
    // The outbox and processed-message tables are the platform's: every service schema has them.
    platformTablesSql: messagingTablesSql(spec.schema),
    logger,
  });
}

/**
 * Starts a platform service the way every one starts: migrations, database, NATS, outbox relay,
 * then the service's own wiring, then its periodic jobs with the kit's housekeeping, then the gRPC
 * server with Postgres and NATS health checks. Shutdown closes in reverse: the jobs, the wiring's
 * stop, the relay, NATS, the database. A failed start closes whatever was already open before
 * rethrowing, so it leaks no connection.
 */
export async function startPlatformService<Db extends PlatformDb>(
  spec: PlatformServiceSpec<Db>,
  wire: (infra: PlatformInfra<Db>) => Promise<ServiceWiring> | ServiceWiring,
): Promise<RunningService> {
  const { name, schema } = spec;
  const logger = createLogger(name);
  const registry = createMetricsRegistry(name);
  await migrateService(spec, logger);

  // What to close, in opening order; closed last-opened first.
  const opened: Array<() => Promise<void> | void> = [];
  // Each close is attempted even when an earlier one fails, so a stuck consumer never keeps the
  // database or NATS open.
  const closeAll = async (): Promise<void> => {
    for (const close of [...opened].reverse()) {
      await Promise.resolve()
        .then(close)
        .catch((err: unknown) => logger.warn({ err }, `${name}: a part failed to stop`));
    }
  };
  try {
    const db = spec.createDb(spec.databaseUrl, schema);
    opened.push(() => db.$disconnect());
    const { nc, js, names } = await connectPlatformMessaging({ url: spec.natsUrl, name, logger, env: spec.env });
    opened.push(() => nc.drain());
    if (spec.outboxRelay ?? true) {
      const relay = startOutboxRelay({ connectionString: spec.databaseUrl, schema, js, logger, metrics: registry });
      opened.push(() => relay.stop());
    }
    const signer = new TokenSigner(spec.jwt);
    const wiring = await wire({ name, schema, db, nc, js, names, logger, registry, signer });
    if (wiring.stop) opened.push(wiring.stop);
    const jobs = [...platformHousekeeping(schema), ...(wiring.jobs ?? [])];
    // One connection per job at most: a run holds its job's advisory lock on it.
    const jobsPool = new Pool({ connectionString: spec.databaseUrl, max: jobs.length, application_name: `service-jobs ${schema}` });
    jobsPool.on('error', (err) => logger.warn({ err }, `${name}: the jobs lost an idle database connection`));
    const running = startServiceJobs(jobs, { pool: jobsPool, schema, logger, registry });
    opened.push(async () => {
      await running.stop();
      await jobsPool.end();
    });

    return await startGrpcService({
      name,
      grpcPort: spec.grpcPort,
      adminPort: spec.adminPort,
      signer,
      logger,
      registry,
      checks: [
        { name: 'postgres', check: async () => (await db.$queryRawUnsafe('SELECT 1')) !== undefined },
        { name: 'nats', check: async () => isNatsHealthy(nc) },
        ...(wiring.checks ?? []),
      ],
      services: wiring.services,
      drainDelayMs: spec.nodeEnv === 'production' ? 2000 : 0,
      onShutdown: closeAll,
    });
  } catch (err) {
    for (const close of opened.reverse()) {
      await Promise.resolve()
        .then(close)
        .catch((closeErr: unknown) => logger.warn({ err: closeErr }, `${name}: closing after a failed start failed`));
    }
    throw err;
  }
}

export { registeredServiceSpec } from './registered-service';
