import { context, SpanKind, trace } from '@opentelemetry/api';
import { startTestTracing } from '@platform/telemetry';
import { publishDirect, startConsumer, startOutboxRelay, withPgTransaction, writeOutbox, type RunningConsumer } from '../src';
import { encode, eventually, logger, natsFixture, schemaFixture, DATABASE_URL, type NatsFixture, type SchemaFixture } from './support/fixtures';

const tracing = startTestTracing('messaging-tracing-test');

describe('trace context through the outbox and the stream', () => {
  let nats: NatsFixture;
  let db: SchemaFixture;
  const running: { stop(): Promise<void> }[] = [];

  beforeEach(async () => {
    nats = await natsFixture();
    db = await schemaFixture();
    tracing.reset();
  });

  afterEach(async () => {
    await Promise.all(running.splice(0).map((r) => r.stop()));
    await db.drop();
    await nats.close();
  });

  afterAll(() => tracing.shutdown());

  const consume = async (handle: () => Promise<void>): Promise<RunningConsumer> => {
    const consumer = await startConsumer({
      js: nats.js,
      stream: nats.names.stream,
      durable: 'traced',
      filterSubjects: [nats.names.filter('identity.>')],
      logger,
      schema: db.schema,
      withTransaction: withPgTransaction(db.pool),
      handle,
      retryDelay: { baseMs: 20, maxMs: 20 },
    });
    running.push(consumer);
    return consumer;
  };

  const inSpan = <T>(work: () => Promise<T>) => {
    const request = trace.getTracer('test').startSpan('request');
    return context
      .with(trace.setSpan(context.active(), request), work)
      .finally(() => request.end())
      .then((result) => ({ request, result }));
  };

  it('stores the producer’s traceparent in the outbox row and continues the trace in the consumer', async () => {
    running.push(startOutboxRelay({ connectionString: DATABASE_URL, schema: db.schema, js: nats.js, logger }));
    const seen: (string | undefined)[] = [];
    await consume(async () => void seen.push(trace.getActiveSpan()?.spanContext().traceId));
    const subject = nats.names.subject('identity.user.registered');

    const { request, result: id } = await inSpan(() => withPgTransaction(db.pool)((tx) => writeOutbox(tx, db.schema, { subject, payload: encode({}) })));

    const producer = tracing.spans().find((s) => s.kind === SpanKind.PRODUCER)!;
    expect(producer.parentSpanContext?.spanId).toBe(request.spanContext().spanId);
    expect(producer.attributes).toMatchObject({ 'messaging.message.id': id, 'messaging.destination.name': subject });
    await eventually(() => tracing.spans().some((s) => s.kind === SpanKind.CONSUMER));
    const consumer = tracing.spans().find((s) => s.kind === SpanKind.CONSUMER)!;
    expect(consumer.parentSpanContext?.spanId).toBe(producer.spanContext().spanId);
    expect(seen).toEqual([request.spanContext().traceId]);
  });

  it('marks the consumer span of a failed delivery, and traces the retry in the same trace', async () => {
    let calls = 0;
    await consume(async () => {
      if (++calls === 1) throw new Error('first delivery fails');
    });
    const { request } = await inSpan(() => publishDirect(nats.js, nats.names.subject('identity.user.updated'), encode({}), { msgId: 'm-retry' }));

    await eventually(() => tracing.spans().filter((s) => s.kind === SpanKind.CONSUMER).length === 2, 5000);
    const [failed, retried] = tracing.spans().filter((s) => s.kind === SpanKind.CONSUMER);
    expect(failed!.status.code).toBe(2);
    expect(failed!.attributes).toMatchObject({ 'messaging.outcome': 'retried', 'messaging.delivery_count': 1 });
    expect(retried!.attributes).toMatchObject({ 'messaging.outcome': 'handled', 'messaging.delivery_count': 2 });
    for (const span of [failed!, retried!]) expect(span.spanContext().traceId).toBe(request.spanContext().traceId);
  });
});
