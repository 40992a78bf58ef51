import { messageConsumer, SUBJECTS, type MessageConsumer } from '@platform/messaging';
import { auditRowFrom } from '../domain/audit-entry';
import { findLiveAccount, findLiveAccountByEmail } from '../store/accounts';
import { appendAuditRow } from '../store/audit-log';
import type { Tx } from '../store/db';

/**
 * Stores every service's `audit.recorded` messages in the audit table, each once: the message id
 * (the producer's outbox id) is recorded with the row, in the same transaction. An entry with an
 * email but no user id gets the id of the account with that email, and one with an id but no
 * email gets the account's email.
 */
export function auditConsumer(): MessageConsumer<Tx> {
  return messageConsumer({
    durable: 'identity-audit',
    subjects: [SUBJECTS.auditRecorded],
    handle: async ({ event, messageId, tx }) => {
      const row = auditRowFrom(event, messageId, new Date());
      // Producers that know only the address (the gateway's LOGIN_LOCKED) still land in the
      // account's history.
      if (!row.userId && row.userEmail) row.userId = (await findLiveAccountByEmail(tx, row.userEmail))?.id ?? null;
      // And those that know only the id (system users' tokens carry no email) still show who it was.
      if (row.userId && !row.userEmail) row.userEmail = (await findLiveAccount(tx, row.userId))?.email ?? row.userEmail;
      await appendAuditRow(tx, row);
    },
  });
}
