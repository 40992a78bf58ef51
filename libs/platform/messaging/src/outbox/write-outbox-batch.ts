import { randomUUID } from 'node:crypto';
import { isValidSubject } from '../names/subject-pattern';
import { outboxChannel, outboxTable } from '../sql/identifiers';
import { executeSql, type SqlTx } from '../sql/sql-executor';
import { endSpan, startProducerSpan } from '../tracing/message-tracing';
import type { OutboxEvent } from './write-outbox';

/**
 * Records many events in the schema's outbox in one statement, inside the caller's transaction, and
 * wakes the relays once: {@link writeOutbox} for a bulk write (an import's hundred changes). Answers
 * the event ids in the order of `events`.
 *
 * The relay publishes by `(created_at, id)`. Rows of one statement may share a `clock_timestamp()`,
 * so the ids are drawn first and handed out in ascending order: the events keep the order given,
 * and stay after what the transaction wrote before.
 */
export async function writeOutboxBatch(tx: SqlTx, schema: string, events: readonly OutboxEvent[]): Promise<string[]> {
  if (events.length === 0) return [];
  const invalid = events.find((event) => !isValidSubject(event.subject));
  if (invalid) throw new Error(`invalid event subject '${invalid.subject}'`);
  const ids = events.map(() => randomUUID()).sort();
  const traced = ids.map((id, i) => {
    const event = events[i] as OutboxEvent;
    const { span, headers } = startProducerSpan('create', event.subject, event.headers);
    span.setAttribute('messaging.message.id', id);
    return { span, headers };
  });
  const sql = `WITH inserted AS (
      INSERT INTO ${outboxTable(schema)} (id, subject, payload, headers, created_at)
      SELECT e.id, e.subject, decode(e.payload, 'base64'), e.headers::jsonb, clock_timestamp()
        FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[]) AS e(id, subject, payload, headers)
      RETURNING 1)
    SELECT pg_notify($5, '') FROM (SELECT 1 FROM inserted LIMIT 1) AS any_row`;
  // Payloads travel as base64 text: a bytea array is not a parameter every executor can send.
  const payloads = events.map(({ payload }) => Buffer.from(payload.buffer, payload.byteOffset, payload.byteLength).toString('base64'));
  const headers = traced.map((t) => JSON.stringify(t.headers));
  try {
    await executeSql(tx, sql, [ids, events.map((e) => e.subject), payloads, headers, outboxChannel(schema)]);
  } catch (err) {
    for (const { span } of traced) endSpan(span, err);
    throw err;
  }
  for (const { span } of traced) endSpan(span);
  return ids;
}
