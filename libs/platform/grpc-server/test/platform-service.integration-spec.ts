import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { NatsConnection } from '@platform/messaging';
import { healthV1 } from '@platform/proto';
import { createTestMessaging, createTestSchema, type TestMessaging, type TestSchema } from '@platform/testing';
import { createClient, unary } from '../src';
import { startPlatformService, type PlatformDb, type PlatformServiceSpec } from '../src/platform-service';

describe('a platform service started from its spec', () => {
  let database: TestSchema;
  let messaging: TestMessaging;
  let migrations: string;
  let admin: pg.Pool;
  /** What closed, in order; the database notes whether NATS was already closed. */
  let events: string[];
  /** The NATS connection the platform handed to the wiring. */
  let nc: NatsConnection | undefined;

  /** A real Postgres-backed client with the two methods the platform calls. */
  const createDb = (url: string, schema: string): PlatformDb => {
    const pool = new pg.Pool({ connectionString: url, max: 2, options: `-c search_path=${schema}` });
    return {
      $queryRawUnsafe: async (sql) => (await pool.query(sql)).rows,
      $disconnect: async () => {
        events.push(`db disconnect (NATS ${nc?.isClosed() ? 'closed' : 'open'})`);
        await pool.end();
      },
    };
  };

  const spec = (): PlatformServiceSpec<PlatformDb> => ({
    name: 'platform-service-test',
    databaseUrl: database.connectionString,
    schema: database.schema,
    migrationsDir: migrations,
    natsUrl: messaging.env.NATS_URL,
    env: messaging.env,
    jwt: { issuer: 'test', userKeys: { secret: 's'.repeat(40) }, serviceKeys: { secret: 'v'.repeat(40) } },
    grpcPort: 0,
    adminPort: 0,
    nodeEnv: 'test',
    createDb,
  });

  /** The relay's connections (`outbox-relay <schema>`, `outbox-listener <schema>`) on the server. */
  const relayConnections = async (): Promise<number> => {
    const { rows } = await admin.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name LIKE $1', [
      `% ${database.schema}`,
    ]);
    return rows[0]!.n;
  };
  const eventually = async (check: () => Promise<boolean>): Promise<void> => {
    const deadline = Date.now() + 5000;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error('condition not met within 5 s');
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  beforeAll(async () => {
    database = await createTestSchema('platform service');
    messaging = createTestMessaging('platformservice');
    admin = new pg.Pool({ connectionString: database.connectionString, max: 1 });
    // Prisma's layout: <dir>/<timestamp>_<name>/migration.sql, run with the service's schema as search_path.
    migrations = mkdtempSync(path.join(tmpdir(), 'platform-service-'));
    mkdirSync(path.join(migrations, '20260101000000_init'));
    writeFileSync(
      path.join(migrations, '20260101000000_init', 'migration.sql'),
      `CREATE TABLE outbox_event (id uuid PRIMARY KEY, subject text NOT NULL, payload bytea NOT NULL, headers jsonb NOT NULL DEFAULT '{}', created_at timestamptz(6) NOT NULL DEFAULT now());
       CREATE TABLE widget (id int PRIMARY KEY);`,
    );
  });

  beforeEach(() => {
    events = [];
    nc = undefined;
  });

  afterAll(async () => {
    await admin?.end();
    await messaging?.cleanup();
    await database?.drop();
    rmSync(migrations, { recursive: true, force: true });
  });

  it('migrates, serves its health check, and stops its own parts first, the database last', async () => {
    const service = await startPlatformService(spec(), (infra) => {
      nc = infra.nc;
      const stop = async () => void events.push(`wiring stop (relay ${(await relayConnections()) > 0 ? 'running' : 'stopped'})`);
      return { services: [], stop };
    });

    const { rows } = await admin.query(`SELECT migration_name FROM "${database.schema}"._prisma_migrations`);
    expect(rows).toEqual([{ migration_name: '20260101000000_init' }]);
    // The messaging tables are the platform's: the one the service's migration lacks is created too.
    const tables = await admin.query<{ tablename: string }>('SELECT tablename FROM pg_tables WHERE schemaname = $1 ORDER BY 1', [database.schema]);
    expect(tables.rows.map((t) => t.tablename)).toEqual(['_prisma_migrations', 'outbox_dead_letter', 'outbox_event', 'processed_message', 'widget']);
    await eventually(async () => (await relayConnections()) > 0);

    const health = createClient(healthV1.HealthClient, `127.0.0.1:${service.grpcPort}`);
    try {
      await expect(unary(health, health.check, { service: '' })).resolves.toEqual({ status: healthV1.HealthCheckResponse_ServingStatus.SERVING });
    } finally {
      health.close();
    }

    await service.stop();
    expect(events).toEqual(['wiring stop (relay running)', 'db disconnect (NATS closed)']);
    await eventually(async () => (await relayConnections()) === 0);
  });

  it("runs the wiring's jobs, and stops them before the wiring at shutdown", async () => {
    let runs = 0;
    const job = { name: 'count', intervalMs: 20, run: async () => (runs++, 1) };
    const service = await startPlatformService(spec(), (infra) => {
      nc = infra.nc;
      return { services: [], jobs: [job], stop: () => void events.push(`wiring stop (job runs so far: ${runs})`) };
    });
    await eventually(async () => runs >= 1);
    await service.stop();
    const ranBeforeStop = runs;
    await new Promise((r) => setTimeout(r, 60));
    expect(runs).toBe(ranBeforeStop);
    expect(events).toEqual([`wiring stop (job runs so far: ${ranBeforeStop})`, 'db disconnect (NATS closed)']);
  });

  it('closes the relay, NATS and the database when the wiring fails', async () => {
    const start = startPlatformService(spec(), (infra) => {
      nc = infra.nc;
      throw new Error('wiring failed');
    });

    await expect(start).rejects.toThrow('wiring failed');
    expect(events).toEqual(['db disconnect (NATS closed)']);
    await eventually(async () => (await relayConnections()) === 0);
  });
});
