import { randomUUID } from 'node:crypto';
import { SpanKind, trace } from '@opentelemetry/api';
import { Pool } from 'pg';
import { startGrpcService, type RunningService } from '@platform/grpc-server';
import {
  connectNats,
  jetstream,
  messagingTablesSql,
  startConsumer,
  startOutboxRelay,
  withPgTransaction,
  writeOutbox,
  type NatsConnection,
  type OutboxRelay,
  type RunningConsumer,
} from '@platform/messaging';
import { identityEventsV1, identityV1 } from '@platform/proto';
import { createMetricsRegistry, startTestTracing, type ReadableSpan } from '@platform/telemetry';
import {
  appTestEnv,
  createTestMessaging,
  createTestRedis,
  createTestSchema,
  eventually,
  testLogger,
  testRedisUrl,
  testSigner,
  type TestSchema,
} from '@platform/testing';
import { readGatewayConfig } from '../src/config';
import { type Gateway, createGateway } from '../src/gateway';

// Installed before anything starts: every span of this process ends up in memory.
const tracing = startTestTracing('tracing-test');
const signer = testSigner();

const REGISTER = 'platform.identity.v1.IdentityService/Register';

/**
 * One trace from a REST request to the handling of the event it caused, in one process over real
 * transports: HTTP into the gateway, gRPC to a service built with the service kit whose handler
 * writes an outbox event, the outbox relay to JetStream, and a durable consumer.
 */
describe('a trace from the gateway through gRPC and NATS', () => {
  const store = createTestRedis('tracing');
  const messaging = createTestMessaging('tracing');
  const logger = testLogger();
  let db: TestSchema;
  let pool: Pool;
  let nc: NatsConnection;
  let service: RunningService;
  let relay: OutboxRelay;
  let consumer: RunningConsumer;
  let gateway: Gateway;
  let base: string;
  const handled: { accountId: string; traceId?: string; headers: Record<string, string> }[] = [];
  const subject = messaging.names.subject('identity.user.registered');

  beforeAll(async () => {
    await messaging.ensureStream();
    db = await createTestSchema('tracing');
    pool = new Pool({ connectionString: db.connectionString, max: 5 });
    await pool.query(messagingTablesSql(db.schema));
    nc = await connectNats({ url: messaging.env.NATS_URL, name: 'tracing-test', logger });
    const js = jetstream(nc);

    // A stand-in identity service: Register writes identity.user.registered to its outbox.
    const notHere = async () => {
      throw new Error('not part of this test');
    };
    const handlers: Record<string, (request: identityV1.RegisterRequest) => Promise<unknown>> = Object.fromEntries(
      Object.keys(identityV1.IdentityServiceService).map((name) => [name, notHere]),
    );
    handlers['register'] = async (request: identityV1.RegisterRequest) => {
      const accountId = randomUUID();
      await withPgTransaction(pool)((tx) =>
        writeOutbox(tx, db.schema, {
          subject,
          payload: identityEventsV1.UserRegistered.encode(identityEventsV1.UserRegistered.fromPartial({ accountId, email: request.email })).finish(),
        }),
      );
      return identityV1.Account.fromPartial({ id: accountId, email: request.email, status: 'PENDING_VERIFICATION' });
    };
    service = await startGrpcService({
      name: 'identity-stand-in',
      host: '127.0.0.1',
      grpcPort: 0,
      adminPort: 0,
      signer,
      logger,
      registry: createMetricsRegistry('identity-stand-in'),
      checks: [],
      services: [{ definition: identityV1.IdentityServiceService, handlers }],
    });
    relay = startOutboxRelay({ connectionString: db.connectionString, schema: db.schema, js, logger });
    consumer = await startConsumer({
      js,
      stream: messaging.names.stream,
      durable: 'tracing-test',
      filterSubjects: [messaging.names.filter('identity.user.registered')],
      logger,
      schema: db.schema,
      withTransaction: withPgTransaction(pool),
      handle: async ({ data, headers }) => {
        handled.push({ accountId: identityEventsV1.UserRegistered.decode(data).accountId, traceId: trace.getActiveSpan()?.spanContext().traceId, headers });
      },
    });

    gateway = createGateway(
      readGatewayConfig({
        ...appTestEnv('gateway', { messaging, callees: { identity: `127.0.0.1:${service.grpcPort}` } }),
        GATEWAY_HOST: '127.0.0.1',
        REDIS_URL: testRedisUrl(),
        REDIS_KEY_PREFIX: store.prefix,
      }),
      { logger },
    );
    base = `http://127.0.0.1:${(await gateway.start()).port}`;
  });

  afterAll(async () => {
    await gateway?.stop();
    await consumer?.stop();
    await relay?.stop();
    await service?.stop();
    await nc?.drain();
    await pool?.end();
    await db?.drop();
    await store.cleanup();
    await messaging.cleanup();
    await tracing.shutdown();
  });

  const register = async (headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}/api/auth/org/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ email: `member-${randomUUID()}@example.org`, password: 'a long enough password', firstName: 'Ada', lastName: 'Lovelace' }),
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { id: string }).id;
  };

  /** The five spans of one registration, once the consumer's has ended. */
  const spansOf = async (accountId: string) => {
    let found: Record<'http' | 'client' | 'server' | 'producer' | 'consumer', ReadableSpan> | undefined;
    await eventually(async () => {
      const event = handled.find((h) => h.accountId === accountId);
      expect(event).toBeDefined();
      const inTrace = tracing.spans().filter((s) => s.spanContext().traceId === event!.traceId);
      const one = (kind: SpanKind, name: string) => {
        const matching = inTrace.filter((s) => s.kind === kind && s.name === name);
        expect(matching.map((s) => `${SpanKind[s.kind]} ${s.name}`)).toEqual([`${SpanKind[kind]} ${name}`]);
        return matching[0]!;
      };
      found = {
        http: one(SpanKind.SERVER, 'POST /api/auth/org/register'),
        client: one(SpanKind.CLIENT, REGISTER),
        server: one(SpanKind.SERVER, REGISTER),
        producer: one(SpanKind.PRODUCER, `create ${subject}`),
        consumer: one(SpanKind.CONSUMER, `process ${subject}`),
      };
    }, 10_000);
    return found!;
  };

  it('links the HTTP request, the gRPC call, the outbox event and its consumer in one trace', async () => {
    const accountId = await register();
    const { http, client, server, producer, consumer: handling } = await spansOf(accountId);

    const traceId = http.spanContext().traceId;
    for (const span of [client, server, producer, handling]) expect(span.spanContext().traceId).toBe(traceId);
    expect(http.parentSpanContext).toBeUndefined();
    expect(client.parentSpanContext?.spanId).toBe(http.spanContext().spanId);
    expect(server.parentSpanContext?.spanId).toBe(client.spanContext().spanId);
    expect(server.parentSpanContext?.isRemote).toBe(true);
    expect(producer.parentSpanContext?.spanId).toBe(server.spanContext().spanId);
    expect(handling.parentSpanContext?.spanId).toBe(producer.spanContext().spanId);
    expect(handling.parentSpanContext?.isRemote).toBe(true);
  });

  it('carries traceparent in the message headers, and the handler runs inside the consumer span', async () => {
    const accountId = await register();
    const { producer, consumer: handling } = await spansOf(accountId);
    const event = handled.find((h) => h.accountId === accountId)!;
    expect(event.headers['traceparent']).toBe(`00-${producer.spanContext().traceId}-${producer.spanContext().spanId}-01`);
    expect(event.traceId).toBe(handling.spanContext().traceId);
  });

  it('records what each span did: route and status, RPC and gRPC code, subject and outcome', async () => {
    const accountId = await register();
    const { http, server, consumer: handling } = await spansOf(accountId);
    expect(http.attributes).toMatchObject({ 'http.route': '/api/auth/org/register', 'http.response.status_code': 201 });
    expect(server.attributes).toMatchObject({ 'rpc.system': 'grpc', 'rpc.method': 'Register', 'rpc.grpc.status_code': 0 });
    expect(handling.attributes).toMatchObject({
      'messaging.system': 'nats',
      'messaging.destination.name': subject,
      'messaging.consumer.group.name': 'tracing-test',
      'messaging.outcome': 'handled',
    });
  });

  it('continues the trace of a client that sends its own traceparent', async () => {
    const clientTrace = randomUUID().replace(/-/g, '');
    const accountId = await register({ traceparent: `00-${clientTrace}-00f067aa0ba902b7-01` });
    const { http, consumer: handling } = await spansOf(accountId);
    expect(http.spanContext().traceId).toBe(clientTrace);
    expect(http.parentSpanContext?.spanId).toBe('00f067aa0ba902b7');
    expect(handling.spanContext().traceId).toBe(clientTrace);
  });
});
