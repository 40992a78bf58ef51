import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { connectivityState } from '@grpc/grpc-js';
import { encodePayload, jetstream, messageConsumer, publishDirect, SUBJECTS, type NatsConnection } from '@platform/messaging';
import { healthV1, organisationV1 } from '@platform/proto';
import {
  createTestMessaging,
  createTestSchema,
  eventually as eventuallyTrue,
  fakeGrpcService,
  TEST_JWT_SECRET,
  TEST_SERVICE_JWT_SECRET,
  testSigner,
  type TestMessaging,
  type TestSchema,
} from '@platform/testing';
import { createClient, unary } from '../src';
import { startPlatformService, type PlatformClients, type PlatformDb, type PlatformServiceSpec } from '../src/platform-service';

describe('a platform service started from its spec', () => {
  let database: TestSchema;
  let messaging: TestMessaging;
  let migrations: string;
  let admin: pg.Pool;
  /** What closed, in order; the database notes whether NATS was already closed. */
  let events: string[];
  /** The NATS connection the platform handed to the wiring. */
  let nc: NatsConnection | undefined;

  /** A real Postgres-backed client with the methods the platform calls: a PrismaClient's, on `pg`. */
  type TestDb = PlatformDb & { $transaction<T>(work: (tx: pg.PoolClient) => Promise<T>): Promise<T> };
  const createDb = (url: string, schema: string): TestDb => {
    const pool = new pg.Pool({ connectionString: url, max: 2, options: `-c search_path=${schema}` });
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
      $disconnect: async () => {
        events.push(`db disconnect (NATS ${nc?.isClosed() ? 'closed' : 'open'})`);
        await pool.end();
      },
    };
  };

  const spec = (parts: Partial<PlatformServiceSpec<TestDb>> = {}): PlatformServiceSpec<TestDb> => ({
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
    publishes: [SUBJECTS.auditRecorded],
    ...parts,
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
      infra.onStop(async () => void events.push(`wiring stop (relay ${(await relayConnections()) > 0 ? 'running' : 'stopped'})`));
      return { services: [] };
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
      infra.onStop(() => void events.push(`wiring stop (job runs so far: ${runs})`));
      return { services: [], jobs: [job] };
    });
    await eventually(async () => runs >= 1);
    await service.stop();
    const ranBeforeStop = runs;
    await new Promise((r) => setTimeout(r, 60));
    expect(runs).toBe(ranBeforeStop);
    expect(events).toEqual([`wiring stop (job runs so far: ${ranBeforeStop})`, 'db disconnect (NATS closed)']);
  });

  it('runs no outbox relay for a service that publishes nothing, and refuses an outbox write it did not register', async () => {
    let outboxWrite: Promise<unknown> | undefined;
    const service = await startPlatformService(spec({ publishes: [] }), (infra) => {
      nc = infra.nc;
      outboxWrite = infra.outbox.write({ $executeRawUnsafe: async () => 1 }, SUBJECTS.auditRecorded, {} as never);
      return { services: [] };
    });
    try {
      await expect(outboxWrite).rejects.toThrow("'audit.recorded' is not among the subjects this service publishes");
      await new Promise((r) => setTimeout(r, 200));
      expect(await relayConnections()).toBe(0);
    } finally {
      await service.stop();
    }
  });

  it('hands the wiring a client of each service it calls, with its service token, and closes them at stop', async () => {
    const organisation = await fakeGrpcService(
      organisationV1.OrganisationServiceService,
      { listAccountMemberships: () => ({ memberships: [] }) },
      { serviceToken: testSigner() },
    );
    let clients: PlatformClients | undefined;
    const service = await startPlatformService(
      spec({
        name: 'notifications',
        jwt: { issuer: 'association-platform', userKeys: { secret: TEST_JWT_SECRET }, serviceKeys: { secret: TEST_SERVICE_JWT_SECRET } },
        callees: { organisation: organisation.address, events: '' },
      }),
      (infra) => {
        nc = infra.nc;
        clients = infra.clients;
        return { services: [] };
      },
    );
    try {
      const callee = clients!.of('organisation');
      await expect(callee.call(callee.client.listAccountMemberships, { accountId: 'a' })).resolves.toEqual({ memberships: [] });
      expect(organisation.callsOf('listAccountMemberships')).toHaveLength(1);
      expect(testSigner().verifyService(organisation.calls[0]!.token!)).toMatchObject({ sub: 'service:notifications' });
      expect(clients!.has('events')).toBe(false);
      expect(() => clients!.of('events')).toThrow('EVENTS_GRPC_URL is empty');
      expect(() => clients!.of('identity')).toThrow("'notifications' calls 'identity', which the service registry does not list in its calls");
    } finally {
      await service.stop();
      await organisation.stop();
    }
    expect(clients!.of('organisation').client.getChannel().getConnectivityState(false)).toBe(connectivityState.SHUTDOWN);
  });

  it("runs the wiring's consumers once the server serves, each message in a transaction, and stops them before the wiring's parts", async () => {
    const handled: string[] = [];
    let committed = 0;
    let stoppingAtFirstStep: boolean | undefined;
    const service = await startPlatformService(spec({ consumes: [SUBJECTS.passwordChanged] }), (infra) => {
      nc = infra.nc;
      infra.onStop(() => {
        stoppingAtFirstStep = infra.stopping.aborted;
        events.push(`wiring stop (handled ${handled.length})`);
      });
      return {
        services: [],
        consumers: [
          messageConsumer({
            durable: 'platform-service-test-passwords',
            subjects: [SUBJECTS.passwordChanged],
            afterCommit: () => void committed++,
            handle: async ({ event, tx }) => {
              await tx.query('SELECT 1');
              handled.push(event.accountId);
            },
          }),
        ],
      };
    });
    try {
      const payload = encodePayload(SUBJECTS.passwordChanged, {
        accountId: 'acc-1',
        email: 'a@example.org',
        via: 'RESET',
        occurredAt: new Date().toISOString(),
      });
      await publishDirect(jetstream(nc!), messaging.names.subject(SUBJECTS.passwordChanged), payload, { msgId: 'platform-service-test-1' });
      await eventuallyTrue(async () => expect(handled).toEqual(['acc-1']), 5000);
      expect(committed).toBe(1);
      const { rows } = await admin.query(`SELECT consumer FROM "${database.schema}".processed_message`);
      expect(rows).toEqual([{ consumer: 'platform-service-test-passwords' }]);
    } finally {
      await service.stop();
    }
    expect(stoppingAtFirstStep).toBe(true);
    expect(events).toEqual(['wiring stop (handled 1)', 'db disconnect (NATS closed)']);
  });

  it("refuses consumers that disagree with the registry's consumes, closing what it opened", async () => {
    const start = startPlatformService(spec({ consumes: [SUBJECTS.passwordChanged, SUBJECTS.sessionRevoked] }), (infra) => {
      nc = infra.nc;
      return {
        services: [],
        consumers: [messageConsumer({ durable: 'platform-service-test-other', subjects: [SUBJECTS.passwordChanged], handle: async () => undefined })],
      };
    });
    await expect(start).rejects.toThrow('the service registry lists identity.session.revoked in consumes, but no consumer reads it');
    expect(events).toEqual(['db disconnect (NATS closed)']);
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
