import { credentials, Metadata, type ChannelCredentials, type Client, type ServiceError } from '@grpc/grpc-js';
import type { TokenSigner } from '@platform/auth';
import type { MessagingNames } from '@platform/messaging';
import { appEntry, type AppEntry } from '@platform/registry';
import pg from 'pg';
import { testSigner, testTokens, type TestTokens } from '../auth/test-tokens';
import { createTestSchema, type TestSchema } from '../db/test-schema';
import type { RequestOf, ResponseOf } from '../grpc/fake-grpc-service';
import { createTestMessaging, openEventReader, type EventReader } from '../messaging';
import { appTestEnv } from '../registry/app-env';

/** A generated (ts-proto) client constructor, which carries its service definition. */
export type GrpcClientConstructor<C extends Client, D> = (new (address: string, credentials: ChannelCredentials, options?: object) => C) & { service: D };

/** What an app's exported start function answers (`RunningService` of `@platform/grpc-server`). */
export interface StartedService {
  grpcPort: number;
  stop(): Promise<void>;
}

/** A server the test runs in place of a service the app calls (a `fakeGrpcService`); the harness stops it. */
export interface StandIn {
  address: string;
  stop(): Promise<void>;
}

export interface ServiceHarnessOptions<C extends Client, D, S extends StartedService> {
  /** The app's name in the service registry: its ports, schema and callees come from there. */
  app: string;
  /** Names the suite's schema, stream and subjects. */
  label: string;
  /** The app's exported start function (`startOrganisation`), given the environment the harness built. */
  start(env: NodeJS.ProcessEnv): Promise<S>;
  /** Its generated client (`organisationV1.OrganisationServiceClient`). */
  client: GrpcClientConstructor<C, D>;
  /** Stand-ins for services it calls, by registered name; a called service without one is down. */
  fakes?: Record<string, StandIn>;
  /** Variables on top of the ones built from the registry (the app's own settings for tests). */
  env?: NodeJS.ProcessEnv;
}

export interface ServiceHarness<C extends Client, D, S extends StartedService = StartedService> extends Omit<EventReader, 'close'> {
  app: AppEntry;
  /** The environment the service was started with (to start a second instance on the same schema). */
  env: NodeJS.ProcessEnv;
  service: S;
  client: C;
  /** Calls an RPC by name with a bearer token (or none) and extra metadata, with a 10 s deadline. */
  call<M extends keyof D & string>(method: M, request: RequestOf<D[M]>, token?: string, metadata?: Record<string, string>): Promise<ResponseOf<D[M]>>;
  /** Signs tokens with the secret the service verifies. */
  signer: TokenSigner;
  tokens: TestTokens;
  schema: TestSchema;
  names: MessagingNames;
  /** Runs SQL in the suite's schema. */
  sql<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** Stops the service, its stand-ins, and drops the suite's schema and stream. */
  stop(): Promise<void>;
}

/**
 * Starts a registered gRPC service in-process for its integration tests: a fresh schema, a stream
 * and subject prefix of the suite's own, every port free, each service it calls pointed at the
 * test's stand-in (or at nothing), a client, and consumers that read what it publishes.
 */
export async function startServiceHarness<C extends Client, D, S extends StartedService>(
  options: ServiceHarnessOptions<C, D, S>,
): Promise<ServiceHarness<C, D, S>> {
  const app = appEntry(options.app);
  const undo: (() => Promise<unknown> | unknown)[] = Object.values(options.fakes ?? {}).map((fake) => () => fake.stop());
  const teardown = async () => {
    const errors: unknown[] = [];
    for (const step of undo.reverse())
      await Promise.resolve()
        .then(step)
        .catch((err: unknown) => errors.push(err));
    if (errors.length > 0) throw errors[0];
  };
  try {
    const schema = await createTestSchema(`${options.app}_${options.label}`);
    undo.push(() => schema.drop());
    const messaging = createTestMessaging(options.label);
    undo.push(() => messaging.cleanup());
    const callees = Object.fromEntries(Object.entries(options.fakes ?? {}).map(([name, fake]) => [name, fake.address]));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      LOG_LEVEL: process.env['LOG_LEVEL'] ?? 'warn',
      ...appTestEnv(app, { schema, messaging, callees }),
      ...options.env,
    };
    const service = await options.start(env);
    undo.push(() => service.stop());
    const db = new pg.Pool({ connectionString: schema.connectionString, options: `-c search_path=${schema.schema}`, max: 2 });
    undo.push(() => db.end());
    const sql = async <T>(text: string, params: unknown[] = []) => (await db.query(text, params)).rows as T[];
    const reader = await openEventReader(messaging.names, { natsUrl: messaging.env.NATS_URL, settled: () => outboxDrained(sql) });
    undo.push(() => reader.close());
    const client = new options.client(`127.0.0.1:${service.grpcPort}`, credentials.createInsecure());
    undo.push(() => client.close());
    const signer = testSigner(env['JWT_SECRET'], env['SERVICE_JWT_SECRET']);
    return {
      app,
      env,
      service,
      client,
      call: (method, request, token, metadata) => callByName(client, method, request, token, metadata),
      signer,
      tokens: testTokens(signer),
      schema,
      names: messaging.names,
      sql,
      nextMessage: reader.nextMessage,
      events: reader.events,
      publish: reader.publish,
      stop: teardown,
    };
  } catch (err) {
    await teardown().catch(() => undefined);
    throw err;
  }
}

function callByName<C extends Client>(client: C, method: string, request: unknown, token?: string, extra: Record<string, string> = {}): Promise<never> {
  const rpc = (client as unknown as Record<string, unknown>)[method];
  if (typeof rpc !== 'function') return Promise.reject(new Error(`the client has no RPC ${method}`));
  const metadata = new Metadata();
  if (token) metadata.set('authorization', `Bearer ${token}`);
  for (const [key, value] of Object.entries(extra)) metadata.set(key, value);
  return new Promise((resolve, reject) =>
    rpc.call(client, request, metadata, { deadline: Date.now() + 10_000 }, (err: ServiceError | null, reply: never) => (err ? reject(err) : resolve(reply))),
  );
}

/**
 * Waits until the outbox relay has published every row (it deletes a row once the stream holds
 * its event). A service without an outbox is always drained.
 */
async function outboxDrained(sql: <T>(text: string) => Promise<T[]>): Promise<void> {
  const [table] = await sql<{ present: boolean }>(`SELECT to_regclass('outbox_event') IS NOT NULL AS present`);
  if (!table?.present) return;
  for (let waited = 0; (await sql('SELECT 1 FROM outbox_event LIMIT 1')).length > 0; waited += 20) {
    if (waited > 5000) throw new Error('the outbox was not relayed within 5 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
