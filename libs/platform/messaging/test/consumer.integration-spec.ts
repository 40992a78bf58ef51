import { Registry } from 'prom-client';
import type { PoolClient } from 'pg';
import {
  consumerNameFor,
  listDeadLetters,
  PoisonMessage,
  publishDirect,
  replayDeadLetter,
  startConsumer,
  withPgTransaction,
  type RunningConsumer,
  type WithTransaction,
} from '../src';
import { encode, eventually, logger, natsFixture, schemaFixture, type NatsFixture, type SchemaFixture } from './support/fixtures';

describe('durable consumer', () => {
  let nats: NatsFixture;
  let db: SchemaFixture;
  let consumers: RunningConsumer[];
  let subject: string;

  beforeEach(async () => {
    nats = await natsFixture();
    db = await schemaFixture();
    await db.pool.query(`CREATE TABLE "${db.schema}".effect (message_id text PRIMARY KEY)`);
    consumers = [];
    subject = nats.names.subject('identity.user.registered');
  });

  afterEach(async () => {
    await Promise.all(consumers.map((c) => c.stop()));
    await db.drop();
    await nats.close();
  });

  const effects = async () => (await db.pool.query(`SELECT message_id FROM "${db.schema}".effect ORDER BY 1`)).rows.map((r) => r.message_id);
  const processed = async () => (await db.pool.query(`SELECT consumer, message_id FROM "${db.schema}".processed_message`)).rows;
  const jetStreamConsumer = () => nats.jsm.consumers.info(nats.names.stream, consumerNameFor('user-projection', nats.names.filter('identity.user.*')));
  const recordEffect = (tx: PoolClient, messageId: string) => tx.query(`INSERT INTO "${db.schema}".effect VALUES ($1)`, [messageId]);

  const start = async (
    handle: (m: { messageId: string; deliveryCount: number; tx: PoolClient }) => Promise<void>,
    options: { alertAfter?: number; ackWaitMs?: number; metrics?: Registry; withTransaction?: WithTransaction<PoolClient>; batchSize?: number } = {},
  ) => {
    const consumer = await startConsumer({
      js: nats.js,
      stream: nats.names.stream,
      durable: 'user-projection',
      filterSubjects: [nats.names.filter('identity.user.*')],
      logger,
      schema: db.schema,
      withTransaction: options.withTransaction ?? withPgTransaction(db.pool),
      handle,
      retryDelay: { baseMs: 50, maxMs: 200 },
      alertAfter: options.alertAfter,
      ackWaitMs: options.ackWaitMs,
      metrics: options.metrics,
      metricsIntervalMs: 50,
      batchSize: options.batchSize,
    });
    consumers.push(consumer);
    return consumer;
  };

  it('handles a message in a transaction with its processed-message row, then acknowledges it', async () => {
    await start(async ({ tx, messageId }) => void (await recordEffect(tx, messageId)));
    await publishDirect(nats.js, subject, encode({}), { msgId: 'm-1' });

    await eventually(async () => (await effects()).length === 1);
    expect(await processed()).toEqual([{ consumer: 'user-projection', message_id: 'm-1' }]);
    await eventually(async () => {
      const info = await jetStreamConsumer();
      return info.num_ack_pending === 0 && info.num_pending === 0;
    });
  });

  describe('in batches (batchSize)', () => {
    /** The transaction each message was handled in (Postgres' transaction id). */
    const txOf = async (tx: PoolClient) => (await tx.query<{ id: string }>('SELECT txid_current()::text AS id')).rows[0]!.id;

    it('handles messages that queue up in shared transactions, each once, with their processed-message rows', async () => {
      const transactions = new Map<string, string>();
      let gate: () => void = () => undefined;
      const opened = new Promise<void>((resolve) => (gate = resolve));
      await start(
        async ({ tx, messageId }) => {
          // The first message waits until everything is published, so the rest queue up behind it.
          if (messageId === 'b-0') await opened;
          transactions.set(messageId, await txOf(tx));
          await recordEffect(tx, messageId);
        },
        { batchSize: 10 },
      );
      for (let i = 0; i < 31; i++) await publishDirect(nats.js, subject, encode({}), { msgId: `b-${i}` });
      gate();

      await eventually(async () => (await effects()).length === 31, 10_000);
      expect(await processed()).toHaveLength(31);
      const sizes = [...new Set(transactions.values())].map((id) => [...transactions.values()].filter((t) => t === id).length);
      expect(Math.max(...sizes)).toBe(10);
      expect(sizes.length).toBeLessThanOrEqual(6);
      await eventually(async () => {
        const info = await jetStreamConsumer();
        return info.num_ack_pending === 0 && info.num_pending === 0;
      });
    });

    it('delivers the messages of a failed batch one by one: a poison message goes aside alone, the others are handled once', async () => {
      const attempts: Record<string, number> = {};
      let gate: () => void = () => undefined;
      const opened = new Promise<void>((resolve) => (gate = resolve));
      await start(
        async ({ tx, messageId }) => {
          attempts[messageId] = (attempts[messageId] ?? 0) + 1;
          if (messageId === 'p-0') await opened;
          if (messageId === 'p-poison') throw new PoisonMessage('cannot handle this');
          await recordEffect(tx, messageId);
        },
        { batchSize: 10 },
      );
      for (const id of ['p-0', 'p-1', 'p-poison', 'p-2']) await publishDirect(nats.js, subject, encode({}), { msgId: id });
      gate();

      await eventually(async () => (await effects()).length === 3, 10_000);
      expect(await effects()).toEqual(['p-0', 'p-1', 'p-2']);
      await eventually(async () => (await listDeadLetters(nats.jsm, nats.names.stream)).length === 1, 5000);
      // p-1 ran in the failed batch and again alone; its effect is there once.
      expect(attempts['p-1']).toBe(2);
      expect((await processed()).map((r) => r.message_id).sort()).toEqual(['p-0', 'p-1', 'p-2']);
    });
  });

  it('handles a message delivered twice only once', async () => {
    // The first delivery outlives the ack wait, so the server delivers the message again.
    let calls = 0;
    const metrics = new Registry();
    await start(
      async ({ tx, messageId }) => {
        calls++;
        await recordEffect(tx, messageId);
        if (calls === 1) await new Promise((r) => setTimeout(r, 1500));
      },
      { ackWaitMs: 1000, metrics },
    );
    await publishDirect(nats.js, subject, encode({}), { msgId: 'm-twice' });

    await eventually(async () => (await metrics.getSingleMetricAsString('messaging_consumer_messages_total')).includes('outcome="duplicate"'), 5000);
    expect(calls).toBe(1);
    expect(await effects()).toEqual(['m-twice']);
  });

  it('retries a failing handler until it succeeds, keeping nothing of the failed attempts', async () => {
    const deliveries: number[] = [];
    await start(async ({ tx, messageId, deliveryCount }) => {
      deliveries.push(deliveryCount);
      await recordEffect(tx, messageId);
      if (deliveryCount < 3) throw new Error('temporary failure');
    });
    await publishDirect(nats.js, subject, encode({}), { msgId: 'm-flaky' });

    await eventually(async () => (await effects()).length === 1);
    expect(deliveries).toEqual([1, 2, 3]);
    expect(await processed()).toHaveLength(1);
  });

  it('sets a poison message aside as a dead letter with its reason at once, and goes on with the next', async () => {
    const attempts: Record<string, number> = {};
    const metrics = new Registry();
    await start(
      async ({ tx, messageId }) => {
        attempts[messageId] = (attempts[messageId] ?? 0) + 1;
        if (messageId === 'poison') throw new PoisonMessage('cannot handle this');
        await recordEffect(tx, messageId);
      },
      { metrics },
    );
    await publishDirect(nats.js, subject, encode({}), { msgId: 'poison', headers: { traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' } });
    await publishDirect(nats.js, subject, encode({}), { msgId: 'fine' });

    await eventually(async () => (await effects()).includes('fine') && (await listDeadLetters(nats.jsm, nats.names.stream)).length === 1);
    expect(attempts).toEqual({ poison: 1, fine: 1 });
    const [letter] = await listDeadLetters(nats.jsm, nats.names.stream);
    expect(letter).toMatchObject({ consumer: 'user-projection', subject, messageId: 'poison', reason: 'cannot handle this', deliveries: 1 });
    expect(await processed()).toEqual([{ consumer: 'user-projection', message_id: 'fine' }]);
    await eventually(async () => (await jetStreamConsumer()).num_ack_pending === 0);
    expect(await metrics.getSingleMetricAsString('messaging_consumer_messages_total')).toContain('outcome="dead-lettered"');
    // Within JetStream's duplicate window the original id is still remembered: the letter stays.
    expect(await replayDeadLetter(nats.js, nats.jsm, nats.names.stream, letter!.sequence)).toBe('duplicate');
    expect(await listDeadLetters(nats.jsm, nats.names.stream, { consumer: 'user-projection' })).toHaveLength(1);
    expect(await listDeadLetters(nats.jsm, nats.names.stream, { consumer: 'someone-else' })).toHaveLength(0);
  });

  it('replays a dead letter onto its subject once the handler can take it', async () => {
    let fixed = false;
    await start(async ({ tx, messageId }) => {
      if (!fixed) throw new PoisonMessage('not yet');
      await recordEffect(tx, messageId);
    });
    await nats.js.publish(subject, encode({ n: 1 }));
    await eventually(async () => (await listDeadLetters(nats.jsm, nats.names.stream)).length === 1);
    fixed = true;
    const [letter] = await listDeadLetters(nats.jsm, nats.names.stream);
    expect(await replayDeadLetter(nats.js, nats.jsm, nats.names.stream, letter!.sequence)).toBe('replayed');
    await eventually(async () => (await effects()).length === 1);
    expect(await listDeadLetters(nats.jsm, nats.names.stream)).toEqual([]);
    expect(await replayDeadLetter(nats.js, nats.jsm, nats.names.stream, letter!.sequence)).toBe('missing');
  });

  it('keeps retrying a failing handler past alertAfter, stalled meanwhile, until it succeeds', async () => {
    const deliveries: number[] = [];
    let stalledSeen = false;
    const consumer = await start(
      async ({ tx, messageId, deliveryCount }) => {
        deliveries.push(deliveryCount);
        if (deliveryCount < 6) throw new Error('Redis is down');
        await recordEffect(tx, messageId);
      },
      { alertAfter: 2 },
    );
    await publishDirect(nats.js, subject, encode({}), { msgId: 'm-outage-in-handler' });
    await eventually(async () => {
      stalledSeen ||= consumer.stalled();
      return (await effects()).length === 1;
    }, 15_000);
    expect(deliveries).toEqual([1, 2, 3, 4, 5, 6]);
    expect(stalledSeen).toBe(true);
    expect(consumer.stalled()).toBe(false);
    expect(await listDeadLetters(nats.jsm, nats.names.stream)).toEqual([]);
  });

  it('keeps retrying while the database itself fails', async () => {
    let outages = 3;
    const flakyDatabase: WithTransaction<PoolClient> = async (work) => {
      if (outages-- > 0) throw new Error('connection refused');
      return withPgTransaction(db.pool)(work);
    };
    await start(async ({ tx, messageId }) => void (await recordEffect(tx, messageId)), { alertAfter: 1, withTransaction: flakyDatabase });
    await publishDirect(nats.js, subject, encode({}), { msgId: 'm-outage' });

    await eventually(async () => (await effects()).length === 1, 5000);
  });

  it('resumes where it left off after a restart', async () => {
    const first = await start(async ({ tx, messageId }) => void (await recordEffect(tx, messageId)));
    await publishDirect(nats.js, subject, encode({}), { msgId: 'before' });
    await eventually(async () => (await effects()).length === 1);
    await first.stop();

    await publishDirect(nats.js, subject, encode({}), { msgId: 'while-stopped' });
    await start(async ({ tx, messageId }) => void (await recordEffect(tx, messageId)));

    await eventually(async () => (await effects()).length === 2);
    expect(await effects()).toEqual(['before', 'while-stopped']);
  });

  it('reports its lag and outcomes as Prometheus metrics', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const metrics = new Registry();
    await start(
      async ({ tx, messageId }) => {
        await gate;
        await recordEffect(tx, messageId);
      },
      { metrics },
    );
    for (let i = 0; i < 5; i++) await publishDirect(nats.js, subject, encode({}), { msgId: `lag-${i}` });

    const lag = async () => {
      const metric = await metrics.getMetricsAsJSON();
      return metric.find((m) => m.name === 'messaging_consumer_lag')?.values[0]?.value;
    };
    await eventually(async () => (await lag()) === 5);
    release();
    await eventually(async () => (await lag()) === 0);
    expect(await metrics.getSingleMetricAsString('messaging_consumer_messages_total')).toContain('outcome="handled"} 5');
  });

  it('runs without a database for processes that have none, one JetStream consumer per filter', async () => {
    const seen: string[] = [];
    const consumer = await startConsumer({
      js: nats.js,
      stream: nats.names.stream,
      durable: 'gateway-sessions',
      filterSubjects: [nats.names.filter('identity.user.suspended'), nats.names.filter('identity.session.revoked')],
      logger,
      handle: async (m) => void seen.push(nats.names.logical(m.subject)),
    });
    consumers.push(consumer);
    await publishDirect(nats.js, nats.names.subject('identity.user.suspended'), encode({}), { msgId: 's-1' });
    await publishDirect(nats.js, nats.names.subject('identity.session.revoked'), encode({}), { msgId: 's-2' });
    await publishDirect(nats.js, nats.names.subject('identity.user.registered'), encode({}), { msgId: 's-3' });

    await eventually(() => seen.length === 2);
    expect(seen.sort()).toEqual(['identity.session.revoked', 'identity.user.suspended']);
    const names: string[] = [];
    for await (const c of nats.jsm.consumers.list(nats.names.stream)) names.push(c.name);
    expect(names.sort()).toEqual([
      `gateway-sessions__${nats.names.subjectPrefix}_identity_session_revoked`,
      `gateway-sessions__${nats.names.subjectPrefix}_identity_user_suspended`,
    ]);
  });
});
