import { processedTable } from '../sql/identifiers';
import { executeSql, type SqlTx } from '../sql/sql-executor';

/**
 * Records that `consumer` handled `messageId`, in the caller's transaction. Answers false when it was
 * already recorded: the message is a duplicate and must not be handled again. A concurrent delivery
 * of the same message waits on the primary key until the first transaction ends.
 */
export async function markProcessed(tx: SqlTx, schema: string, consumer: string, messageId: string): Promise<boolean> {
  const inserted = await executeSql(
    tx,
    `INSERT INTO ${processedTable(schema)} (consumer, message_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
    [consumer, messageId],
  );
  return inserted === 1;
}

/**
 * Deletes records older than `olderThanMs`. Keep them well beyond the stream's max age (7 days by
 * default): a record may go only once its message can no longer be redelivered or replayed.
 */
export async function pruneProcessedMessages(tx: SqlTx, schema: string, olderThanMs: number): Promise<number> {
  return executeSql(
    tx,
    `DELETE FROM ${processedTable(schema)} WHERE processed_at < now() - make_interval(secs => $1::double precision)`,
    [olderThanMs / 1000],
  );
}
