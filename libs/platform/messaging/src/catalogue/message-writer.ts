import type { MessagingNames } from '../names/messaging-names';
import { writeOutbox } from '../outbox/write-outbox';
import { writeOutboxBatch } from '../outbox/write-outbox-batch';
import type { SqlTx } from '../sql/sql-executor';
import { encodePayload, type PayloadOf, type Subject } from './subjects';

/** Writes a catalogued event to the outbox in the caller's transaction; answers the event id. */
export type MessageWriter = <S extends Subject>(tx: SqlTx, subject: S, payload: PayloadOf<S>) => Promise<string>;

/** Writes many events of one catalogued subject in one statement, in the given order; answers their ids. */
export type MessageBatchWriter = <S extends Subject>(tx: SqlTx, subject: S, payloads: readonly PayloadOf<S>[]) => Promise<string[]>;

/** The outbox of a service's schema, written with catalogued subjects and their typed payloads. */
export function outboxWriter(schema: string, names: MessagingNames): MessageWriter {
  return (tx, subject, payload) => writeOutbox(tx, schema, { subject: names.subject(subject), payload: encodePayload(subject, payload) });
}

/** {@link outboxWriter} for bulk writes (imports): one statement for all the events. */
export function outboxBatchWriter(schema: string, names: MessagingNames): MessageBatchWriter {
  return (tx, subject, payloads) =>
    writeOutboxBatch(
      tx,
      schema,
      payloads.map((payload) => ({ subject: names.subject(subject), payload: encodePayload(subject, payload) })),
    );
}
