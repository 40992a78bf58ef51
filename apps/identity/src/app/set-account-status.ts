import { auditOf } from '@platform/audit';
import { PlatformError } from '@platform/errors';
import { callerId, type CallContext } from '@platform/grpc-server';
import type { IdentityDeps } from '../deps';
import { adminStatusChange, type AdminStatus } from '../domain/account-status';
import { lockAccount, updateAccountStatus } from '../store/accounts';
import type { Account } from '../store/generated/client';
import { endAllSessions } from './session-ending';

/**
 * A platform administrator suspends, bans or (re)activates an account, under its row lock; the
 * first two end its sessions. The change is announced and audited in the same transaction.
 */
export async function setAccountStatus(deps: IdentityDeps, ctx: CallContext, input: { userId: string; status: AdminStatus; reason: string }): Promise<Account> {
  const actor = { accountId: callerId(ctx), systemRole: ctx.caller?.systemRole };
  return deps.db.$transaction(async (tx) => {
    const now = deps.now();
    const target = await lockAccount(tx, input.userId);
    if (!target) throw PlatformError.notFound('User');
    const change = adminStatusChange(actor, target, input.status);
    if (!change.changed) return target;
    const updated = await updateAccountStatus(tx, target.id, change.next);
    if (change.endsSessions) await endAllSessions(tx, deps, target.id, `ACCOUNT_${change.next}`, now);
    await deps.messages.accountUpdated(tx, updated);
    await deps.messages.auditRecorded(
      tx,
      auditOf(
        ctx,
        {
          action: change.action,
          userId: target.id,
          userEmail: target.email,
          resourceType: 'ACCOUNT',
          resourceId: target.id,
          detail: { previousStatus: target.status, status: change.next, reason: input.reason || undefined },
        },
        deps.now(),
      ),
    );
    return updated;
  });
}
