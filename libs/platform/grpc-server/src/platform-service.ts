import { Pool } from 'pg';
import { TokenSigner, type TokenSignerOptions } from '@platform/auth';
import { runMigrations } from '@platform/db';
import {
  connectPlatformMessaging,
  isNatsHealthy,
  messagingTablesSql,
  serviceOutbox,
  startOutboxRelay,
  type JetStreamClient,
  type MessageConsumer,
  type MessagingNames,
  type NatsConnection,
  type ServiceOutbox,
  type SqlTx,
  type Subject,
} from '@platform/messaging';
import { createLogger, createMetricsRegistry, type Logger } from '@platform/telemetry';
import type { Registry } from 'prom-client';
import type { DependencyCheck } from '@platform/health';
import { platformHousekeeping } from './housekeeping';
import { startGrpcService, type RunningService, type ServiceBinding } from './server';
import { platformClients, type PlatformClients } from './service-clients';
import { consumerDisagreements, startServiceConsumers, type TransactionRunner } from './service-consumers';
import { isExclusive, startServiceJobs, type ServiceJob } from './service-jobs';
import { ServiceTokens } from './service-tokens';
import { StopList, type StopStep } from './stop-list';

export { JobWake, type ServiceJob, type ExclusiveJob, type EveryReplicaJob } from './service-jobs';
export type { PlatformClient, PlatformClients, PlatformServiceName, ServiceClientOf } from './service-clients';

/** What the platform needs of a service's database client; a PrismaClient fits. */
export interface PlatformDb {
  $queryRawUnsafe(query: string): Promise<unknown>;
  $disconnect(): Promise<void>;
}

/** A database client with interactive transactions, as a PrismaClient has (what the consumers run in). */
interface TransactionalDb<Tx> {
  $transaction<T>(work: (tx: Tx) => Promise<T>, options?: { timeout?: number }): Promise<T>;
}

/** The transaction client of a database client (`Prisma.TransactionClient` of a PrismaClient); never without transactions. */
export type TxOf<Db> = Db extends { $transaction(work: (tx: infer Tx) => Promise<unknown>, ...rest: never[]): unknown } ? Tx : never;

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
  /** The address of each service this one calls (the registry's `calls`, from their `<SVC>_GRPC_URL`; empty: none). */
  callees?: Readonly<Record<string, string>>;
  /** The subjects it writes to its outbox (the registry's `publishes`; absent: none): the outbox relay runs only when there is one. */
  publishes?: readonly Subject[];
  /** The subjects its consumers read (the registry's `consumes`; absent: none); the wiring's consumers must read exactly these. */
  consumes?: readonly Subject[];
}

/** The shared infrastructure a service wires its own parts onto. */
export interface PlatformInfra<Db extends PlatformDb> {
  name: string;
  schema: string;
  db: Db;
  nc: NatsConnection;
  js: JetStreamClient;
  names: MessagingNames;
  /** The schema's outbox, for the subjects the registry says the service publishes. */
  outbox: ServiceOutbox;
  /** A client of each service the registry says this one calls, with this service's token; the kit closes them. */
  clients: PlatformClients;
  logger: Logger;
  registry: Registry;
  signer: TokenSigner;
  /** Aborted as soon as the service begins to stop (before the server drains): long runs wind down. */
  stopping: AbortSignal;
  /**
   * Registers how to close something the wiring opened (a Redis connection, a mailer). At shutdown
   * the kit runs these after the consumers and jobs have stopped, the last registered first, before
   * the clients, the relay, NATS and the database close.
   */
  onStop(step: StopStep): void;
}

/** What a service adds: its gRPC services, extra health checks, its periodic jobs and its consumers. */
export interface ServiceWiring<Tx = unknown> {
  services: ServiceBinding[];
  checks?: DependencyCheck[];
  /** Periodic work of the service (its own cleanup, its queues), started after the wiring with the kit's housekeeping. */
  jobs?: ServiceJob[];
  /** Durable consumers of the registry's `consumes`: started once the server serves, stopped first at shutdown. */
  consumers?: MessageConsumer<Tx>[];
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
 * Starts a platform service the way every one starts: migrations, database, NATS, the outbox relay
 * (when the service publishes), the clients of the services it calls, then the service's own
 * wiring, its periodic jobs with the kit's housekeeping, the gRPC server with Postgres and NATS
 * health checks, and last its consumers. Shutdown closes in reverse: the consumers, the jobs, what
 * the wiring registered, the clients, the relay, NATS, the database. A failed start closes whatever
 * was already open before rethrowing, so it leaks no connection.
 */
export async function startPlatformService<Db extends PlatformDb>(
  spec: PlatformServiceSpec<Db>,
  wire: (infra: PlatformInfra<Db>) => Promise<ServiceWiring<TxOf<Db>>> | ServiceWiring<TxOf<Db>>,
): Promise<RunningService> {
  const { name, schema } = spec;
  const logger = createLogger(name);
  const registry = createMetricsRegistry(name);
  await migrateService(spec, logger);

  const opened = new StopList();
  const closeAll = () => opened.closeAll((err) => logger.warn({ err }, `${name}: a part failed to stop`));
  const stopping = new AbortController();
  let running: RunningService | undefined;
  try {
    const db = spec.createDb(spec.databaseUrl, schema);
    opened.add(() => db.$disconnect());
    const { nc, js, names } = await connectPlatformMessaging({ url: spec.natsUrl, name, logger, env: spec.env });
    opened.add(() => nc.drain());
    const publishes = spec.publishes ?? [];
    if (publishes.length > 0) {
      const relay = startOutboxRelay({ connectionString: spec.databaseUrl, schema, js, logger, metrics: registry });
      opened.add(() => relay.stop());
    }
    const signer = new TokenSigner(spec.jwt);
    const clients = platformClients(name, spec.callees ?? {}, new ServiceTokens(signer, name));
    opened.add(() => clients.close());
    const outbox = serviceOutbox(schema, names, publishes);
    const onStop = (step: StopStep) => opened.add(step);
    const wiring = await wire({ name, schema, db, nc, js, names, outbox, clients, logger, registry, signer, stopping: stopping.signal, onStop });
    const consumers = wiring.consumers ?? [];
    const disagreements = consumerDisagreements(consumers, spec.consumes);
    if (disagreements.length > 0) throw new Error(`${name}'s consumers disagree with the service registry: ${disagreements.join('; ')}`);

    const jobs = [...platformHousekeeping(schema), ...(wiring.jobs ?? [])];
    // One connection per exclusive job at most: a run holds its job's advisory lock on it.
    const jobsPool = new Pool({
      connectionString: spec.databaseUrl,
      max: Math.max(1, jobs.filter(isExclusive).length),
      application_name: `service-jobs ${schema}`,
    });
    jobsPool.on('error', (err) => logger.warn({ err }, `${name}: the jobs lost an idle database connection`));
    const runningJobs = startServiceJobs(jobs, { pool: jobsPool, schema, logger, registry });
    opened.add(async () => {
      await runningJobs.stop();
      await jobsPool.end();
    });

    running = await startGrpcService({
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
    if (consumers.length > 0) {
      // Typed by the wiring against its own database client (TxOf<Db>); here the transaction is opaque.
      const runningConsumers = await startServiceConsumers(consumers as MessageConsumer<SqlTx>[], {
        js,
        names,
        schema,
        transaction: transactionRunner<SqlTx>(db),
        consumes: spec.consumes,
        logger,
        registry,
      });
      opened.add(() => runningConsumers.stop());
    }
    const server = running;
    return {
      ...server,
      stop: async () => {
        stopping.abort();
        await server.stop();
      },
    };
  } catch (err) {
    stopping.abort();
    if (running) await running.stop();
    else await opened.closeAll((closeErr) => logger.warn({ err: closeErr }, `${name}: closing after a failed start failed`));
    throw err;
  }
}

/** The consumers' transactions on the service's database client. */
function transactionRunner<Tx>(db: PlatformDb): TransactionRunner<Tx> {
  const transactional = db as Partial<TransactionalDb<Tx>>;
  if (typeof transactional.$transaction !== 'function') throw new Error('the database client has no $transaction: consumers need one');
  const $transaction = transactional.$transaction.bind(db);
  return (work, timeoutMs) => (timeoutMs === undefined ? $transaction(work) : $transaction(work, { timeout: timeoutMs }));
}

export { registeredServiceSpec } from './registered-service';
