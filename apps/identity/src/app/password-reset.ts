import bcrypt from 'bcrypt';
import { auditOf } from '@platform/audit';
import { ErrorCode, PlatformError } from '@platform/errors';
import type { CallContext } from '@platform/grpc-server';
import type { IdentityDeps } from '../deps';
import { AuditAction } from '../domain/audit-entry';
import {
  RESET_CODE_DIGITS,
  RESET_CODE_MAX_ATTEMPTS,
  RESET_VERIFY_TRIES_PER_DAY,
  RESET_VERIFY_WINDOW_SECONDS,
  resetWithinLimit,
  verifyRetryAfterSeconds,
} from '../domain/password-reset';
import { randomDigits, sha256 } from '../domain/secrets';
import { findLiveAccountByEmail } from '../store/accounts';
import { countResetRequest, countResetVerifyTry, createResetCode, findUsableResetCode, takeResetAttempt } from '../store/password-resets';
import { assertPasswordRules } from '../domain/password-policy';
import { invalidResetCode, setPassword } from './set-password';

/**
 * Request and resend of a reset code: the same work whatever the address (a code is hashed, the
 * address's allowance counted, the account looked up), and a code (stored, mailed through the
 * outbox, audited, in one transaction) only for a known address within its limit.
 */
export async function sendResetCode(deps: IdentityDeps, ctx: CallContext, address: string, resend: boolean): Promise<void> {
  const now = deps.now();
  const code = randomDigits(RESET_CODE_DIGITS);
  const codeHash = await bcrypt.hash(code, deps.bcryptCost);
  const count = await countResetRequest(deps.db, sha256(address), now, deps.policy.resetWindowSeconds);
  const account = await findLiveAccountByEmail(deps.db, address);
  if (account && resetWithinLimit(count, deps.policy.resetMaxCodes)) {
    const expiresAt = new Date(now.getTime() + deps.policy.resetCodeTtlSeconds * 1000);
    await deps.db.$transaction(async (tx) => {
      await createResetCode(tx, { accountId: account.id, codeHash, expiresAt, now });
      await deps.messages.passwordResetRequested(tx, { account, code, expiresAt, resend, occurredAt: now });
      await deps.messages.auditRecorded(
        tx,
        auditOf(
          ctx,
          {
            action: AuditAction.PASSWORD_RESET_REQUESTED,
            userId: account.id,
            userEmail: account.email,
            resourceType: 'ACCOUNT',
            resourceId: account.id,
            detail: { resend },
          },
          deps.now(),
        ),
      );
    });
  } else if (account) {
    ctx.logger.info({ accountId: account.id }, 'password-reset code not sent: the address is over its limit');
  }
}

/**
 * Sets a new password with the emailed code. The code is compared only after one of its five tries
 * is taken, so racing guesses are counted; unknown addresses and dead codes cost a bcrypt comparison
 * too, and get the same answer.
 */
export async function resetPassword(deps: IdentityDeps, ctx: CallContext, input: { address: string; code: string; newPassword: string }): Promise<void> {
  const { address } = input;
  assertPasswordRules(input.newPassword, address, 'newPassword');
  const now = deps.now();
  // The address's daily budget of tries, spent before anything is looked up: known and unknown
  // addresses run out alike, so the 423 reveals nothing about accounts.
  const budget = await countResetVerifyTry(deps.db, sha256(address), now, RESET_VERIFY_WINDOW_SECONDS);
  if (budget.tries > RESET_VERIFY_TRIES_PER_DAY) {
    throw new PlatformError(
      ErrorCode.TOO_MANY_ATTEMPTS,
      'Too many reset codes were tried for this address today. Try again after the time in Retry-After.',
      [],
      verifyRetryAfterSeconds(budget.windowStart, now),
    );
  }
  const account = await findLiveAccountByEmail(deps.db, address);
  const resetCode = account ? await findUsableResetCode(deps.db, account.id, now, RESET_CODE_MAX_ATTEMPTS) : null;
  const tried = resetCode ? await takeResetAttempt(deps.db, resetCode.id, now, RESET_CODE_MAX_ATTEMPTS) : false;
  const matches = await bcrypt.compare(input.code, tried && resetCode ? resetCode.codeHash : deps.dummyHash);
  if (!account || !resetCode || !tried || !matches) throw invalidResetCode();
  const passwordHash = await bcrypt.hash(input.newPassword, deps.bcryptCost);
  await setPassword(deps, ctx, account, passwordHash, 'RESET', { resetCodeId: resetCode.id });
}
