import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

export const workspaceRoot = path.resolve(__dirname, '../../../../..');
export const fixtureRoot = path.resolve(__dirname, '../fixture');
export const fixtureMigrations = path.join(fixtureRoot, 'prisma', 'migrations');

/** A scratch copy of the fixture's prisma/ folder, to edit without touching the real one. */
export function copyFixtureProject(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'db-fixture-'));
  cpSync(path.join(fixtureRoot, 'prisma'), path.join(root, 'prisma'), { recursive: true });
  return root;
}

/** Runs one of the tools/prisma scripts; resolves with its output whatever the exit code. */
export async function runTool(script: string, args: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [path.join(workspaceRoot, 'tools/prisma', script), ...args], {
      cwd: workspaceRoot,
      env: { ...process.env, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? 1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

/** One-off query on a fresh connection with the given schema on the search path. */
export async function query<R extends pg.QueryResultRow = pg.QueryResultRow>(
  connectionString: string,
  schema: string,
  sql: string,
  params: unknown[] = [],
): Promise<R[]> {
  const client = new pg.Client({ connectionString, options: `-c search_path=${schema}` });
  await client.connect();
  try {
    return (await client.query<R>(sql, params)).rows;
  } finally {
    await client.end();
  }
}
