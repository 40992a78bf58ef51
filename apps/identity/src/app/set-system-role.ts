import { auditOf } from '@platform/audit';
import { PlatformError } from '@platform/errors';
import type { CallContext } from '@platform/grpc-server';
import type { IdentityDeps } from '../deps';
import { AuditAction } from '../domain/audit-entry';
import type { SystemRole } from '@platform/auth';
import { lockAccount, setSystemRole as saveSystemRole } from '../store/accounts';
import type { Account } from '../store/generated/client';
import { endAllSessions } from './session-ending';

/**
 * Gives a system user another role, under the account's row lock. It takes effect at once: the
 * account's sessions end (their tokens carry the old role), and SYSTEM_ROLE_CHANGED is recorded.
 */
export function setSystemRole(deps: IdentityDeps, ctx: CallContext, input: { userId: string; systemRole: SystemRole }): Promise<Account> {
  const { systemRole } = input;
  return deps.db.$transaction(async (tx) => {
    const target = await lockAccount(tx, input.userId);
    if (!target || target.userType !== 'SYSTEM') throw PlatformError.notFound('System user');
    if (target.systemRole === systemRole) return target;
    const updated = await saveSystemRole(tx, target.id, systemRole);
    await endAllSessions(tx, deps, target.id, 'SYSTEM_ROLE_CHANGED', deps.now());
    await deps.messages.auditRecorded(
      tx,
      auditOf(
        ctx,
        {
          action: AuditAction.SYSTEM_ROLE_CHANGED,
          userId: target.id,
          userEmail: target.email,
          resourceType: 'ACCOUNT',
          resourceId: target.id,
          detail: { previousRole: target.systemRole, systemRole },
        },
        deps.now(),
      ),
    );
    return updated;
  });
}
