import bcrypt from 'bcrypt';
import { auditOf } from '@platform/audit';
import { PlatformError } from '@platform/errors';
import { callerId, type CallContext } from '@platform/grpc-server';
import type { IdentityDeps } from '../deps';
import { assertMayDeactivateSelf } from '../domain/account-status';
import { AuditAction } from '../domain/audit-entry';
import { findLiveAccount, lockAccount, updateAccountStatus } from '../store/accounts';
import type { Account } from '../store/generated/client';
import { endAllSessions } from './session-ending';

/** The caller deactivates their own account (their password confirms it): every session ends. */
export async function deactivateAccount(deps: IdentityDeps, ctx: CallContext, password: string): Promise<Account> {
  const account = await findLiveAccount(deps.db, callerId(ctx));
  if (!account) throw PlatformError.notFound('Account');
  const matches = await bcrypt.compare(password, account.passwordHash ?? deps.dummyHash);
  if (!account.passwordHash || !matches) throw PlatformError.validation([{ field: 'password', message: 'is not correct' }], 'The password is not correct');
  return deps.db.$transaction(async (tx) => {
    const now = deps.now();
    const current = await lockAccount(tx, account.id);
    if (!current) throw PlatformError.notFound('Account');
    assertMayDeactivateSelf(current);
    const changed = await updateAccountStatus(tx, current.id, 'DEACTIVATED');
    await endAllSessions(tx, deps, current.id, 'ACCOUNT_DEACTIVATED', now);
    await deps.messages.accountUpdated(tx, changed);
    await deps.messages.auditRecorded(
      tx,
      auditOf(
        ctx,
        { action: AuditAction.ACCOUNT_DEACTIVATED, userId: current.id, userEmail: current.email, resourceType: 'ACCOUNT', resourceId: current.id },
        deps.now(),
      ),
    );
    return changed;
  });
}
