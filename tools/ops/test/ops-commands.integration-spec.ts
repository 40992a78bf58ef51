import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import {
  connectNats,
  jetstream,
  jetstreamManager,
  decodePayload,
  messagingTablesSql,
  SUBJECTS,
  startConsumer,
  PoisonMessage,
  type NatsConnection,
  type RunningConsumer,
} from '@platform/messaging';
import { lockoutKeys } from '@platform/auth';
import {
  createTestMessaging,
  createTestRedis,
  createTestSchema,
  eventually,
  openEventReader,
  testLogger,
  testNatsUrl,
  type TestSchema,
} from '@platform/testing';
import { unlockAccount } from '../src/account-commands';
import {
  discardConsumerDeadLetters,
  listConsumerDeadLetters,
  listOutboxDeadLetters,
  outboxLag,
  replayConsumerDeadLetters,
  type Messaging,
} from '../src/dead-letter-commands';

/** The operator commands against a real schema and a real stream, as an operator runs them. */
describe('operator commands', () => {
  let schema: TestSchema;
  let pool: Pool;

  beforeAll(async () => {
    schema = await createTestSchema('ops');
    pool = new Pool({ connectionString: schema.connectionString, max: 2 });
    await pool.query(messagingTablesSql(schema.schema));
  });
  afterAll(async () => {
    await pool.end();
    await schema.drop();
  });

  describe('outbox', () => {
    it('shows each schema’s waiting events, the oldest’s age and its dead letters, and a schema it cannot read', async () => {
      const table = `"${schema.schema}"`;
      await pool.query(
        `INSERT INTO ${table}.outbox_event (id, subject, payload, created_at) VALUES ($1, 'identity.user.registered', '\\x00', now() - interval '90 seconds')`,
        [randomUUID()],
      );
      const dead = randomUUID();
      await pool.query(
        `INSERT INTO ${table}.outbox_dead_letter (id, subject, payload, created_at, attempts, last_error) VALUES ($1, 'nostream.thing.happened', '\\x00', now(), 10, 'no stream')`,
        [dead],
      );
      const [line, missing] = await outboxLag(pool, [schema.schema, 'no_such_schema']);
      expect(line).toMatch(new RegExp(`^${schema.schema}\\s+waiting=1  oldest=(89|9\\d) s  dead-letters=1$`));
      expect(missing).toMatch(/^no_such_schema\s+unreadable: relation "no_such_schema.outbox_event" does not exist$/);
      expect(await listOutboxDeadLetters(pool, schema.schema)).toEqual([
        expect.stringMatching(new RegExp(`^${dead} .* nostream.thing.happened  attempts=10  error: no stream$`)),
      ]);
    });
  });

  describe('dead letters', () => {
    const messaging = createTestMessaging('ops');
    let nc: NatsConnection;
    let m: Messaging;
    let consumer: RunningConsumer;
    let fixed = false;
    const handled: string[] = [];

    beforeAll(async () => {
      await messaging.ensureStream();
      nc = await connectNats({ url: testNatsUrl(), name: 'ops-test', logger: testLogger() });
      m = { js: jetstream(nc), jsm: await jetstreamManager(nc), stream: messaging.names.stream };
      consumer = await startConsumer({
        js: m.js,
        stream: m.stream,
        durable: 'ops-test-consumer',
        filterSubjects: [messaging.names.filter('identity.user.*')],
        logger: testLogger(),
        handle: async (message) => {
          if (!fixed) throw new PoisonMessage('cannot read it yet');
          handled.push(message.messageId);
        },
      });
    });
    afterAll(async () => {
      await consumer.stop();
      await nc.close();
      await messaging.cleanup();
    });

    it('lists them with their reason, replays one once the handler can take it, and discards another', async () => {
      expect(await listConsumerDeadLetters(m)).toEqual([`no dead letters in ${m.stream}`]);
      await m.js.publish(messaging.names.subject('identity.user.registered'), new Uint8Array([1]));
      await m.js.publish(messaging.names.subject('identity.user.registered'), new Uint8Array([2]));
      await eventually(async () => expect(await listConsumerDeadLetters(m, 'ops-test-consumer')).toHaveLength(2));
      const lines = await listConsumerDeadLetters(m, 'ops-test-consumer');
      expect(lines[0]).toMatch(/^#1 .* ops-test-consumer .*identity\.user\.registered .* reason: cannot read it yet$/);

      fixed = true;
      expect(await replayConsumerDeadLetters(m, [1])).toEqual(['#1: replayed']);
      await eventually(() => expect(handled).toHaveLength(1));
      expect(await discardConsumerDeadLetters(m, [2, 99])).toEqual(['#2: discarded', '#99: missing']);
      expect(await listConsumerDeadLetters(m)).toEqual([`no dead letters in ${m.stream}`]);
      expect(await replayConsumerDeadLetters(m, 'all')).toEqual(['nothing to replay']);
    });
  });

  describe('unlock', () => {
    const redis = createTestRedis('ops-unlock');
    const messaging = createTestMessaging('opsunlock');
    let nc: NatsConnection;

    beforeAll(async () => {
      await messaging.ensureStream();
      nc = await connectNats({ url: testNatsUrl(), name: 'ops-unlock-test', logger: testLogger() });
    });
    afterAll(async () => {
      await nc.close();
      await redis.cleanup();
      await messaging.cleanup();
    });

    it('clears the account’s lockout keys and records LOGIN_UNLOCKED with the operator in the audit log', async () => {
      const keys = lockoutKeys(redis.prefix, 'ann@example.org');
      await redis.redis.set(keys[0], '5');
      await redis.redis.set(keys[1], '1');
      const reader = await openEventReader(messaging.names);
      try {
        let line = '';
        const raw = await reader.nextMessage(SUBJECTS.auditRecorded, async () => {
          line = await unlockAccount(redis.redis, redis.prefix, { js: jetstream(nc), names: messaging.names }, ' Ann@Example.org ', 'olga');
        });
        expect(line).toBe('ann@example.org: unlocked');
        expect(await redis.redis.exists(...keys)).toBe(0);
        const entry = decodePayload(SUBJECTS.auditRecorded, raw!);
        expect(entry).toMatchObject({ action: 'LOGIN_UNLOCKED', userEmail: 'ann@example.org', resourceType: 'ACCOUNT' });
        expect(JSON.parse(entry.detailJson)).toEqual({ by: 'olga', via: 'ops-cli', wasLocked: true });
      } finally {
        await reader.close();
      }
      expect(await unlockAccount(redis.redis, redis.prefix, { js: jetstream(nc), names: messaging.names }, 'ann@example.org', 'olga')).toBe(
        'ann@example.org: was not locked (recorded anyway)',
      );
    });
  });
});
