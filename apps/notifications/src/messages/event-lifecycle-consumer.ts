import { messageConsumer, SUBJECTS, type CataloguedMessage, type MessageConsumer } from '@platform/messaging';
import type { EmailContext } from '../domain/email-requests';
import { cancellationEmail, confirmationEmail, startsAt } from '../domain/event-emails';
import type { Tx } from '../store/db';
import { enqueueEmail } from '../store/email-deliveries';
import { createNotification } from '../store/notifications';

const EVENT_LIFECYCLE_SUBJECTS = [SUBJECTS.eventPublished, SUBJECTS.registrationConfirmed, SUBJECTS.registrationCancelled] as const;
type EventLifecycleMessage = CataloguedMessage<(typeof EVENT_LIFECYCLE_SUBJECTS)[number], Tx>;

export interface EventLifecycleConsumerOptions {
  context: EmailContext;
  pushEnabled: boolean;
  /** After the transaction: the email and push dispatchers look at once. */
  onQueued?: () => void;
}

async function handle(message: EventLifecycleMessage, options: EventLifecycleConsumerOptions): Promise<void> {
  switch (message.subject) {
    case SUBJECTS.eventPublished: {
      const e = message.event;
      const when = [startsAt(e.startDate), e.location].filter((p) => p !== '').join(' · ');
      await createNotification(
        message.tx,
        {
          organizationId: e.organizationId,
          title: `New event: ${e.title}`.slice(0, 200),
          body: when,
          targetType: 'ALL_MEMBERS',
          targetUserId: null,
          targetRole: null,
          data: { type: 'EVENT', eventId: e.eventId },
          membersOnly: false,
          senderId: e.publishedBy,
          createdAt: new Date(),
          push: options.pushEnabled,
        },
        { excludeGuests: false },
      );
      return;
    }
    case SUBJECTS.registrationConfirmed: {
      const r = message.event.registration;
      const request = r ? confirmationEmail(options.context, r) : null;
      if (request) await enqueueEmail(message.tx, request, message.messageId);
      return;
    }
    case SUBJECTS.registrationCancelled: {
      const r = message.event.registration;
      const request = r ? cancellationEmail(options.context, r, message.event.eventCancelled, message.event.reason) : null;
      if (request) await enqueueEmail(message.tx, request, message.messageId);
      return;
    }
    default: {
      const unreachable: never = message;
      throw new Error(`unexpected message ${JSON.stringify(unreachable)}`);
    }
  }
}

/**
 * The events service's announcements: a published event → a push and an inbox entry for each
 * ACTIVE member of the organisation (data.type EVENT, data.eventId); a confirmed registration →
 * the EVENT_CONFIRMATION email; a registration cancelled with its event → EVENT_CANCELLED with the
 * reason. Written in the transaction that records the message id, so redeliveries add nothing.
 */
export function eventLifecycleConsumer(options: EventLifecycleConsumerOptions): MessageConsumer<Tx> {
  return messageConsumer({
    durable: 'notifications-events',
    subjects: EVENT_LIFECYCLE_SUBJECTS,
    startAt: 'new',
    afterCommit: options.onQueued,
    handle: (m) => handle(m, options),
  });
}
