import bcrypt from 'bcrypt';
import { z } from 'zod';
import { auditOf } from '@platform/audit';
import { email, ErrorCode, PlatformError, validate } from '@platform/errors';
import { callerId, type AsyncService, type CallContext } from '@platform/grpc-server';
import type { identityV1 } from '@platform/proto';
import { endAllSessions } from '../app/session-ending';
import type { IdentityDeps } from '../deps';
import { statusAfterEmailVerified } from '../domain/account-status';
import { AuditAction } from '../domain/audit-entry';
import { passwordViolations } from '../domain/password-policy';
import {
  remainingDelay,
  RESET_ACCEPTED_MESSAGE,
  RESET_CODE_DIGITS,
  RESET_CODE_MAX_ATTEMPTS,
  RESET_CODE_PATTERN,
  RESET_VERIFY_TRIES_PER_DAY,
  RESET_VERIFY_WINDOW_SECONDS,
  resetWithinLimit,
  verifyRetryAfterSeconds,
} from '../domain/password-reset';
import { normaliseEmail, randomDigits, sha256 } from '../domain/secrets';
import { findLiveAccount, findLiveAccountByEmail, lockAccount, setPasswordHash } from '../store/accounts';
import type { Account } from '../store/generated/client';
import {
  countResetRequest,
  countResetVerifyTry,
  createResetCode,
  findUsableResetCode,
  invalidateResetCodes,
  takeResetAttempt,
  useResetCode,
} from '../store/password-resets';
import { presentedPassword } from './inputs';

type PasswordHandlers = Pick<
  AsyncService<identityV1.IdentityServiceServer>,
  'requestPasswordReset' | 'resendPasswordReset' | 'verifyPasswordReset' | 'changePassword'
>;

const verifyInput = z.object({
  email,
  code: z.string().trim().regex(RESET_CODE_PATTERN, `must be the ${RESET_CODE_DIGITS}-digit code from the email`),
  newPassword: z.string(),
});
const changeInput = z.object({ currentPassword: presentedPassword, newPassword: z.string() });

/** One answer for every wrong, spent, replaced or expired code, and for unknown addresses. */
const invalidCode = (): PlatformError =>
  PlatformError.validation(
    [{ field: 'code', message: 'is not valid or has expired; request a new code' }],
    'The code is not valid or has expired. Request a new code.',
  );

function assertPasswordRules(password: string, address: string, field: string): void {
  const violations = passwordViolations(password, address, field);
  const [first] = violations;
  if (first) throw PlatformError.validation(violations, `Invalid ${field}: ${first.message}`);
}

export function passwordHandlers(deps: IdentityDeps): PasswordHandlers {
  /**
   * Request and resend: the same work whatever the address (a code is hashed, the address's
   * allowance counted, the account looked up), a code only for a known address within its limit,
   * and an answer no sooner than the configured floor. The answer never varies.
   */
  async function issueCode(request: unknown, ctx: CallContext, resend: boolean): Promise<identityV1.PasswordResetAccepted> {
    const started = Date.now();
    const { email: given } = validate(z.object({ email }), request);
    const address = normaliseEmail(given);
    const now = deps.now();
    const code = randomDigits(RESET_CODE_DIGITS);
    const codeHash = await bcrypt.hash(code, deps.bcryptCost);
    const count = await countResetRequest(deps.db, sha256(address), now, deps.policy.resetWindowSeconds);
    const account = await findLiveAccountByEmail(deps.db, address);
    if (account && resetWithinLimit(count, deps.policy.resetMaxCodes)) {
      const expiresAt = new Date(now.getTime() + deps.policy.resetCodeTtlSeconds * 1000);
      await deps.db.$transaction(async (tx) => {
        await createResetCode(tx, { accountId: account.id, codeHash, expiresAt, now });
        await deps.events.passwordResetRequested(tx, { account, code, expiresAt, resend, occurredAt: now });
        await deps.events.auditRecorded(
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
    await deps.sleep(remainingDelay(started, Date.now(), deps.policy.resetMinResponseMs));
    return { message: RESET_ACCEPTED_MESSAGE };
  }

  /**
   * Sets a password, spending the reset code in the same transaction: the account's sessions end
   * (but `keepSessionId`), and the gateway hears of it (denylist, login lockout cleared).
   */
  async function setPassword(
    ctx: CallContext,
    account: Account,
    passwordHash: string,
    via: 'RESET' | 'CHANGE',
    options: { keepSessionId?: string; resetCodeId?: string },
  ) {
    const { keepSessionId, resetCodeId } = options;
    return deps.db.$transaction(async (tx) => {
      const now = deps.now();
      const current = await lockAccount(tx, account.id);
      if (!current) throw PlatformError.notFound('Account');
      if (resetCodeId && !(await useResetCode(tx, resetCodeId, now))) throw invalidCode();
      // A reset with the emailed code also proves the address.
      const verified = via === 'RESET' && current.emailVerifiedAt === null ? { emailVerifiedAt: now, status: statusAfterEmailVerified(current.status) } : {};
      const updated = await setPasswordHash(tx, account.id, passwordHash, now, verified);
      await invalidateResetCodes(tx, account.id, now);
      await endAllSessions(tx, deps, account.id, via === 'RESET' ? 'PASSWORD_RESET' : 'PASSWORD_CHANGED', now, keepSessionId);
      await deps.events.passwordChanged(tx, { accountId: account.id, email: account.email, via, occurredAt: now });
      if (updated.status !== current.status) await deps.events.accountUpdated(tx, updated);
      await deps.events.auditRecorded(
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

  return {
    requestPasswordReset: (request, ctx) => issueCode(request, ctx, false),
    resendPasswordReset: (request, ctx) => issueCode(request, ctx, true),

    /**
     * The code is compared only after one of its five tries is taken, so racing guesses are
     * counted; unknown addresses and dead codes cost a bcrypt comparison too, and get the same answer.
     */
    async verifyPasswordReset(request, ctx) {
      const input = validate(verifyInput, request);
      const address = normaliseEmail(input.email);
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
      if (!account || !resetCode || !tried || !matches) throw invalidCode();
      const passwordHash = await bcrypt.hash(input.newPassword, deps.bcryptCost);
      await setPassword(ctx, account, passwordHash, 'RESET', { resetCodeId: resetCode.id });
      return { message: 'Your password has been reset. Sign in with the new password.' };
    },

    /** The caller changes their password: the current one is required; their other sessions end. */
    async changePassword(request, ctx) {
      const input = validate(changeInput, request);
      const account = await findLiveAccount(deps.db, callerId(ctx));
      if (!account) throw PlatformError.notFound('Account');
      const matches = await bcrypt.compare(input.currentPassword, account.passwordHash ?? deps.dummyHash);
      if (!account.passwordHash || !matches) {
        throw PlatformError.validation([{ field: 'currentPassword', message: 'is not correct' }], 'The current password is not correct');
      }
      assertPasswordRules(input.newPassword, account.email, 'newPassword');
      await setPassword(ctx, account, await bcrypt.hash(input.newPassword, deps.bcryptCost), 'CHANGE', { keepSessionId: ctx.caller?.sid });
      return { message: 'Your password has been changed. Your other sessions have been signed out.' };
    },
  };
}
