import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestSchema, type TestSchema } from '@platform/testing';
import { checksumOf, MigrationErrorCode, runMigrations } from '../src';
import { fixtureMigrations, query } from './support/fixture';

const fixtureNames = readdirSync(fixtureMigrations, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)
  .sort();

const scratchDirs: string[] = [];
afterAll(() => scratchDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A migrations directory of our own: [name, script] pairs. */
function migrationsDir(migrations: [string, string][]): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'migrations-'));
  scratchDirs.push(dir);
  writeFileSync(path.join(dir, 'migration_lock.toml'), 'provider = "postgresql"\n');
  for (const [name, script] of migrations) {
    mkdirSync(path.join(dir, name));
    writeFileSync(path.join(dir, name, 'migration.sql'), script);
  }
  return dir;
}

interface Row {
  id: string;
  checksum: string;
  migration_name: string;
  logs: string | null;
  started_at: Date;
  finished_at: Date | null;
  rolled_back_at: Date | null;
  applied_steps_count: number;
}

describe('runMigrations', () => {
  let db: TestSchema;
  const run = (dir = fixtureMigrations) => runMigrations({ connectionString: db.connectionString, schema: db.schema, migrationsDir: dir });
  const history = () => query<Row>(db.connectionString, db.schema, 'SELECT * FROM "_prisma_migrations" ORDER BY migration_name');

  beforeEach(async () => {
    db = await createTestSchema('migrate');
  });
  afterEach(() => db.drop());

  it('applies every migration into the service schema and records it as Prisma does', async () => {
    expect(await run()).toEqual({ applied: fixtureNames });

    const rows = await history();
    expect(rows.map((r) => r.migration_name)).toEqual(fixtureNames);
    for (const row of rows) {
      const script = readFileSync(path.join(fixtureMigrations, row.migration_name, 'migration.sql'), 'utf8');
      expect(row).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        checksum: checksumOf(script),
        migration_name: row.migration_name,
        logs: null,
        started_at: expect.any(Date),
        finished_at: expect.any(Date),
        rolled_back_at: null,
        applied_steps_count: 1,
      });
    }
    const tables = await query<{ table_schema: string }>(
      db.connectionString,
      db.schema,
      `SELECT table_schema FROM information_schema.tables WHERE table_name = 'Member'`,
    );
    expect(tables.map((t) => t.table_schema)).toContain(db.schema);
    expect(tables.map((t) => t.table_schema)).not.toContain('public');
  });

  it('applies nothing when run again', async () => {
    await run();
    expect(await run()).toEqual({ applied: [] });
    expect(await history()).toHaveLength(fixtureNames.length);
  });

  it('creates the schema when it does not exist yet', async () => {
    await db.drop();
    expect((await run()).applied).toEqual(fixtureNames);
  });

  it('applies only the migrations added since the last run', async () => {
    const dir = migrationsDir([['20260101000000_a', 'CREATE TABLE a (id int);']]);
    await run(dir);
    mkdirSync(path.join(dir, '20260102000000_b'));
    writeFileSync(path.join(dir, '20260102000000_b', 'migration.sql'), 'CREATE TABLE b (id int);');
    expect(await run(dir)).toEqual({ applied: ['20260102000000_b'] });
  });

  it('refuses to start when an applied migration was changed', async () => {
    const dir = migrationsDir([['20260101000000_a', 'CREATE TABLE a (id int);']]);
    await run(dir);
    writeFileSync(path.join(dir, '20260101000000_a', 'migration.sql'), 'CREATE TABLE a (id bigint);');
    mkdirSync(path.join(dir, '20260102000000_b'));
    writeFileSync(path.join(dir, '20260102000000_b', 'migration.sql'), 'CREATE TABLE b (id int);');

    await expect(run(dir)).rejects.toMatchObject({ code: MigrationErrorCode.CHECKSUM_MISMATCH, migrations: ['20260101000000_a'] });
    expect((await history()).map((r) => r.migration_name)).toEqual(['20260101000000_a']);
  });

  it('records a failing migration, leaves no partial change, and refuses to start until it is resolved', async () => {
    const dir = migrationsDir([
      ['20260101000000_a', 'CREATE TABLE a (id int);'],
      ['20260102000000_b', 'CREATE TABLE b (id int);\nINSERT INTO b VALUES (1);\nSELECT no_such_function();'],
    ]);
    await expect(run(dir)).rejects.toMatchObject({ code: MigrationErrorCode.APPLY_FAILED, migrations: ['20260102000000_b'] });

    const failed = (await history()).find((r) => r.migration_name === '20260102000000_b')!;
    expect(failed).toMatchObject({ finished_at: null, rolled_back_at: null, applied_steps_count: 0 });
    expect(failed.logs).toContain('no_such_function');
    const leftovers = await query(db.connectionString, db.schema, `SELECT 1 FROM pg_tables WHERE schemaname = $1 AND tablename = 'b'`, [db.schema]);
    expect(leftovers).toEqual([]);

    await expect(run(dir)).rejects.toMatchObject({ code: MigrationErrorCode.FAILED_MIGRATION, migrations: ['20260102000000_b'] });

    // Resolved as with `prisma migrate resolve --rolled-back`: fix the script, mark the row rolled back.
    writeFileSync(path.join(dir, '20260102000000_b', 'migration.sql'), 'CREATE TABLE b (id int);');
    await query(db.connectionString, db.schema, `UPDATE "_prisma_migrations" SET rolled_back_at = now() WHERE finished_at IS NULL`);
    expect(await run(dir)).toEqual({ applied: ['20260102000000_b'] });
  });

  it('lets concurrent replicas apply each migration exactly once', async () => {
    const results = await Promise.all(Array.from({ length: 4 }, () => run()));

    expect(results.flatMap((r) => r.applied).sort()).toEqual(fixtureNames);
    expect(results.filter((r) => r.applied.length > 0)).toHaveLength(1);
    expect(await history()).toHaveLength(fixtureNames.length);
  });

  it('logs what it applied', async () => {
    const info = jest.fn();
    await runMigrations({ connectionString: db.connectionString, schema: db.schema, migrationsDir: fixtureMigrations, logger: { info } });
    expect(info).toHaveBeenCalledWith(expect.objectContaining({ migration: fixtureNames[0] }), 'applied migration');
    expect(info).toHaveBeenLastCalledWith(expect.objectContaining({ applied: fixtureNames }), 'database migrations up to date');
  });

  describe("the platform's tables", () => {
    const platformTablesSql =
      'CREATE TABLE IF NOT EXISTS platform_thing (id int PRIMARY KEY); CREATE INDEX IF NOT EXISTS platform_thing_id_idx ON platform_thing (id);';
    const runWithPlatformTables = (dir: string) =>
      runMigrations({ connectionString: db.connectionString, schema: db.schema, migrationsDir: dir, platformTablesSql });
    const tablesOfSchema = async () =>
      (await query<{ tablename: string }>(db.connectionString, db.schema, 'SELECT tablename FROM pg_tables WHERE schemaname = $1 ORDER BY 1', [db.schema])).map(
        (t) => t.tablename,
      );

    it("are created in the service schema after the service's migrations, without a history row", async () => {
      const dir = migrationsDir([['20260101000000_a', 'CREATE TABLE a (id int);']]);
      expect(await runWithPlatformTables(dir)).toEqual({ applied: ['20260101000000_a'] });
      expect(await tablesOfSchema()).toEqual(['_prisma_migrations', 'a', 'platform_thing']);
      expect((await history()).map((r) => r.migration_name)).toEqual(['20260101000000_a']);
    });

    it('leave alone the same tables created by an older migration of the service, whose checksum stays valid', async () => {
      const dir = migrationsDir([['20260101000000_init', 'CREATE TABLE platform_thing (id int PRIMARY KEY, note text);']]);
      await runWithPlatformTables(dir);
      expect(await runWithPlatformTables(dir)).toEqual({ applied: [] });
      const columns = await query<{ column_name: string }>(
        db.connectionString,
        db.schema,
        `SELECT column_name FROM information_schema.columns WHERE table_schema = $1 AND table_name = 'platform_thing' ORDER BY 1`,
        [db.schema],
      );
      expect(columns.map((c) => c.column_name)).toEqual(['id', 'note']);
    });

    it('are added to a schema migrated before the platform created them', async () => {
      const dir = migrationsDir([['20260101000000_a', 'CREATE TABLE a (id int);']]);
      await run(dir);
      expect(await tablesOfSchema()).toEqual(['_prisma_migrations', 'a']);
      expect(await runWithPlatformTables(dir)).toEqual({ applied: [] });
      expect(await tablesOfSchema()).toEqual(['_prisma_migrations', 'a', 'platform_thing']);
    });
  });

  it('rejects a schema name that is not a plain identifier', async () => {
    await expect(runMigrations({ connectionString: db.connectionString, schema: 'x"; DROP', migrationsDir: fixtureMigrations })).rejects.toThrow(
      /invalid Postgres schema name/,
    );
  });
});
