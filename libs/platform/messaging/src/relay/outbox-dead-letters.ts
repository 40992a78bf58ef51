import type { Pool } from 'pg';
import { outboxDeadLetterTable, outboxTable } from '../sql/identifiers';

/**
 * Moves outbox rows that failed every publication to `outbox_dead_letter`, with the attempts and the
 * last error, in one statement: the rows behind them flow again, and nothing is lost. Replay (see
 * docs/operations.md) moves a row back into the outbox.
 */
export async function moveToOutboxDeadLetters(pool: Pool, schema: string, rows: { id: string; attempts: number; error: string }[]): Promise<number> {
  if (rows.length === 0) return 0;
  const { rowCount } = await pool.query(
    `WITH failed AS (SELECT * FROM unnest($1::uuid[], $2::int[], $3::text[]) AS f(id, attempts, last_error)),
          moved AS (DELETE FROM ${outboxTable(schema)} o USING failed WHERE o.id = failed.id RETURNING o.*, failed.attempts, failed.last_error)
     INSERT INTO ${outboxDeadLetterTable(schema)} (id, subject, payload, headers, created_at, attempts, last_error)
     SELECT id, subject, payload, headers, created_at, attempts, last_error FROM moved
     ON CONFLICT (id) DO NOTHING`,
    [rows.map((r) => r.id), rows.map((r) => r.attempts), rows.map((r) => r.error.slice(0, 2000))],
  );
  return rowCount ?? 0;
}

/** Puts dead letters back into the outbox (all of the schema's, or the given ids); answers how many. */
export async function replayOutboxDeadLetters(pool: Pool, schema: string, ids?: string[]): Promise<number> {
  const { rowCount } = await pool.query(
    `WITH moved AS (DELETE FROM ${outboxDeadLetterTable(schema)} WHERE $1::uuid[] IS NULL OR id = ANY($1::uuid[]) RETURNING *)
     INSERT INTO ${outboxTable(schema)} (id, subject, payload, headers, created_at)
     SELECT id, subject, payload, headers, created_at FROM moved
     ON CONFLICT (id) DO NOTHING`,
    [ids ?? null],
  );
  return rowCount ?? 0;
}
