import { outboxWriter, SUBJECTS, type MessagingNames } from '@platform/messaging';
import type { eventLifecycleV1 } from '@platform/proto';
import type { Tx } from '../store/db';

type Payload<T> = Omit<T, 'occurredAt'> & { occurredAt: Date };

/** The events the events service publishes, each written to the outbox in the caller's transaction. */
export interface EventEvents {
  eventPublished(tx: Tx, event: Payload<eventLifecycleV1.EventPublished>): Promise<void>;
  eventCancelled(tx: Tx, event: Payload<eventLifecycleV1.EventCancelled>): Promise<void>;
  /** An administrator's edit that changed something (never an import). */
  eventUpdated(tx: Tx, event: Payload<eventLifecycleV1.EventUpdated>): Promise<void>;
  registrationConfirmed(tx: Tx, event: Payload<eventLifecycleV1.RegistrationConfirmed>): Promise<void>;
  registrationCancelled(tx: Tx, event: Payload<eventLifecycleV1.RegistrationCancelled>): Promise<void>;
}

export function outboxEvents(schema: string, names: MessagingNames): EventEvents {
  const write = outboxWriter(schema, names);
  const at = <T extends { occurredAt: Date }>(event: T) => ({ ...event, occurredAt: event.occurredAt.toISOString() });
  return {
    eventPublished: async (tx, event) => void (await write(tx, SUBJECTS.eventPublished, at(event))),
    eventCancelled: async (tx, event) => void (await write(tx, SUBJECTS.eventCancelled, at(event))),
    eventUpdated: async (tx, event) => void (await write(tx, SUBJECTS.eventUpdated, at(event))),
    registrationConfirmed: async (tx, event) => void (await write(tx, SUBJECTS.registrationConfirmed, at(event))),
    registrationCancelled: async (tx, event) => void (await write(tx, SUBJECTS.registrationCancelled, at(event))),
  };
}
