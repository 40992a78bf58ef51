import { randomBytes } from 'node:crypto';
import { SpanKind, trace } from '@opentelemetry/api';
import { PrismaPg } from '@prisma/adapter-pg';
import Redis from 'ioredis';
import { startTestTracing, type ReadableSpan } from '../src';

// The servers @platform/testing's helpers use (that library depends on this one, so not imported).
const databaseUrl = process.env['TEST_DATABASE_URL'] ?? process.env['DATABASE_URL'] ?? 'postgresql://postgres@127.0.0.1:5432/test';
const redisUrl = process.env['TEST_REDIS_URL'] ?? process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379';

// pg and ioredis are loaded (by the imports above) before tracing starts, as in a built service,
// where the bundle requires them before main calls initTelemetry.
const tracing = startTestTracing('client-spans');
afterAll(() => tracing.shutdown());
beforeEach(() => tracing.reset());

/** Runs `work` inside a parent span and answers the spans that ended as its children. */
async function childrenOf(work: () => Promise<unknown>): Promise<{ parent: ReadableSpan; children: ReadableSpan[] }> {
  await trace.getTracer('test').startActiveSpan('request', async (span) => {
    try {
      await work();
    } finally {
      span.end();
    }
  });
  const spans = tracing.spans();
  const parent = spans.find((s) => s.name === 'request')!;
  return { parent, children: spans.filter((s) => s.parentSpanContext?.spanId === parent.spanContext().spanId) };
}

describe('PostgreSQL calls through Prisma’s pg adapter', () => {
  const adapterFactory = new PrismaPg({ connectionString: databaseUrl });
  let adapter: Awaited<ReturnType<PrismaPg['connect']>>;
  beforeAll(async () => void (adapter = await adapterFactory.connect()));
  afterAll(() => adapter.dispose());

  it('are client spans under the request’s span with the statement, the database and the server, never the parameter values', async () => {
    const { parent, children } = await childrenOf(() =>
      adapter.queryRaw({ sql: 'SELECT $1::text AS email', args: ['secret.member@example.test'], argTypes: [{ scalarType: 'string', arity: 'scalar' }] }),
    );
    const query = children.find((s) => s.attributes['db.query.text'] === 'SELECT $1::text AS email');
    expect(query).toBeDefined();
    expect(query!.kind).toBe(SpanKind.CLIENT);
    expect(query!.spanContext().traceId).toBe(parent.spanContext().traceId);
    const url = new URL(databaseUrl);
    expect(query!.attributes).toMatchObject({
      'db.system.name': 'postgresql',
      'db.operation.name': 'SELECT',
      'db.namespace': url.pathname.slice(1),
      'server.address': url.hostname,
      'server.port': Number(url.port || 5432),
    });
    expect(JSON.stringify(tracing.spans().map((s) => s.attributes))).not.toContain('secret.member');
  });

  it('are not traced outside a span (a poll of the relay or a job makes no trace of its own)', async () => {
    await adapter.queryRaw({ sql: 'SELECT 1', args: [], argTypes: [] });
    expect(tracing.spans()).toEqual([]);
  });
});

describe('Redis commands through ioredis', () => {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  const prefix = `test:client-spans:${randomBytes(4).toString('hex')}:`;
  afterAll(async () => {
    await redis.del(`${prefix}reset-token:secret-token-value`);
    await redis.quit();
  });

  it('are client spans under the request’s span with the command’s name, never its keys or values', async () => {
    const key = `${prefix}reset-token:secret-token-value`;
    const { parent, children } = await childrenOf(async () => {
      await redis.set(key, 'member@example.test', 'EX', 60);
      await redis.get(key);
    });
    expect(children.map((s) => s.name)).toEqual(['set', 'get']);
    const url = new URL(redisUrl);
    for (const span of children) {
      expect(span.kind).toBe(SpanKind.CLIENT);
      expect(span.spanContext().traceId).toBe(parent.spanContext().traceId);
      expect(span.attributes).toMatchObject({
        'db.system.name': 'redis',
        'db.operation.name': span.name,
        'db.query.text': span.name,
        'server.address': url.hostname,
        'server.port': Number(url.port || 6379),
      });
    }
    const recorded = JSON.stringify(tracing.spans().map((s) => [s.name, s.attributes]));
    expect(recorded).not.toContain('secret-token-value');
    expect(recorded).not.toContain('member@example.test');
  });
});
