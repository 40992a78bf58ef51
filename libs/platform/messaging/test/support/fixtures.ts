import { randomBytes } from 'node:crypto';
import { Pool } from 'pg';
import { createLogger } from '@platform/telemetry';
import {
  connectNats,
  deadLetterStream,
  ensureStream,
  jetstream,
  jetstreamManager,
  messagingTablesSql,
  MessagingNames,
  type JetStreamClient,
  type JetStreamManager,
  type NatsConnection,
} from '../../src';

export const DATABASE_URL = process.env['TEST_DATABASE_URL'] ?? process.env['DATABASE_URL'] ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
export const NATS_URL = process.env['TEST_NATS_URL'] ?? process.env['NATS_URL'] ?? 'nats://127.0.0.1:4222';
export const logger = createLogger('messaging-test');

export interface NatsFixture {
  nc: NatsConnection;
  js: JetStreamClient;
  jsm: JetStreamManager;
  names: MessagingNames;
  close(): Promise<void>;
}

/**
 * A NATS connection and a stream of this suite's own (`T_<id>`, subjects `t<id>.…`), deleted on
 * close. (The messaging lib cannot use @platform/testing, which depends on it.)
 */
export async function natsFixture(options: { duplicateWindowMs?: number } = {}): Promise<NatsFixture> {
  const id = randomBytes(5).toString('hex');
  const names = new MessagingNames({ stream: `T_${id}`, subjectPrefix: `t${id}` });
  const nc = await connectNats({ url: NATS_URL, name: `messaging-test-${id}`, logger });
  const jsm = await jetstreamManager(nc);
  await ensureStream(jsm, { name: names.stream, subjects: names.streamSubjects(), ...options });
  return {
    nc,
    js: jetstream(nc),
    jsm,
    names,
    async close() {
      await jsm.streams.delete(names.stream).catch(() => undefined);
      await jsm.streams.delete(deadLetterStream(names.stream)).catch(() => undefined);
      await nc.close();
    },
  };
}

export interface SchemaFixture {
  schema: string;
  pool: Pool;
  drop(): Promise<void>;
}

/** A throw-away Postgres schema with the outbox and processed-message tables, and a pool for it. */
export async function schemaFixture(): Promise<SchemaFixture> {
  const schema = `msg_test_${randomBytes(5).toString('hex')}`;
  const pool = new Pool({ connectionString: DATABASE_URL, max: 20 });
  await pool.query(`CREATE SCHEMA "${schema}"`);
  await pool.query(messagingTablesSql(schema));
  return {
    schema,
    pool,
    async drop() {
      await pool.query(`DROP SCHEMA "${schema}" CASCADE`);
      await pool.end();
    },
  };
}

/** Polls until check() holds, failing after timeoutMs. */
export async function eventually(check: () => Promise<boolean> | boolean, timeoutMs = 10_000, everyMs = 20): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

export const encode = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
export const decode = <T>(data: Uint8Array): T => JSON.parse(new TextDecoder().decode(data)) as T;
