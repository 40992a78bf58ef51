import { Registry } from 'prom-client';
import {
  replayOutboxDeadLetters,
  startConsumer,
  startOutboxRelay,
  withPgTransaction,
  writeOutbox,
  writeOutboxBatch,
  type InboundMessage,
  type OutboxRelay,
  type RunningConsumer,
} from '../src';
import { decode, encode, eventually, logger, natsFixture, schemaFixture, DATABASE_URL, type NatsFixture, type SchemaFixture } from './support/fixtures';

describe('outbox relay', () => {
  let nats: NatsFixture;
  let db: SchemaFixture;
  const running: { stop(): Promise<void> }[] = [];

  beforeEach(async () => {
    nats = await natsFixture();
    db = await schemaFixture();
  });

  afterEach(async () => {
    await Promise.all(running.splice(0).map((r) => r.stop()));
    await db.drop();
    await nats.close();
  });

  const relay = (options: { metrics?: Registry; pollIntervalMs?: number; deadLetterAfter?: number } = {}): OutboxRelay => {
    const r = startOutboxRelay({ connectionString: DATABASE_URL, schema: db.schema, js: nats.js, logger, ...options });
    running.push(r);
    return r;
  };

  const collect = async (durable: string, filter: string): Promise<InboundMessage[]> => {
    const received: InboundMessage[] = [];
    const consumer: RunningConsumer = await startConsumer({
      js: nats.js,
      stream: nats.names.stream,
      durable,
      filterSubjects: [nats.names.filter(filter)],
      logger,
      handle: async (m) => void received.push(m),
    });
    running.push(consumer);
    return received;
  };

  const inTransaction = withPgTransaction;

  const listeners = async () =>
    (await db.pool.query(`SELECT 1 FROM pg_stat_activity WHERE application_name = $1 AND query ILIKE 'LISTEN%'`, [`outbox-listener ${db.schema}`])).rows;

  it('is woken by the commit itself, not by its polling', async () => {
    // Polling once a minute: only the commit's notification can bring the event out within the
    // test. How fast that is belongs to the benchmarks, not to a timed test on a shared machine.
    relay({ pollIntervalMs: 60_000 });
    const received = await collect('e2e', 'identity.>');
    const subject = nats.names.subject('identity.user.registered');
    await eventually(async () => (await listeners()).length === 1);

    const id = await inTransaction(db.pool)((tx) => writeOutbox(tx, db.schema, { subject, payload: encode({ userId: 'u1' }) }));

    await eventually(() => received.length === 1, 20_000);
    expect(received[0]).toMatchObject({ subject, messageId: id, deliveryCount: 1 });
    expect(decode(received[0]!.data)).toEqual({ userId: 'u1' });
  });

  it('publishes nothing for a rolled-back transaction', async () => {
    relay();
    const received = await collect('rollback', 'identity.>');
    const subject = nats.names.subject('identity.user.registered');

    await expect(
      inTransaction(db.pool)(async (tx) => {
        await writeOutbox(tx, db.schema, { subject, payload: encode({ userId: 'rolled-back' }) });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await inTransaction(db.pool)((tx) => writeOutbox(tx, db.schema, { subject, payload: encode({ userId: 'committed' }) }));

    await eventually(() => received.length === 1);
    await new Promise((r) => setTimeout(r, 300));
    expect(received.map((m) => decode<{ userId: string }>(m.data).userId)).toEqual(['committed']);
    expect((await nats.jsm.streams.info(nats.names.stream)).state.messages).toBe(1);
  });

  it('deletes the rows it published and reports the backlog', async () => {
    const subject = nats.names.subject('organisation.membership.created');
    for (let i = 0; i < 3; i++) await writeOutbox(db.pool, db.schema, { subject, payload: encode({ i }) });
    const r = relay();

    await eventually(async () => (await r.backlog()) === 0);
    const { rows } = await db.pool.query(`SELECT count(*)::int AS n FROM "${db.schema}".outbox_event`);
    expect(rows[0].n).toBe(0);
    expect((await nats.jsm.streams.info(nats.names.stream)).state.messages).toBe(3);
  });

  it('publishes the stored headers, and the outbox id as Nats-Msg-Id', async () => {
    relay();
    const received = await collect('headers', 'audit.>');
    const traceparent = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    const id = await writeOutbox(db.pool, db.schema, { subject: nats.names.subject('audit.recorded'), payload: encode({}), headers: { traceparent } });

    await eventually(() => received.length === 1);
    expect(received[0]!.headers).toMatchObject({ traceparent, 'Nats-Msg-Id': id });
  });

  it('keeps the order in which one transaction wrote its events', async () => {
    relay();
    const received = await collect('order', 'events.>');
    const subject = nats.names.subject('events.registration.created');
    await inTransaction(db.pool)(async (tx) => {
      for (let i = 0; i < 20; i++) await writeOutbox(tx, db.schema, { subject, payload: encode({ i }) });
    });

    await eventually(() => received.length === 20);
    expect(received.map((m) => decode<{ i: number }>(m.data).i)).toEqual([...Array(20).keys()]);
  });

  it('keeps the order of events written in one statement, after those written before it', async () => {
    relay();
    const received = await collect('batch-order', 'events.>');
    const subject = nats.names.subject('events.registration.created');
    let ids: string[] = [];
    await inTransaction(db.pool)(async (tx) => {
      await writeOutbox(tx, db.schema, { subject, payload: encode({ i: -1 }) });
      ids = await writeOutboxBatch(
        tx,
        db.schema,
        Array.from({ length: 200 }, (_, i) => ({ subject, payload: encode({ i }) })),
      );
    });

    await eventually(() => received.length === 201);
    expect(received.map((m) => decode<{ i: number }>(m.data).i)).toEqual([-1, ...Array(200).keys()]);
    expect(received.slice(1).map((m) => m.messageId)).toEqual(ids);
  });

  it('accepts a Prisma-style transaction client ($executeRawUnsafe)', async () => {
    relay();
    const received = await collect('prisma-style', 'content.>');
    const subject = nats.names.subject('content.article.published');
    const id = await inTransaction(db.pool)((client) => {
      const prismaLike = {
        $executeRawUnsafe: async (sql: string, ...values: unknown[]) => (await client.query(sql, values)).rowCount ?? 0,
      };
      return writeOutbox(prismaLike, db.schema, { subject, payload: encode({ articleId: 'a1' }) });
    });

    await eventually(() => received.length === 1);
    expect(received[0]!.messageId).toBe(id);
  });

  it('with two relays in parallel, publishes each of 500 events exactly once', async () => {
    const a = relay();
    relay();
    const received = await collect('exactly-once', 'documents.>');
    const subject = nats.names.subject('documents.document.uploaded');

    // 50 concurrent transactions of 10 events each, while both relays run.
    await Promise.all(
      Array.from({ length: 50 }, (_, t) =>
        inTransaction(db.pool)(async (tx) => {
          for (let i = 0; i < 10; i++) await writeOutbox(tx, db.schema, { subject, payload: encode({ n: t * 10 + i }) });
        }),
      ),
    );

    await eventually(() => received.length >= 500, 15_000);
    await new Promise((r) => setTimeout(r, 500));
    expect(received).toHaveLength(500);
    expect(new Set(received.map((m) => m.messageId)).size).toBe(500);
    expect(new Set(received.map((m) => decode<{ n: number }>(m.data).n)).size).toBe(500);
    expect((await nats.jsm.streams.info(nats.names.stream)).state.messages).toBe(500);
    expect(await a.backlog()).toBe(0);
  });

  it('exposes the backlog as a Prometheus gauge', async () => {
    const subject = nats.names.subject('connector.sync.completed');
    await writeOutbox(db.pool, db.schema, { subject, payload: encode({}) });
    const metrics = new Registry();
    const r = startOutboxRelay({ connectionString: DATABASE_URL, schema: db.schema, js: nats.js, logger, metrics, metricsIntervalMs: 50 });
    running.push(r);

    await eventually(async () => (await r.backlog()) === 0);
    await eventually(async () => (await metrics.getSingleMetricAsString('messaging_outbox_backlog')).includes(`schema="${db.schema}"} 0`));
    expect(await metrics.getSingleMetricAsString('messaging_outbox_published_total')).toContain(`schema="${db.schema}"} 1`);
  });

  it('keeps running while NATS refuses an event, and publishes the others', async () => {
    const r = relay();
    const received = await collect('unroutable', 'notifications.>');
    // No stream takes this subject: JetStream cannot acknowledge it.
    await writeOutbox(db.pool, db.schema, { subject: 'nostream.thing.happened', payload: encode({}) });
    await writeOutbox(db.pool, db.schema, { subject: nats.names.subject('notifications.email.sent'), payload: encode({}) });

    await eventually(() => received.length === 1, 10_000);
    // A consumer may see the event before the relay deletes its row (it deletes after the ack).
    const outbox = async () => (await db.pool.query(`SELECT subject FROM "${db.schema}".outbox_event`)).rows;
    await eventually(async () => (await outbox()).length === 1, 5000);
    expect(await outbox()).toEqual([{ subject: 'nostream.thing.happened' }]);
    expect(await r.backlog()).toBe(1);
  });

  it('sets aside a row that fails every publication, even alone at the head, and can put it back', async () => {
    const metrics = new Registry();
    relay({ deadLetterAfter: 2, metrics });
    const received = await collect('dead-letters', 'notifications.>');
    // Only unpublishable rows at the head, while JetStream answers: they are the rows' own fault.
    const bad = await writeOutbox(db.pool, db.schema, { subject: 'nostream.thing.happened', payload: encode({ n: 1 }) });
    const deadLetters = async () =>
      (await db.pool.query(`SELECT id::text, subject, attempts, last_error FROM "${db.schema}".outbox_dead_letter`)).rows as {
        id: string;
        subject: string;
        attempts: number;
        last_error: string;
      }[];
    await eventually(async () => (await deadLetters()).length === 1, 15_000);
    expect(await deadLetters()).toEqual([{ id: bad, subject: 'nostream.thing.happened', attempts: 2, last_error: expect.any(String) }]);
    expect(await metrics.getSingleMetricAsString('messaging_outbox_dead_letters_total')).toContain(`schema="${db.schema}"} 1`);

    await writeOutbox(db.pool, db.schema, { subject: nats.names.subject('notifications.email.sent'), payload: encode({}) });
    await eventually(() => received.length === 1, 10_000);

    expect(await replayOutboxDeadLetters(db.pool, db.schema, [bad])).toBe(1);
    expect(await deadLetters()).toEqual([]);
    expect((await db.pool.query(`SELECT id::text FROM "${db.schema}".outbox_event`)).rows.map((r) => r.id)).toContain(bad);
  });

  it('recovers when its database connections are cut', async () => {
    relay();
    const received = await collect('pg-outage', 'identity.>');
    const backends = async () =>
      (
        await db.pool.query(`SELECT application_name FROM pg_stat_activity WHERE application_name IN ($1, $2) ORDER BY 1`, [
          `outbox-listener ${db.schema}`,
          `outbox-relay ${db.schema}`,
        ])
      ).rows.map((r) => r.application_name);
    await eventually(async () => (await backends()).length >= 2);

    await db.pool.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name IN ($1, $2)`, [
      `outbox-listener ${db.schema}`,
      `outbox-relay ${db.schema}`,
    ]);
    await writeOutbox(db.pool, db.schema, { subject: nats.names.subject('identity.user.registered'), payload: encode({}) });

    await eventually(() => received.length === 1, 5000);
    await eventually(async () => (await backends()).includes(`outbox-listener ${db.schema}`), 5000);
  });

  it('stops cleanly, and a stopped relay publishes nothing more', async () => {
    const r = relay();
    await r.stop();
    await writeOutbox(db.pool, db.schema, { subject: nats.names.subject('identity.user.registered'), payload: encode({}) });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect((await nats.jsm.streams.info(nats.names.stream)).state.messages).toBe(0);
  });
});
