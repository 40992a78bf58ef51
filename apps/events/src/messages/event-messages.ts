import { SUBJECTS, type ServiceOutbox } from '@platform/messaging';
import type { eventLifecycleV1 } from '@platform/proto';
import type { Tx } from '../store/db';

type Payload<T> = Omit<T, 'occurredAt'> & { occurredAt: Date };

/** The messages the events service publishes about its events and registrations, each written to the outbox in the caller's transaction. */
export interface EventMessages {
  eventPublished(tx: Tx, message: Payload<eventLifecycleV1.EventPublished>): Promise<void>;
  eventCancelled(tx: Tx, message: Payload<eventLifecycleV1.EventCancelled>): Promise<void>;
  /** An administrator's edit that changed something (never an import). */
  eventUpdated(tx: Tx, message: Payload<eventLifecycleV1.EventUpdated>): Promise<void>;
  registrationConfirmed(tx: Tx, message: Payload<eventLifecycleV1.RegistrationConfirmed>): Promise<void>;
  registrationCancelled(tx: Tx, message: Payload<eventLifecycleV1.RegistrationCancelled>): Promise<void>;
}

export function outboxMessages({ write }: ServiceOutbox): EventMessages {
  const at = <T extends { occurredAt: Date }>(message: T) => ({ ...message, occurredAt: message.occurredAt.toISOString() });
  return {
    eventPublished: async (tx, message) => void (await write(tx, SUBJECTS.eventPublished, at(message))),
    eventCancelled: async (tx, message) => void (await write(tx, SUBJECTS.eventCancelled, at(message))),
    eventUpdated: async (tx, message) => void (await write(tx, SUBJECTS.eventUpdated, at(message))),
    registrationConfirmed: async (tx, message) => void (await write(tx, SUBJECTS.registrationConfirmed, at(message))),
    registrationCancelled: async (tx, message) => void (await write(tx, SUBJECTS.registrationCancelled, at(message))),
  };
}
