import type { AuditEntry } from '@platform/audit';
import type { IdentityDeps } from '../deps';

/**
 * Records an audit entry that goes with no other change (a refused login, a wrong MFA code): the
 * entry alone, written to the outbox in a transaction of its own.
 */
export function recordAudit(deps: Pick<IdentityDeps, 'db' | 'messages'>, entry: AuditEntry): Promise<void> {
  return deps.db.$transaction((tx) => deps.messages.auditRecorded(tx, entry));
}
