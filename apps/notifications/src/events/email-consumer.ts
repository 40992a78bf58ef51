import { startConsumer, type JetStreamClient, type MessagingNames, type RunningConsumer } from '@platform/messaging';
import { eventsV1, organisationEventsV1 } from '@platform/proto';
import type { Logger } from '@platform/telemetry';
import type { Registry } from 'prom-client';
import { invitationEmail, passwordResetEmail, verificationEmail, welcomeEmail, type EmailContext, type EmailRequest } from '../domain/email-requests';
import type { NotificationsDb, Tx } from '../store/db';
import { enqueueEmail } from '../store/email-deliveries';
import { SUBJECTS } from './subjects';

export interface EmailConsumerDeps {
  js: JetStreamClient;
  names: MessagingNames;
  schema: string;
  db: NotificationsDb;
  context: EmailContext;
  logger: Logger;
  metrics?: Registry;
  /** Called after an email was queued (the dispatcher looks at once instead of at its next tick). */
  onQueued?: () => void;
}

/** Each subject's payload → the email it asks for (null: none, e.g. an organisation created without a welcome email). */
function emailFor(logical: string, data: Uint8Array, ctx: EmailContext): EmailRequest | null {
  switch (logical) {
    case SUBJECTS.userRegistered: {
      const e = eventsV1.UserRegistered.decode(data);
      if (!e.verificationToken?.ciphertext) return null;
      return verificationEmail(ctx, { email: e.email, firstName: e.firstName, lastName: e.lastName, sealedToken: e.verificationToken.ciphertext });
    }
    case SUBJECTS.passwordResetRequested: {
      const e = eventsV1.PasswordResetRequested.decode(data);
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
      return invitationEmail(ctx, organisationEventsV1.MemberInvited.decode(data));
    case SUBJECTS.organisationCreated: {
      const e = organisationEventsV1.OrganisationCreated.decode(data);
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
    default:
      return null;
  }
}

/**
 * Turns domain events into queued emails: verification on registration, the reset code on a
 * reset request or resend, the invitation of a member added with sendInvitationEmail, the owner's
 * welcome email of create-with-owner. The email is recorded in the same transaction as the event's
 * id, so a redelivered event queues nothing twice; sending happens afterwards (email dispatcher).
 * A payload that does not decode (or a secret that does not open) is logged and dropped: retrying
 * cannot fix it.
 */
export function consumeEmailEvents(deps: EmailConsumerDeps): Promise<RunningConsumer> {
  return startConsumer<Tx>({
    js: deps.js,
    stream: deps.names.stream,
    durable: 'notifications-email',
    filterSubjects: [SUBJECTS.userRegistered, SUBJECTS.passwordResetRequested, SUBJECTS.memberInvited, SUBJECTS.organisationCreated].map((s) => deps.names.filter(s)),
    // Emails are side effects: a first deployment must not mail everything the stream still holds.
    startAt: 'new',
    schema: deps.schema,
    withTransaction: async <T>(work: (tx: Tx) => Promise<T>): Promise<T> => {
      const result = await deps.db.$transaction(work);
      deps.onQueued?.();
      return result;
    },
    logger: deps.logger,
    metrics: deps.metrics,
    handle: async ({ subject, data, messageId, tx }) => {
      const logical = deps.names.logical(subject);
      let request: EmailRequest | null;
      try {
        request = emailFor(logical, data, deps.context);
      } catch (err) {
        deps.logger.error({ err, subject: logical, messageId }, 'dropping an event that cannot become an email');
        return;
      }
      if (request) await enqueueEmail(tx, request, messageId);
    },
  });
}
