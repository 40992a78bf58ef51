import pg from 'pg';
import { MigrationError, MigrationErrorCode } from './migration-error';
import { readMigrationFiles, type MigrationFile } from './migration-files';
import { pendingMigrations } from './migration-history';
import { ensureMigrationsTable, listMigrationRecords, recordFailed, recordFinished, recordStarted } from './migrations-table';
import { quotedSchema } from './schema-name';
import { assertSessionPooling } from './session-check';

/** The advisory lock key Prisma's schema engine takes, so our runner and `prisma migrate` exclude each other. */
export const MIGRATION_LOCK_KEY = 72707369;

export interface MigrationLogger {
  info: (obj: Record<string, unknown>, msg: string) => void;
}

export interface RunMigrationsOptions {
  connectionString: string;
  /** The service's Postgres schema; created if missing. */
  schema: string;
  /** `prisma/migrations` of the service, in Prisma's layout. */
  migrationsDir: string;
  /**
   * Tables the platform keeps in every service schema (the messaging tables), as idempotent DDL
   * (`CREATE … IF NOT EXISTS`). Run after the service's own migrations, on every start, and not
   * recorded in `_prisma_migrations`: older services' migrations create the same tables themselves.
   */
  platformTablesSql?: string;
  logger?: MigrationLogger;
}

/**
 * Applies the service's pending migrations into its schema, recording them in `_prisma_migrations`
 * exactly as `prisma migrate deploy` does, then makes sure the platform's own tables exist there.
 * Safe to call from every replica at start: runs hold Prisma's advisory lock one at a time, and
 * later ones find nothing to apply. Throws a MigrationError (and the service must not start) when
 * the history is inconsistent.
 */
export async function runMigrations(options: RunMigrationsOptions): Promise<{ applied: string[] }> {
  const schema = quotedSchema(options.schema);
  const files = readMigrationFiles(options.migrationsDir);
  // Before the session lock below: a transaction pooler would keep it held forever.
  await assertSessionPooling(options.connectionString);
  const client = new pg.Client({ connectionString: options.connectionString, application_name: 'platform-migrate' });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
      await client.query(`SET search_path TO ${schema}`);
      await ensureMigrationsTable(client);
      const pending = pendingMigrations(files, await listMigrationRecords(client));
      const applied: string[] = [];
      for (const migration of pending) {
        await applyMigration(client, migration, options);
        applied.push(migration.name);
      }
      if (options.platformTablesSql) await client.query(options.platformTablesSql);
      options.logger?.info({ schema: options.schema, applied, total: files.length }, 'database migrations up to date');
      return { applied };
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    }
  } finally {
    await client.end();
  }
}

/**
 * Runs the script whole, as one simple-protocol query: Postgres executes it in one implicit
 * transaction, so a failing script leaves no partial change (unless it manages transactions itself).
 */
async function applyMigration(client: pg.Client, migration: MigrationFile, options: RunMigrationsOptions): Promise<void> {
  const id = await recordStarted(client, migration.name, migration.checksum);
  const started = Date.now();
  try {
    await client.query(migration.script);
  } catch (error) {
    const logs = error instanceof Error ? error.message : String(error);
    await recordFailed(client, id, logs);
    throw new MigrationError(MigrationErrorCode.APPLY_FAILED, `migration ${migration.name} failed: ${logs}`, [migration.name], {
      cause: error,
    });
  }
  await recordFinished(client, id);
  options.logger?.info({ schema: options.schema, migration: migration.name, ms: Date.now() - started }, 'applied migration');
}
