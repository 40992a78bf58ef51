import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { StreamInfo } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { consumerNameFor, jetstreamManager, messageConsumer, SUBJECTS, type JetStreamManager, type NatsConnection } from '@platform/messaging';
import { createTestMessaging, createTestSchema, eventually, startNatsCluster, type NatsCluster, type TestMessaging, type TestSchema } from '@platform/testing';
import type { RunningService } from '../src';
import { startPlatformService, type PlatformDb, type PlatformInfra } from '../src/platform-service';

type TestDb = PlatformDb & { $transaction<T>(work: (tx: pg.PoolClient) => Promise<T>): Promise<T> };

/** How long publishing and consuming may stall while JetStream elects new leaders (its Raft waits 4 to 9 s) and the client moves. */
const RECOVERY_BOUND_MS = 20_000;
const DURABLE = 'stream-replicas-test';

/**
 * A platform service on a three-node JetStream cluster started by the test, given every server's
 * URL in NATS_URL and NATS_STREAM_REPLICAS=3: the kit creates the stream with three replicas, and
 * its outbox relay and consumer keep working when the server that held the most is killed: the
 * stream's leader, the consumer's leader and the service's connection, all at once.
 */
describe('a platform service on a three-node JetStream cluster', () => {
  let nats: NatsCluster;
  let database: TestSchema;
  let messaging: TestMessaging;
  let migrations: string;
  let service: RunningService;
  let infra: PlatformInfra<TestDb>;
  let admin: NatsConnection;
  let jsm: JetStreamManager;
  const handled: string[] = [];

  const createDb = (url: string, schema: string): TestDb => {
    const pool = new pg.Pool({ connectionString: url, max: 3, options: `-c search_path=${schema}` });
    return {
      $queryRawUnsafe: async (sql) => (await pool.query(sql)).rows,
      $transaction: async (work) => {
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          const result = await work(client);
          await client.query('COMMIT');
          return result;
        } catch (err) {
          await client.query('ROLLBACK');
          throw err;
        } finally {
          client.release();
        }
      },
      $disconnect: () => pool.end(),
    };
  };

  beforeAll(async () => {
    nats = await startNatsCluster();
    database = await createTestSchema('stream replicas');
    messaging = createTestMessaging('replicas', nats.url);
    migrations = mkdtempSync(path.join(tmpdir(), 'stream-replicas-'));
    mkdirSync(path.join(migrations, '20260101000000_init'));
    writeFileSync(
      path.join(migrations, '20260101000000_init', 'migration.sql'),
      `CREATE TABLE outbox_event (id uuid PRIMARY KEY, subject text NOT NULL, payload bytea NOT NULL, headers jsonb NOT NULL DEFAULT '{}', created_at timestamptz(6) NOT NULL DEFAULT now());`,
    );
    service = await startPlatformService(
      {
        name: 'stream-replicas-test',
        databaseUrl: database.connectionString,
        schema: database.schema,
        migrationsDir: migrations,
        natsUrl: messaging.env.NATS_URL,
        env: { ...messaging.env, NATS_STREAM_REPLICAS: '3' },
        jwt: { issuer: 'test', userKeys: { secret: 's'.repeat(40) }, serviceKeys: { secret: 'v'.repeat(40) } },
        grpcPort: 0,
        adminPort: 0,
        nodeEnv: 'test',
        createDb,
        publishes: [SUBJECTS.passwordChanged],
        consumes: [SUBJECTS.passwordChanged],
      },
      (parts) => {
        infra = parts;
        return {
          services: [],
          consumers: [
            messageConsumer({
              durable: DURABLE,
              subjects: [SUBJECTS.passwordChanged],
              handle: async ({ event }) => void handled.push(event.accountId),
            }),
          ],
        };
      },
    );
    admin = await connect({ servers: nats.url.split(','), name: 'stream-replicas-test-admin' });
    jsm = await jetstreamManager(admin);
  });

  afterAll(async () => {
    await service?.stop();
    await admin?.close();
    await nats?.stop();
    await database?.drop();
    if (migrations) rmSync(migrations, { recursive: true, force: true });
  });

  /** Writes the message in a transaction of the service's database, as a use case does; the relay publishes it. */
  const publish = (accountId: string) =>
    infra.db.$transaction((tx) =>
      infra.outbox.write(tx, SUBJECTS.passwordChanged, { accountId, email: `${accountId}@example.org`, via: 'RESET', occurredAt: new Date().toISOString() }),
    );
  const consumed = (accountId: string) => eventually(() => expect(handled).toContain(accountId), RECOVERY_BOUND_MS, 100);
  const stream = (): Promise<StreamInfo> => jsm.streams.info(messaging.names.stream);
  const consumer = () => jsm.consumers.info(messaging.names.stream, consumerNameFor(DURABLE, messaging.names.filter(SUBJECTS.passwordChanged)));

  /**
   * Moves the stream's and the consumer's leaders to `server`: each step-down elects another of the
   * replicas, so step down the one elsewhere until both are there.
   */
  const leadOn = async (server: string) => {
    for (let attempt = 0; attempt < 30; attempt++) {
      const [streamLeader, consumerLeader] = await eventually(async () => {
        const leaders = [(await stream()).cluster?.leader, (await consumer()).cluster?.leader];
        expect(leaders).not.toContain(undefined);
        return leaders;
      });
      if (streamLeader === server && consumerLeader === server) return;
      const api = streamLeader !== server ? 'STREAM' : 'CONSUMER';
      const target = api === 'STREAM' ? messaging.names.stream : `${messaging.names.stream}.${(await consumer()).name}`;
      await admin.request(`$JS.API.${api}.LEADER.STEPDOWN.${target}`, undefined, { timeout: 5_000 });
    }
    throw new Error(`the leaders did not move to ${server}`);
  };

  it('creates the platform stream with three replicas, one on each server', async () => {
    const info = await stream();
    expect(info.config.num_replicas).toBe(3);
    const leader = info.cluster?.leader;
    expect([leader, ...(info.cluster?.replicas ?? []).map((r) => r.name)].sort()).toEqual(['n1', 'n2', 'n3']);
  });

  it('publishes through the outbox and consumes after losing the server of the stream leader, the consumer leader and its connection', async () => {
    await publish('before');
    await consumed('before');
    const victim = nats.servers.find((s) => s.url.endsWith(infra.nc.getServer()))!.name;
    await leadOn(victim);

    const killedAt = Date.now();
    await nats.kill(victim);
    await publish('after');
    await consumed('after');
    expect(Date.now() - killedAt).toBeLessThan(RECOVERY_BOUND_MS);

    expect(handled).toEqual(['before', 'after']);
    const info = await stream();
    expect(info.cluster?.leader).not.toBe(victim);
    expect(infra.nc.getServer()).not.toBe(nats.servers.find((s) => s.name === victim)!.url.replace('nats://', ''));
  });
});
