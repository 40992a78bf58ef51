import { messageConsumer, SUBJECTS, type MessageConsumer } from '@platform/messaging';
import { parseVersion } from '../domain/projection-version';
import { refreshKnownAccount } from '../store/accounts';
import type { Tx } from '../store/db';
import { refreshListColumns } from '../store/memberships';

/**
 * Keeps the account projection (email, names, account status) and the member-list columns in step
 * with identity. An update older than what the projection holds is ignored; the membership name
 * overrides of each organisation are kept.
 */
export function accountUpdatesConsumer(): MessageConsumer<Tx> {
  return messageConsumer({
    durable: 'organisation-account-updated',
    subjects: [SUBJECTS.accountUpdated],
    handle: async ({ event: update, tx }) => {
      const account = await refreshKnownAccount(tx, {
        id: update.accountId,
        email: update.email,
        firstName: update.firstName,
        lastName: update.lastName,
        status: update.status,
        version: parseVersion(update.occurredAt, new Date()),
      });
      if (account) await refreshListColumns(tx, account.id, account);
    },
  });
}
