import { auditOf } from '@platform/audit';
import { PlatformError } from '@platform/errors';
import type { CallContext } from '@platform/grpc-server';
import type { IdentityDeps } from '../deps';
import { statusAfterEmailVerified } from '../domain/account-status';
import { AuditAction } from '../domain/audit-entry';
import { lockAccount, setPasswordHash } from '../store/accounts';
import type { Account } from '../store/generated/client';
import { invalidateResetCodes, useResetCode } from '../store/password-resets';
import { endAllSessions } from './session-ending';

/** One answer for every wrong, spent, replaced or expired reset code, and for unknown addresses. */
export const invalidResetCode = (): PlatformError =>
  PlatformError.validation(
    [{ field: 'code', message: 'is not valid or has expired; request a new code' }],
    'The code is not valid or has expired. Request a new code.',
  );

/**
 * Sets a password, spending the reset code in the same transaction: the account's sessions end
 * (but `keepSessionId`), and the gateway hears of it (denylist, login lockout cleared).
 */
export async function setPassword(
  deps: IdentityDeps,
  ctx: CallContext,
  account: Account,
  passwordHash: string,
  via: 'RESET' | 'CHANGE',
  options: { keepSessionId?: string; resetCodeId?: string },
): Promise<Account> {
  const { keepSessionId, resetCodeId } = options;
  return deps.db.$transaction(async (tx) => {
    const now = deps.now();
    const current = await lockAccount(tx, account.id);
    if (!current) throw PlatformError.notFound('Account');
    if (resetCodeId && !(await useResetCode(tx, resetCodeId, now))) throw invalidResetCode();
    // A reset with the emailed code also proves the address.
    const verified = via === 'RESET' && current.emailVerifiedAt === null ? { emailVerifiedAt: now, status: statusAfterEmailVerified(current.status) } : {};
    const updated = await setPasswordHash(tx, account.id, passwordHash, now, verified);
    await invalidateResetCodes(tx, account.id, now);
    await endAllSessions(tx, deps, account.id, via === 'RESET' ? 'PASSWORD_RESET' : 'PASSWORD_CHANGED', now, keepSessionId);
    await deps.messages.passwordChanged(tx, { accountId: account.id, email: account.email, via, occurredAt: now });
    if (updated.status !== current.status) await deps.messages.accountUpdated(tx, updated);
    await deps.messages.auditRecorded(
      tx,
      auditOf(
        ctx,
        {
          action: via === 'RESET' ? AuditAction.PASSWORD_RESET_COMPLETED : AuditAction.PASSWORD_CHANGED,
          userId: account.id,
          userEmail: account.email,
          resourceType: 'ACCOUNT',
          resourceId: account.id,
        },
        deps.now(),
      ),
    );
    return updated;
  });
}
