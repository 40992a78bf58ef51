import { processedTable } from '../sql/identifiers';
import { executeSql, querySql, type SqlTx } from '../sql/sql-executor';

/**
 * Records that `consumer` handled `messageId`, in the caller's transaction. Answers false when it was
 * already recorded: the message is a duplicate and must not be handled again. A concurrent delivery
 * of the same message waits on the primary key until the first transaction ends.
 */
export async function markProcessed(tx: SqlTx, schema: string, consumer: string, messageId: string): Promise<boolean> {
  const inserted = await executeSql(tx, `INSERT INTO ${processedTable(schema)} (consumer, message_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [
    consumer,
    messageId,
  ]);
  return inserted === 1;
}

/**
 * markProcessed for several messages in one statement: answers the ids recorded now (each once),
 * the others being duplicates (recorded before, or twice in `messageIds`).
 */
export async function markManyProcessed(tx: SqlTx, schema: string, consumer: string, messageIds: readonly string[]): Promise<Set<string>> {
  const rows = await querySql<{ message_id: string }>(
    tx,
    `INSERT INTO ${processedTable(schema)} (consumer, message_id) SELECT $1, id FROM unnest($2::text[]) AS id ON CONFLICT DO NOTHING RETURNING message_id`,
    [consumer, [...messageIds]],
  );
  return new Set(rows.map((row) => row.message_id));
}

/** How long handled-message ids are kept: well beyond the stream's 7 days, so no redelivery is handled twice. */
export const PROCESSED_MESSAGES_KEPT_MS = 30 * 24 * 3600 * 1000;

/**
 * Deletes records older than `olderThanMs`, `batchSize` rows a statement, and answers how many.
 * Keep them well beyond the stream's max age (7 days by default): a record may go only once its
 * message can no longer be redelivered or replayed. Rows another transaction holds are skipped
 * (`SKIP LOCKED`), so the prune never waits on a consumer nor on a prune of another replica.
 */
export async function pruneProcessedMessages(tx: SqlTx, schema: string, olderThanMs: number, batchSize = 5000): Promise<number> {
  const table = processedTable(schema);
  let total = 0;
  for (;;) {
    const deleted = await executeSql(
      tx,
      `DELETE FROM ${table} WHERE (consumer, message_id) IN (
         SELECT consumer, message_id FROM ${table}
          WHERE processed_at < now() - make_interval(secs => $1::double precision)
          LIMIT $2::int FOR UPDATE SKIP LOCKED)`,
      [olderThanMs / 1000, batchSize],
    );
    total += deleted;
    if (deleted < batchSize) return total;
  }
}
