import { consumeEvents, SUBJECTS, type CataloguedEvent, type RunningConsumer, type ServiceEventSource, PoisonMessage } from '@platform/messaging';
import type { EmailContext, EmailRequest } from '../domain/email-requests';
import { membershipRenewalEmail } from '../domain/organisation-emails';
import type { Tx } from '../store/db';
import { enqueueEmail } from '../store/email-deliveries';

const ORGANISATION_EMAIL_SUBJECTS = [SUBJECTS.membershipRenewalDue] as const;
type OrganisationEmailEvent = CataloguedEvent<(typeof ORGANISATION_EMAIL_SUBJECTS)[number], Tx>;

export interface OrganisationEmailConsumerOptions {
  context: EmailContext;
  /** Called after an email was queued (the dispatcher looks at once). */
  onQueued?: () => void;
}

function emailFor(message: OrganisationEmailEvent, ctx: EmailContext): EmailRequest | null {
  switch (message.subject) {
    case SUBJECTS.membershipRenewalDue:
      return membershipRenewalEmail(ctx, message.event);
    default: {
      const unreachable: never = message.subject;
      throw new Error(`no email for ${String(unreachable)}`);
    }
  }
}

/**
 * The organisation's member emails beyond the core ones (email-consumer.ts): the membership renewal
 * reminder. Queued in the same transaction as the event's id, so a redelivery queues nothing twice.
 */
export function consumeOrganisationEmailEvents(source: ServiceEventSource<Tx>, options: OrganisationEmailConsumerOptions): Promise<RunningConsumer> {
  const withTransaction: ServiceEventSource<Tx>['withTransaction'] = async (work) => {
    const result = await source.withTransaction(work);
    options.onQueued?.();
    return result;
  };
  return consumeEvents(
    { ...source, withTransaction },
    {
      durable: 'notifications-organisation-email',
      subjects: ORGANISATION_EMAIL_SUBJECTS,
      // Emails are side effects: a first deployment must not mail everything the stream still holds.
      startAt: 'new',
      handle: async (message) => {
        let request: EmailRequest | null;
        try {
          request = emailFor(message, options.context);
        } catch (err) {
          // Retrying cannot fix it: set aside as a dead letter (replayable once the cause is fixed).
          throw new PoisonMessage(`cannot become an email: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
        }
        if (request) await enqueueEmail(message.tx, request, message.messageId);
      },
    },
  );
}
