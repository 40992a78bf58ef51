import { randomUUID } from 'node:crypto';
import { isValidSubject } from '../names/subject-pattern';
import { outboxChannel, outboxTable } from '../sql/identifiers';
import { executeSql, type SqlTx } from '../sql/sql-executor';
import { endSpan, startProducerSpan } from '../tracing/message-tracing';

export interface OutboxEvent {
  /** Wire subject, from `MessagingNames.subject('<service>.<entity>.<verb>')`. */
  subject: string;
  /** The encoded proto message. Secrets inside are sealed with SecretBox. */
  payload: Uint8Array;
  /** Message headers to publish with the event. The active trace context (`traceparent`) is added unless given here. */
  headers?: Record<string, string>;
}

/**
 * Records an event in the schema's outbox inside the caller's transaction and wakes the relays: the
 * NOTIFY is delivered when (and only if) the transaction commits. Answers the event id, which the
 * relay publishes as `Nats-Msg-Id`.
 *
 * `created_at` is `clock_timestamp()`, not the transaction start, so events of one transaction keep
 * the order in which they were written.
 *
 * The row's headers carry the trace context of a PRODUCER span (child of the active one), so the
 * consumers' spans join the trace of the request that made the change.
 */
export async function writeOutbox(tx: SqlTx, schema: string, event: OutboxEvent): Promise<string> {
  if (!isValidSubject(event.subject)) throw new Error(`invalid event subject '${event.subject}'`);
  const id = randomUUID();
  // One statement, one round trip: the insert, and a notification per inserted row.
  const sql = `WITH inserted AS (
      INSERT INTO ${outboxTable(schema)} (id, subject, payload, headers, created_at)
      VALUES ($1::uuid, $2, $3, $4::jsonb, clock_timestamp())
      RETURNING id)
    SELECT pg_notify($5, '') FROM inserted`;
  const payload = Buffer.from(event.payload.buffer, event.payload.byteOffset, event.payload.byteLength);
  const { span, headers } = startProducerSpan('create', event.subject, event.headers);
  span.setAttribute('messaging.message.id', id);
  try {
    await executeSql(tx, sql, [id, event.subject, payload, JSON.stringify(headers), outboxChannel(schema)]);
  } catch (err) {
    endSpan(span, err);
    throw err;
  }
  endSpan(span);
  return id;
}
