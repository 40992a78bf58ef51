import { SUBJECTS, type CataloguedMessage, type MessageConsumer } from '@platform/messaging';
import type { EmailContext, EmailRequest } from '../domain/email-requests';
import { membershipRenewalEmail } from '../domain/organisation-emails';
import type { Tx } from '../store/db';
import { emailRequestConsumer, type EmailConsumerOptions } from './email-request-consumer';

const ORGANISATION_EMAIL_SUBJECTS = [SUBJECTS.membershipRenewalDue] as const;
type OrganisationEmailSubject = (typeof ORGANISATION_EMAIL_SUBJECTS)[number];
type OrganisationEmailMessage = CataloguedMessage<OrganisationEmailSubject, Tx>;

/** Each message → the email it asks for. */
function emailFor(message: OrganisationEmailMessage, ctx: EmailContext): EmailRequest | null {
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
 * reminder. Queued once per message, dead-lettered when it cannot become an email (email-request-consumer.ts).
 */
export function organisationEmailConsumer(options: EmailConsumerOptions): MessageConsumer<Tx> {
  return emailRequestConsumer<OrganisationEmailSubject>(
    { durable: 'notifications-organisation-email', subjects: ORGANISATION_EMAIL_SUBJECTS, emailFor },
    options,
  );
}
