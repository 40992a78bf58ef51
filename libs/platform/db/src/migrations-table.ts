import { randomUUID } from 'node:crypto';
import type { ClientBase } from 'pg';

/**
 * Prisma's migration history table, column for column, so that `prisma migrate deploy` (and the
 * schema engine behind it) reads our rows as its own. Queries rely on the session's search_path.
 */
const CREATE_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    id                      VARCHAR(36) PRIMARY KEY NOT NULL,
    checksum                VARCHAR(64) NOT NULL,
    finished_at             TIMESTAMPTZ,
    migration_name          VARCHAR(255) NOT NULL,
    logs                    TEXT,
    rolled_back_at          TIMESTAMPTZ,
    started_at              TIMESTAMPTZ NOT NULL DEFAULT now(),
    applied_steps_count     INTEGER NOT NULL DEFAULT 0
)`;

export interface MigrationRecord {
  id: string;
  checksum: string;
  migration_name: string;
  logs: string | null;
  started_at: Date;
  finished_at: Date | null;
  rolled_back_at: Date | null;
  applied_steps_count: number;
}

export async function ensureMigrationsTable(client: ClientBase): Promise<void> {
  await client.query(CREATE_TABLE);
}

export async function listMigrationRecords(client: ClientBase): Promise<MigrationRecord[]> {
  const { rows } = await client.query<MigrationRecord>(
    `SELECT id, checksum, migration_name, logs, started_at, finished_at, rolled_back_at, applied_steps_count
       FROM "_prisma_migrations" ORDER BY started_at, migration_name`,
  );
  return rows;
}

/** Like Prisma: a row is written before the script runs, so a crash leaves a visible failed row. */
export async function recordStarted(client: ClientBase, name: string, checksum: string): Promise<string> {
  const id = randomUUID();
  await client.query(
    `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, applied_steps_count)
     VALUES ($1, $2, $3, now(), 0)`,
    [id, checksum, name],
  );
  return id;
}

/** The whole script is one step, as in Prisma: applied_steps_count becomes 1. */
export async function recordFinished(client: ClientBase, id: string): Promise<void> {
  await client.query(`UPDATE "_prisma_migrations" SET applied_steps_count = applied_steps_count + 1, finished_at = now() WHERE id = $1`, [id]);
}

export async function recordFailed(client: ClientBase, id: string, logs: string): Promise<void> {
  await client.query(`UPDATE "_prisma_migrations" SET logs = $2 WHERE id = $1`, [id, logs]);
}
