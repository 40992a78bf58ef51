import bcrypt from 'bcrypt';
import { ErrorCode, PlatformError } from '@platform/errors';
import type { IdentityDeps } from '../deps';
import { statusAfterEmailVerified } from '../domain/account-status';
import { assertPasswordRules } from '../domain/password-policy';
import { findLiveAccount, lockAccount, setPasswordHash } from '../store/accounts';
import type { Account } from '../store/generated/client';

export interface Activation {
  accountId: string;
  password: string;
  /** "" keeps the name the account has. */
  firstName: string;
  lastName: string;
}

/**
 * Activates an account the organisation service made for an invitation (or a join request): first
 * password, names, email verified, announced. Never replaces a password: an account that has one
 * is refused with FAILED_PRECONDITION.
 */
export async function activateAccount(deps: IdentityDeps, input: Activation): Promise<Account> {
  const before = await findLiveAccount(deps.db, input.accountId);
  if (!before) throw PlatformError.notFound('Account');
  assertPasswordRules(input.password, before.email);
  // Hashed outside the transaction: bcrypt is slow and the row lock should be short.
  const passwordHash = await bcrypt.hash(input.password, deps.bcryptCost);
  return deps.db.$transaction(async (tx) => {
    const current = await lockAccount(tx, input.accountId);
    if (!current) throw PlatformError.notFound('Account');
    if (current.passwordHash !== null) throw new PlatformError(ErrorCode.FAILED_PRECONDITION, 'The account already has a password');
    const now = deps.now();
    const changed = await setPasswordHash(tx, current.id, passwordHash, now, {
      emailVerifiedAt: current.emailVerifiedAt ?? now,
      status: statusAfterEmailVerified(current.status),
      ...(input.firstName ? { firstName: input.firstName } : {}),
      ...(input.lastName ? { lastName: input.lastName } : {}),
    });
    await deps.messages.accountUpdated(tx, changed);
    return changed;
  });
}
