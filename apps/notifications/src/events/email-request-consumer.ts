import { consumeEvents, PoisonMessage, type CataloguedEvent, type RunningConsumer, type ServiceEventSource, type Subject } from '@platform/messaging';
import type { EmailContext, EmailRequest } from '../domain/email-requests';
import type { Tx } from '../store/db';
import { enqueueEmail } from '../store/email-deliveries';
import { afterEachCommit } from './after-each-commit';

export interface EmailConsumerOptions {
  context: EmailContext;
  /** Called after an email was queued (the dispatcher looks at once instead of at its next tick). */
  onQueued?: () => void;
}

/** One family of events that ask for emails: its consumer's name, its subjects, and the email of each event. */
export interface EmailEvents<S extends Subject> {
  /** Logical consumer name, stable across releases (`notifications-email`). */
  durable: string;
  subjects: readonly S[];
  /** Each event → the email it asks for (null: none). Throwing sets the event aside as a dead letter. */
  emailFor: (message: CataloguedEvent<S, Tx>, ctx: EmailContext) => EmailRequest | null;
}

/**
 * A consumer that queues the email each event asks for. The email is recorded in the same transaction
 * as the event's id, so a redelivered event queues nothing twice; sending happens afterwards (email
 * dispatcher). An event that cannot become an email (a payload that does not decode, a secret that
 * does not open) is set aside as a dead letter: retrying cannot fix it, an operator can replay it once
 * the cause is fixed.
 */
export function consumeEmailRequests<S extends Subject>(
  source: ServiceEventSource<Tx>,
  events: EmailEvents<S>,
  options: EmailConsumerOptions,
): Promise<RunningConsumer> {
  return consumeEvents(afterEachCommit(source, options.onQueued), {
    durable: events.durable,
    subjects: events.subjects,
    // Emails are side effects: a first deployment must not mail everything the stream still holds.
    startAt: 'new',
    handle: async (message) => {
      let request: EmailRequest | null;
      try {
        request = events.emailFor(message, options.context);
      } catch (err) {
        throw new PoisonMessage(`cannot become an email: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
      }
      if (request) await enqueueEmail(message.tx, request, message.messageId);
    },
  });
}
