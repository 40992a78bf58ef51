import type { PoolClient } from 'pg';
import {
  consumeMessages,
  encodePayload,
  listDeadLetters,
  publishDirect,
  SUBJECTS,
  withPgTransaction,
  type CataloguedMessage,
  type RunningConsumer,
} from '../src';
import { eventually, logger, natsFixture, schemaFixture, type NatsFixture, type SchemaFixture } from './support/fixtures';

describe('a consumer of catalogued events', () => {
  let nats: NatsFixture;
  let db: SchemaFixture;
  let consumer: RunningConsumer | undefined;
  const SUBJECTS_CONSUMED = [SUBJECTS.passwordChanged, SUBJECTS.organizationDeleted] as const;
  let handled: Array<CataloguedMessage<(typeof SUBJECTS_CONSUMED)[number], PoolClient>>;

  beforeEach(async () => {
    nats = await natsFixture();
    db = await schemaFixture();
    handled = [];
    consumer = await consumeMessages(
      { js: nats.js, names: nats.names, schema: db.schema, withTransaction: withPgTransaction(db.pool), logger },
      { durable: 'catalogue-test', subjects: SUBJECTS_CONSUMED, retryDelay: { baseMs: 50, maxMs: 200 }, handle: async (message) => void handled.push(message) },
    );
  });

  afterEach(async () => {
    await consumer?.stop();
    await db.drop();
    await nats.close();
  });

  const processed = async () => (await db.pool.query(`SELECT message_id FROM "${db.schema}".processed_message ORDER BY 1`)).rows.map((r) => r.message_id);

  it('hands each message over with its logical subject and its payload decoded as that subject says', async () => {
    const changed = { accountId: 'a-1', email: 'ann@example.org', via: 'RESET', occurredAt: '2026-01-01T00:00:00.000Z' };
    const deleted = { organizationId: 'o-1', slug: 'gone', occurredAt: '2026-01-02T00:00:00.000Z' };
    await publishDirect(nats.js, nats.names.subject(SUBJECTS.passwordChanged), encodePayload(SUBJECTS.passwordChanged, changed), { msgId: 'm-changed' });
    await publishDirect(nats.js, nats.names.subject(SUBJECTS.organizationDeleted), encodePayload(SUBJECTS.organizationDeleted, deleted), {
      msgId: 'm-deleted',
    });

    await eventually(() => handled.length === 2);
    const bySubject = Object.fromEntries(handled.map((m) => [m.subject, m]));
    expect(bySubject[SUBJECTS.passwordChanged]).toMatchObject({ event: changed, messageId: 'm-changed' });
    expect(bySubject[SUBJECTS.organizationDeleted]).toMatchObject({ event: deleted, messageId: 'm-deleted' });
  });

  it('sets a message that does not decode aside as a dead letter, without retrying it, and goes on', async () => {
    await publishDirect(nats.js, nats.names.subject(SUBJECTS.passwordChanged), new Uint8Array([0xff, 0xff, 0xff]), { msgId: 'm-garbage' });
    const changed = { accountId: 'a-2', email: 'bob@example.org', via: 'CHANGE', occurredAt: '2026-01-03T00:00:00.000Z' };
    await publishDirect(nats.js, nats.names.subject(SUBJECTS.passwordChanged), encodePayload(SUBJECTS.passwordChanged, changed), { msgId: 'm-good' });

    await eventually(async () => (await processed()).length === 1 && (await listDeadLetters(nats.jsm, nats.names.stream)).length === 1);
    expect(handled.map((m) => m.messageId)).toEqual(['m-good']);
    expect(await processed()).toEqual(['m-good']);
    const [letter] = await listDeadLetters(nats.jsm, nats.names.stream);
    expect(letter).toMatchObject({ messageId: 'm-garbage', deliveries: 1, reason: expect.stringMatching(/^does not decode as identity.password.changed/) });
  });
});
