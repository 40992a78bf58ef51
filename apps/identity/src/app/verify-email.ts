import { auditOf } from '@platform/audit';
import { PlatformError } from '@platform/errors';
import type { CallContext } from '@platform/grpc-server';
import type { IdentityDeps } from '../deps';
import { statusAfterEmailVerified } from '../domain/account-status';
import { AuditAction } from '../domain/audit-entry';
import { sha256 } from '../domain/secrets';
import { findEmailVerification, lockAccount, updateAccountStatus, useEmailVerification } from '../store/accounts';
import type { Account } from '../store/generated/client';

const refused = (message: string): PlatformError => PlatformError.validation([{ field: 'token', message }], `The verification link ${message}`);

/**
 * The token of the registration email (7 days) confirms the address: the token is spent, the
 * account marked verified (PENDING_VERIFICATION becomes ACTIVE, announced) and EMAIL_VERIFIED
 * recorded, in one transaction under the account's row lock.
 */
export async function verifyEmail(deps: IdentityDeps, ctx: CallContext, token: string): Promise<Account> {
  const verification = await findEmailVerification(deps.db, sha256(token));
  if (!verification || verification.account.deletedAt) throw refused('is not valid');
  if (verification.usedAt) throw refused('has already been used');
  if (verification.expiresAt <= deps.now()) throw refused('has expired; request a password reset to verify the address instead');
  return deps.db.$transaction(async (tx) => {
    const now = deps.now();
    if (!(await useEmailVerification(tx, verification.id, now))) throw refused('has already been used');
    const current = await lockAccount(tx, verification.accountId);
    if (!current) throw refused('is not valid');
    const status = statusAfterEmailVerified(current.status);
    const updated = await updateAccountStatus(tx, current.id, status, current.emailVerifiedAt ? {} : { emailVerifiedAt: now });
    if (status !== current.status) await deps.messages.accountUpdated(tx, updated);
    await deps.messages.auditRecorded(
      tx,
      auditOf(
        ctx,
        { action: AuditAction.EMAIL_VERIFIED, userId: current.id, userEmail: current.email, resourceType: 'ACCOUNT', resourceId: current.id },
        deps.now(),
      ),
    );
    return updated;
  });
}
