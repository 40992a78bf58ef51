import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createTestSchema } from '@platform/testing';
import { runMigrations } from '../src';
import { copyFixtureProject, query, runTool } from './support/fixture';

/** tools/prisma/new-migration.mjs on a scratch copy of the fixture project. */
describe('new-migration', () => {
  let project: string;
  const migrationsDir = () => path.join(project, 'prisma', 'migrations');
  const migrationDirs = () =>
    readdirSync(migrationsDir())
      .filter((name) => name !== 'migration_lock.toml')
      .sort();
  const schemaFile = () => path.join(project, 'prisma', 'schema.prisma');

  beforeEach(() => {
    project = copyFixtureProject();
  });
  afterEach(() => rmSync(project, { recursive: true, force: true }));

  it('writes nothing when the schema matches the migrations, partial indexes and hand-written SQL included', async () => {
    const before = migrationDirs();
    expect(await runTool('new-migration.mjs', [project, 'nothing'])).toMatchObject({ code: 0, stdout: 'no changes\n' });
    expect(await runTool('new-migration.mjs', [project, '--check'])).toMatchObject({ code: 0 });
    expect(migrationDirs()).toEqual(before);
  });

  it('authors the next migration from a schema change, keeping partial unique indexes', async () => {
    const schema = readFileSync(schemaFile(), 'utf8').replace(
      '  notes     Note[]\n',
      '  notes     Note[]\n  memberNo  String?\n\n  @@unique([memberNo], where: { deletedAt: null })\n',
    );
    writeFileSync(schemaFile(), schema);
    expect(await runTool('new-migration.mjs', [project, '--check'])).toMatchObject({ code: 1 });

    const result = await runTool('new-migration.mjs', [project, 'Add member number']);
    expect(result.code).toBe(0);
    const created = migrationDirs().at(-1)!;
    expect(created).toMatch(/^\d{14}_add_member_number$/);
    const script = readFileSync(path.join(migrationsDir(), created, 'migration.sql'), 'utf8');
    expect(script).toContain('ALTER TABLE "Member" ADD COLUMN     "memberNo" TEXT;');
    expect(script).toContain('CREATE UNIQUE INDEX "Member_memberNo_key" ON "Member"("memberNo") WHERE ("deletedAt" IS NULL);');
    expect(script).not.toMatch(/DROP/);

    expect(await runTool('new-migration.mjs', [project, 'again'])).toMatchObject({ code: 0, stdout: 'no changes\n' });

    const db = await createTestSchema('new_migration');
    try {
      const { applied } = await runMigrations({ connectionString: db.connectionString, schema: db.schema, migrationsDir: migrationsDir() });
      expect(applied.at(-1)).toBe(created);
      const [index] = await query<{ indexdef: string }>(
        db.connectionString,
        db.schema,
        `SELECT indexdef FROM pg_indexes WHERE schemaname = $1 AND indexname = 'Member_memberNo_key'`,
        [db.schema],
      );
      expect(index?.indexdef).toMatch(/WHERE \("deletedAt" IS NULL\)/);
    } finally {
      await db.drop();
    }
  });

  it('creates a blank migration for hand-written SQL', async () => {
    expect(await runTool('new-migration.mjs', [project, 'backfill', '--empty'])).toMatchObject({ code: 0 });
    const created = migrationDirs().at(-1)!;
    expect(created).toMatch(/_backfill$/);
    expect(readFileSync(path.join(migrationsDir(), created, 'migration.sql'), 'utf8')).toMatch(/^-- Hand-written migration/);
  });

  it('writes the lock file for a service with no migrations yet', async () => {
    rmSync(migrationsDir(), { recursive: true });
    expect(await runTool('new-migration.mjs', [project, 'init'])).toMatchObject({ code: 0 });
    expect(readFileSync(path.join(migrationsDir(), 'migration_lock.toml'), 'utf8')).toContain('provider = "postgresql"');
    expect(migrationDirs()).toEqual([expect.stringMatching(/^\d{14}_init$/)]);
  });
});
