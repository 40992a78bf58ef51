import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The database tests use: TEST_DATABASE_URL, else DATABASE_URL, else the local `test` database. */
export function testDatabaseUrl(env: NodeJS.ProcessEnv = process.env): string {
  return env['TEST_DATABASE_URL'] ?? env['DATABASE_URL'] ?? 'postgresql://postgres@127.0.0.1:5432/test';
}

export interface TestSchema {
  /** A fresh Postgres schema name, unique to this suite: `t_<label>_<random>`. */
  schema: string;
  /** The database holding it; pass both to runMigrations and prismaOptions. */
  connectionString: string;
  /** Drops the schema and everything in it. */
  drop(): Promise<void>;
}

async function execute(connectionString: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * Creates the database a test URL names (a fresh server has only `postgres`), through the server's
 * `postgres` database. Suites starting together may race to it: "already exists" is success.
 */
async function createDatabaseOf(connectionString: string): Promise<void> {
  const url = new URL(connectionString);
  const name = decodeURIComponent(url.pathname.slice(1));
  url.pathname = '/postgres';
  await execute(url.toString(), `CREATE DATABASE "${name.replace(/"/g, '""')}"`).catch((err: { code?: string }) => {
    if (err.code !== '42P04' && err.code !== '23505') throw err;
  });
}

/**
 * Creates an empty schema of its own for a test suite on the real server, so suites run in
 * parallel without seeing each other's rows. Call `drop()` in afterAll.
 */
export async function createTestSchema(label: string, connectionString = testDatabaseUrl()): Promise<TestSchema> {
  const suffix = randomBytes(5).toString('hex');
  // Postgres truncates identifiers at 63 bytes: keep the random part intact.
  const room = 63 - `t__${suffix}`.length;
  const slug = label
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, room);
  const schema = `t_${slug || 'suite'}_${suffix}`;
  await execute(connectionString, `CREATE SCHEMA "${schema}"`).catch(async (err: { code?: string }) => {
    if (err.code !== '3D000') throw err; // only "database does not exist" is ours to mend
    await createDatabaseOf(connectionString);
    await execute(connectionString, `CREATE SCHEMA "${schema}"`);
  });
  return {
    schema,
    connectionString,
    drop: () => execute(connectionString, `DROP SCHEMA IF EXISTS "${schema}" CASCADE`),
  };
}
