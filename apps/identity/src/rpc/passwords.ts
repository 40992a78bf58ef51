import { z } from 'zod';
import { email, validate } from '@platform/errors';
import type { AsyncService, CallContext } from '@platform/grpc-server';
import type { identityV1 } from '@platform/proto';
import { changePassword } from '../app/change-password';
import { resetPassword, sendResetCode } from '../app/password-reset';
import type { IdentityDeps } from '../deps';
import { remainingDelay, RESET_ACCEPTED_MESSAGE, RESET_CODE_DIGITS, RESET_CODE_PATTERN } from '../domain/password-reset';
import { normaliseEmail } from '../domain/secrets';
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

export function passwordHandlers(deps: IdentityDeps): PasswordHandlers {
  /**
   * Request and resend: the same work whatever the address (app/password-reset.ts), and an answer
   * no sooner than the configured floor. The answer never varies.
   */
  async function issueCode(request: unknown, ctx: CallContext, resend: boolean): Promise<identityV1.PasswordResetAccepted> {
    const started = Date.now();
    const { email: given } = validate(z.object({ email }), request);
    await sendResetCode(deps, ctx, normaliseEmail(given), resend);
    await deps.sleep(remainingDelay(started, Date.now(), deps.policy.resetMinResponseMs));
    return { message: RESET_ACCEPTED_MESSAGE };
  }

  return {
    requestPasswordReset: (request, ctx) => issueCode(request, ctx, false),
    resendPasswordReset: (request, ctx) => issueCode(request, ctx, true),

    /** The emailed code sets a new password (app/password-reset.ts: its tries are counted before it is compared). */
    async verifyPasswordReset(request, ctx) {
      const input = validate(verifyInput, request);
      await resetPassword(deps, ctx, { address: normaliseEmail(input.email), code: input.code, newPassword: input.newPassword });
      return { message: 'Your password has been reset. Sign in with the new password.' };
    },

    /** The caller changes their password: the current one is required; their other sessions end. */
    async changePassword(request, ctx) {
      await changePassword(deps, ctx, validate(changeInput, request));
      return { message: 'Your password has been changed. Your other sessions have been signed out.' };
    },
  };
}
