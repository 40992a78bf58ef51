import { messageConsumer, PoisonMessage, type CataloguedMessage, type MessageConsumer, type Subject } from '@platform/messaging';
import type { EmailContext, EmailRequest } from '../domain/email-requests';
import type { Tx } from '../store/db';
import { enqueueEmail } from '../store/email-deliveries';

export interface EmailConsumerOptions {
  context: EmailContext;
  /** Called after an email was queued (the dispatcher looks at once instead of at its next poll). */
  onQueued?: () => void;
}

/** One family of messages that ask for emails: its consumer's name, its subjects, and the email of each message. */
export interface EmailMessageFamily<S extends Subject> {
  /** Logical consumer name, stable across releases (`notifications-email`). */
  durable: string;
  subjects: readonly S[];
  /** Each message → the email it asks for (null: none). Throwing sets the message aside as a dead letter. */
  emailFor: (message: CataloguedMessage<S, Tx>, ctx: EmailContext) => EmailRequest | null;
}

/**
 * A consumer that queues the email each message asks for. The email is recorded in the same
 * transaction as the message's id, so a redelivered message queues nothing twice; sending happens
 * afterwards (email dispatcher). A message that cannot become an email (a payload that does not
 * decode, a secret that does not open) is set aside as a dead letter: retrying cannot fix it, an
 * operator can replay it once the cause is fixed.
 */
export function emailRequestConsumer<S extends Subject>(family: EmailMessageFamily<S>, options: EmailConsumerOptions): MessageConsumer<Tx> {
  return messageConsumer<S, Tx>({
    durable: family.durable,
    subjects: family.subjects,
    afterCommit: options.onQueued,
    // Emails are side effects: a first deployment must not mail everything the stream still holds.
    startAt: 'new',
    handle: async (message) => {
      let request: EmailRequest | null;
      try {
        request = family.emailFor(message, options.context);
      } catch (err) {
        throw new PoisonMessage(`cannot become an email: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
      }
      if (request) await enqueueEmail(message.tx, request, message.messageId);
    },
  });
}
