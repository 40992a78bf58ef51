import { messageConsumer, SUBJECTS, type MessageConsumer } from '@platform/messaging';
import type { Logger } from '@platform/telemetry';
import { projectionRow } from '../domain/membership-projection';
import type { Tx } from '../store/db';
import { applyMembership, endOrganizationMemberships } from '../store/member-projection';

/**
 * Keeps the membership projection that notifications are addressed with: every membership's role
 * and status (organisation.membership.changed), every membership of a deleted organisation ended
 * (organisation.organisation.deleted). Starts with everything the stream holds.
 */
export function membershipConsumer(logger: Logger): MessageConsumer<Tx> {
  return messageConsumer({
    durable: 'notifications-memberships',
    subjects: [SUBJECTS.membershipChanged, SUBJECTS.organizationDeleted],
    startAt: 'all',
    // A first import announces thousands of changes at once: one transaction for many.
    batchSize: 100,
    handle: async (message) => {
      if (message.subject === SUBJECTS.organizationDeleted) {
        const version = new Date(message.event.occurredAt);
        if (!Number.isNaN(version.getTime())) await endOrganizationMemberships(message.tx, message.event.organizationId, version);
        return;
      }
      const row = projectionRow(message.event);
      if (!row) {
        logger.error({ messageId: message.messageId }, 'dropping a membership change without valid ids or time');
        return;
      }
      await applyMembership(message.tx, row);
    },
  });
}
