import { SUBJECTS, type CataloguedMessage, type MessageConsumer } from '@platform/messaging';
import {
  creationInvitationEmail,
  invitationEmail,
  joinRequestDecisionEmail,
  passwordResetEmail,
  verificationEmail,
  welcomeEmail,
  type EmailContext,
  type EmailRequest,
} from '../domain/email-requests';
import type { Tx } from '../store/db';
import { emailRequestConsumer, type EmailConsumerOptions } from './email-request-consumer';

const EMAIL_SUBJECTS = [
  SUBJECTS.userRegistered,
  SUBJECTS.passwordResetRequested,
  SUBJECTS.memberInvited,
  SUBJECTS.organizationCreated,
  SUBJECTS.joinRequestDecided,
  SUBJECTS.creationInvitationCreated,
] as const;
type EmailSubject = (typeof EMAIL_SUBJECTS)[number];
type EmailMessage = CataloguedMessage<EmailSubject, Tx>;

/** Each message → the email it asks for (null: none, e.g. an organisation created without a welcome email). */
function emailFor(message: EmailMessage, ctx: EmailContext): EmailRequest | null {
  switch (message.subject) {
    case SUBJECTS.userRegistered: {
      const e = message.event;
      if (!e.verificationToken?.ciphertext) return null;
      return verificationEmail(ctx, { email: e.email, firstName: e.firstName, lastName: e.lastName, sealedToken: e.verificationToken.ciphertext });
    }
    case SUBJECTS.passwordResetRequested: {
      const e = message.event;
      if (!e.code?.ciphertext) return null;
      return passwordResetEmail(ctx, {
        email: e.email,
        firstName: e.firstName,
        lastName: e.lastName,
        sealedCode: e.code.ciphertext,
        expiresAt: e.expiresAt,
        occurredAt: e.occurredAt,
        resend: e.resend,
      });
    }
    case SUBJECTS.memberInvited:
      return invitationEmail(ctx, message.event);
    case SUBJECTS.organizationCreated: {
      const e = message.event;
      return welcomeEmail(ctx, {
        organizationId: e.organizationId,
        name: e.name,
        slug: e.slug,
        ownerEmail: e.ownerEmail,
        ownerFirstName: e.ownerFirstName,
        ownerLastName: e.ownerLastName,
        ownerAccountCreated: e.ownerAccountCreated,
        sendWelcomeEmail: e.sendWelcomeEmail,
      });
    }
    case SUBJECTS.joinRequestDecided:
      return joinRequestDecisionEmail(ctx, message.event);
    case SUBJECTS.creationInvitationCreated: {
      const e = message.event;
      if (!e.token?.ciphertext) return null;
      return creationInvitationEmail(ctx, {
        email: e.email,
        orgName: e.orgName,
        sealedToken: e.token.ciphertext,
        expiresAt: e.expiresAt,
        occurredAt: e.occurredAt,
      });
    }
    default: {
      const unreachable: never = message;
      throw new Error(`no email for ${JSON.stringify(unreachable)}`);
    }
  }
}

/**
 * Turns domain messages into queued emails: verification on registration, the reset code on a
 * reset request or resend, the invitation of a member added with sendInvitationEmail, the owner's
 * welcome email of create-with-owner, the approval or rejection of a join request, the invitation to
 * create an organisation. Queued once per message, dead-lettered when it cannot become an email
 * (email-request-consumer.ts).
 */
export function emailConsumer(options: EmailConsumerOptions): MessageConsumer<Tx> {
  return emailRequestConsumer<EmailSubject>({ durable: 'notifications-email', subjects: EMAIL_SUBJECTS, emailFor }, options);
}
