import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { createTestSchema, type TestSchema } from '@platform/testing';
import { runMigrations } from '../src';
import { fixtureMigrations, fixtureRoot } from './support/fixture';

/** The generator convention must also work for a service bundled by esbuild into one file for node. */
describe('a generated client bundled by esbuild', () => {
  let db: TestSchema;
  let outDir: string;
  beforeAll(async () => {
    db = await createTestSchema('bundle');
    await runMigrations({ connectionString: db.connectionString, schema: db.schema, migrationsDir: fixtureMigrations });
    outDir = mkdtempSync(path.join(tmpdir(), 'db-bundle-'));
  });
  afterAll(async () => {
    rmSync(outDir, { recursive: true, force: true });
    await db.drop();
  });

  it('runs from a directory without node_modules', async () => {
    const outfile = path.join(outDir, 'main.js');
    await build({
      entryPoints: [path.join(fixtureRoot, 'src/main.ts')],
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node24',
      outfile,
      external: ['pg-native'],
      logLevel: 'silent',
    });

    const { stdout } = await promisify(execFile)(process.execPath, [outfile, db.connectionString, db.schema], { cwd: outDir });
    expect(JSON.parse(stdout)).toEqual({ members: 1 });
  });
});
