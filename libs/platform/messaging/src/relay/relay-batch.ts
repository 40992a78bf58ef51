import type { Pool } from 'pg';
import type { JetStreamClient } from '@nats-io/jetstream';
import { toNatsHeaders } from '../nats/nats-headers';
import { outboxTable } from '../sql/identifiers';
import { inPgTransaction } from '../sql/pg-transaction';

interface OutboxRow {
  id: string;
  subject: string;
  payload: Buffer;
  headers: Record<string, string> | null;
}

export interface RelayBatchOptions {
  pool: Pool;
  js: JetStreamClient;
  schema: string;
  batchSize: number;
  publishTimeoutMs: number;
  /** Row ids to leave out of this batch (see RetryQuarantine). */
  skip: string[];
}

export interface RelayBatchResult {
  selected: number;
  published: string[];
  duplicates: number;
  failed: { id: string; subject: string; error: unknown }[];
}

/**
 * One pass of the relay, in one transaction: lock the oldest rows no other relay holds, publish each
 * with `Nats-Msg-Id` = row id, delete those JetStream acknowledged, commit. Rows locked by another
 * relay are skipped, so replicas share the work. If the commit is lost after publishing, the rows are
 * published again later and JetStream drops the copies within its duplicate window (consumers also
 * drop them by message id).
 */
export async function relayBatch({ pool, js, schema, batchSize, publishTimeoutMs, skip }: RelayBatchOptions): Promise<RelayBatchResult> {
  const table = outboxTable(schema);
  return inPgTransaction(pool, async (client) => {
    const { rows } = await client.query<OutboxRow>(
      `SELECT id::text AS id, subject, payload, headers FROM ${table}
        WHERE NOT (id = ANY($2::uuid[]))
        ORDER BY created_at, id
        LIMIT $1
        FOR UPDATE SKIP LOCKED`,
      [batchSize, skip],
    );
    // Sent together, in order, on one connection: the stream stores them in that order.
    const outcomes = await Promise.allSettled(
      rows.map((row) => js.publish(row.subject, row.payload, { msgID: row.id, headers: toNatsHeaders(row.headers), timeout: publishTimeoutMs })),
    );
    const result: RelayBatchResult = { selected: rows.length, published: [], duplicates: 0, failed: [] };
    rows.forEach((row, i) => {
      const outcome = outcomes[i];
      if (outcome?.status === 'fulfilled') {
        result.published.push(row.id);
        if (outcome.value.duplicate) result.duplicates++;
      } else {
        result.failed.push({ id: row.id, subject: row.subject, error: outcome?.reason });
      }
    });
    if (result.published.length > 0) {
      await client.query(`DELETE FROM ${table} WHERE id = ANY($1::uuid[])`, [result.published]);
    }
    return result;
  });
}
