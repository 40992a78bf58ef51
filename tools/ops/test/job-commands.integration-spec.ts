import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { Pool } from 'pg';
import { runMigrations } from '@platform/db';
import { createTestSchema, workspaceRoot, type TestSchema } from '@platform/testing';
import { listJobs } from '../src/job-commands';

const ORG = '6f1d2a52-0000-4000-8000-00000000a0b1';
const ADMIN = '6f1d2a52-0000-4000-8000-00000000a0b2';

/** `jobs` against each service's real tables: its own migrations applied to a throw-away schema. */
describe('jobs', () => {
  const services = ['connector', 'notifications', 'content', 'documents'] as const;
  const schemas: Partial<Record<(typeof services)[number], TestSchema>> = {};
  let pool: Pool;
  const table = (service: (typeof services)[number], name: string) => `"${schemas[service]!.schema}".${name}`;
  const schemaNames = () => Object.fromEntries(services.map((s) => [s, schemas[s]!.schema]));

  beforeAll(async () => {
    for (const service of services) {
      const schema = await createTestSchema(`ops-jobs-${service}`);
      schemas[service] = schema;
      await runMigrations({
        connectionString: schema.connectionString,
        schema: schema.schema,
        migrationsDir: path.join(workspaceRoot(), 'apps', service, 'prisma/migrations'),
      });
    }
    pool = new Pool({ connectionString: schemas.connector!.connectionString, max: 2 });
  });
  afterAll(async () => {
    await pool?.end();
    for (const schema of Object.values(schemas)) await schema.drop();
  });

  it('says so when nothing is in progress', async () => {
    expect(await listJobs(pool, { schemas: schemaNames(), staleAfterSeconds: 300 })).toEqual(['no jobs in progress']);
  });

  it('lists sync jobs, queued email and push, scheduled announcements and purges, marking the ones gone quiet', async () => {
    // One active job per connector (the connector's own rule): each job on a connector of its own.
    const connectorFor = async () => {
      const id = randomUUID();
      await pool.query(
        `INSERT INTO ${table('connector', 'connector')} (id, organization_id, type_code, name, site_url, sync_key_sealed, created_by, updated_at)
         VALUES ($1, $2, 'LEGACY', 'Old site', 'https://old.example.org', 'sealed', $3, now())`,
        [id, ORG, ADMIN],
      );
      return id;
    };
    const [running, quiet, pending, done] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const job = async (id: string, status: string, ageSeconds: number, heartbeatSeconds: number | null) =>
      pool.query(
        `INSERT INTO ${table('connector', 'sync_job')} (id, connector_id, organization_id, job_type, status, trigger, started_by, progress, attempts, created_at, started_at, heartbeat_at)
         VALUES ($1, $2, $3, 'FULL_SYNC', $4::text, 'MANUAL', $5, $6, 1, now() - make_interval(secs => $7),
                 CASE WHEN $4::text = 'PENDING' THEN NULL ELSE now() - make_interval(secs => $7) END,
                 CASE WHEN $8::int IS NULL THEN NULL ELSE now() - make_interval(secs => $8::int) END)`,
        [id, await connectorFor(), ORG, status, ADMIN, JSON.stringify(status === 'RUNNING' ? { members: { fetched: 40 } } : {}), ageSeconds, heartbeatSeconds],
      );
    await job(running, 'RUNNING', 900, 5);
    await job(quiet, 'RUNNING', 1200, 600);
    await job(pending, 'PENDING', 10, null);
    await job(done, 'DONE', 2000, 1900);

    await pool.query(
      `INSERT INTO ${table('notifications', 'email_delivery')} (id, organization_id, template_type, recipient, variables, attempts, next_attempt_at, created_at)
       VALUES ($1, $2, 'INVITATION', 'a@example.org', '{}', 3, now() - interval '20 minutes', now() - interval '30 minutes'),
              ($3, $2, 'INVITATION', 'b@example.org', '{}', 0, now(), now())`,
      [randomUUID(), ORG, randomUUID()],
    );
    const notification = randomUUID();
    await pool.query(
      `INSERT INTO ${table('notifications', 'notification')} (id, organization_id, title, body, target_type, members_only, sender_id, recipient_count)
       VALUES ($1, $2, 'Hello', 'Body', 'ALL', false, $3, 12)`,
      [notification, ORG, ADMIN],
    );
    await pool.query(
      `INSERT INTO ${table('notifications', 'push_job')} (notification_id, sent, failed, attempts, locked_until) VALUES ($1, 7, 1, 1, now() + interval '1 minute')`,
      [notification],
    );

    const article = randomUUID();
    await pool.query(
      `INSERT INTO ${table('content', 'article')} (id, organization_id, title, title_search, content, status, published_at, announcement, updated_at)
       VALUES ($1, $2, 'Spring fair', 'spring fair', 'x', 'PUBLISHED', now() + interval '1 day', 'PENDING', now())`,
      [article, ORG],
    );
    await pool.query(
      `INSERT INTO ${table('documents', 'object_purges')} (id, storage_provider, object_key, purge_after) VALUES ($1, 'LOCAL', 'a/b', now() - interval '2 hours')`,
      [randomUUID()],
    );

    const lines = await listJobs(pool, { schemas: schemaNames(), staleAfterSeconds: 300 });
    expect(lines).toEqual([
      expect.stringMatching(
        new RegExp(
          `^connector\\s+sync  ${quiet}  org=${ORG}  RUNNING FULL_SYNC  started=\\S+  heartbeat=60\\d s ago  attempt 1 \\{"members": \\{"fetched": 40\\}\\}  STALE$`,
        ),
      ),
      expect.stringMatching(
        new RegExp(`^connector\\s+sync  ${running}  org=${ORG}  RUNNING FULL_SYNC  started=\\S+  heartbeat=[5-7] s ago  attempt 1 .*fetched": 40\\}\\}$`),
      ),
      expect.stringMatching(new RegExp(`^connector\\s+sync  ${pending}  org=${ORG}  PENDING FULL_SYNC  started=-  heartbeat=-  attempt 1$`)),
      expect.stringMatching(new RegExp(`^notifications\\s+email-queue  2 email\\(s\\)  org=${ORG}  QUEUED  started=\\S+  heartbeat=-  max attempts 3  STALE$`)),
      expect.stringMatching(
        new RegExp(`^notifications\\s+push  ${notification}  org=${ORG}  PENDING  started=\\S+  heartbeat=in (59|60) s  sent 7, failed 1, attempt 1$`),
      ),
      expect.stringMatching(new RegExp(`^content\\s+announcement  ${article}  org=${ORG}  SCHEDULED  started=\\S+  heartbeat=-  Spring fair$`)),
      expect.stringMatching(new RegExp(`^documents\\s+object-purge  1 object\\(s\\)  org=-  DUE  started=\\S+  heartbeat=-  1 due  STALE$`)),
    ]);

    const stale = await listJobs(pool, { schemas: schemaNames(), staleAfterSeconds: 300, onlyStale: true });
    expect(stale.map((line) => line.split(/\s+/).slice(0, 3).join(' '))).toEqual([
      `connector sync ${quiet}`,
      'notifications email-queue 2',
      'documents object-purge 1',
    ]);
    expect(await listJobs(pool, { schemas: schemaNames(), staleAfterSeconds: 3600, onlyStale: true })).toEqual([
      expect.stringMatching(/^documents\s+object-purge/),
    ]);
  });

  it('names a service whose table it cannot read', async () => {
    expect(await listJobs(pool, { schemas: { connector: 'no_such_schema' }, staleAfterSeconds: 300 })).toEqual([
      'connector      sync  unreadable: relation "no_such_schema.sync_job" does not exist',
    ]);
  });
});
