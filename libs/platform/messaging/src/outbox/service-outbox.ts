import { outboxBatchWriter, outboxWriter, type MessageBatchWriter, type MessageWriter } from '../catalogue/message-writer';
import type { Subject } from '../catalogue/subjects';
import type { MessagingNames } from '../names/messaging-names';

/** A service's outbox: what its publishers write, in the caller's transaction. */
export interface ServiceOutbox {
  write: MessageWriter;
  /** Many messages of one subject in one statement (imports). */
  writeMany: MessageBatchWriter;
}

/**
 * The outbox of a service's schema. With `publishes` (the service registry's list), a write of any
 * other subject throws: the relay runs only for a service that lists what it publishes, so an
 * unlisted subject would never leave the outbox unnoticed otherwise.
 */
export function serviceOutbox(schema: string, names: MessagingNames, publishes?: readonly Subject[]): ServiceOutbox {
  const write = outboxWriter(schema, names);
  const writeMany = outboxBatchWriter(schema, names);
  if (!publishes) return { write, writeMany };
  const allowed = new Set<string>(publishes);
  const check = (subject: Subject) => {
    if (!allowed.has(subject))
      throw new Error(`'${subject}' is not among the subjects this service publishes (the service registry's publishes: ${publishes.join(', ') || 'none'})`);
  };
  return {
    write: async (tx, subject, payload) => {
      check(subject);
      return write(tx, subject, payload);
    },
    writeMany: async (tx, subject, payloads) => {
      check(subject);
      return writeMany(tx, subject, payloads);
    },
  };
}
