import { createTestSchema, type TestSchema } from '@platform/testing';
import { runMigrations } from '../src';
import { fixtureMigrations, fixtureRoot, query, runTool } from './support/fixture';

/**
 * `prisma migrate deploy` needs the native schema engine, which cannot be installed offline. The
 * same engine code runs here from @prisma/schema-engine-wasm (tools/prisma/migrate-status.mjs):
 * its migration history check and its applyMigrations must accept our runner's rows as their own.
 */
describe("Prisma's migration engine on a schema migrated by runMigrations", () => {
  let db: TestSchema;
  beforeAll(async () => {
    db = await createTestSchema('engine');
  });
  afterAll(() => db.drop());

  const status = async (...flags: string[]) => {
    const result = await runTool('migrate-status.mjs', [fixtureRoot, '--schema', db.schema, ...flags], { DATABASE_URL: db.connectionString });
    expect(result).toMatchObject({ code: 0 });
    return JSON.parse(result.stdout);
  };

  it('sees every migration as applied and deploys nothing', async () => {
    await runMigrations({ connectionString: db.connectionString, schema: db.schema, migrationsDir: fixtureMigrations });

    expect(await status('--deploy')).toEqual({
      status: { editedMigrationNames: [], failedMigrationNames: [], hasMigrationsTable: true, history: null },
      deploy: { appliedMigrationNames: [] },
    });
    const rows = await query(db.connectionString, db.schema, 'SELECT count(*)::int AS n FROM "_prisma_migrations"');
    expect(rows).toEqual([{ n: 2 }]);
  });

  it('reports a migration edited after it was applied, as our runner does', async () => {
    await query(db.connectionString, db.schema, `UPDATE "_prisma_migrations" SET checksum = repeat('0', 64) WHERE migration_name LIKE '%_init'`);
    const { status: diagnostic } = await status();
    expect(diagnostic.editedMigrationNames).toEqual([expect.stringMatching(/_init$/)]);
  });
});
