import { messageConsumer, SUBJECTS, type MessageConsumer } from '@platform/messaging';
import { membershipChangeEndsSessions } from '../domain/membership-sessions';
import type { Tx } from '../store/db';
import { liveSessionsInOrganization, revokeSession } from '../store/sessions';
import type { IdentityMessages } from './identity-messages';

/** Ends an account's sessions in an organisation when its membership there ends or changes role. */
export function membershipChangesConsumer(messages: IdentityMessages): MessageConsumer<Tx> {
  return messageConsumer({
    durable: 'identity-membership-changed',
    subjects: [SUBJECTS.membershipChanged],
    // A first import announces thousands of changes at once: one transaction for many.
    batchSize: 100,
    handle: async ({ event: change, tx }) => {
      if (!membershipChangeEndsSessions(change)) return;
      const now = new Date();
      for (const session of await liveSessionsInOrganization(tx, change.accountId, change.organizationId)) {
        await revokeSession(tx, session.id, `MEMBERSHIP_${change.status}`, now);
        await messages.sessionRevoked(tx, { accountId: change.accountId, sessionId: session.id, reason: `MEMBERSHIP_${change.status}`, revokedAt: now });
      }
    },
  });
}
