import { z } from 'zod';
import { auditOf } from '@platform/audit';
import { email, ErrorCode, PlatformError, validate } from '@platform/errors';
import type { AsyncService } from '@platform/grpc-server';
import type { identityV1 } from '@platform/proto';
import { recordAudit } from '../app/record-audit';
import { checkSecondFactor } from '../app/second-factor';
import { openSession, type OrganizationContext } from '../app/session-issuer';
import type { IdentityDeps } from '../deps';
import { AuditAction } from '../domain/audit-entry';
import { chooseMembership } from '../domain/membership-choice';
import { normaliseEmail, sha256 } from '../domain/secrets';
import { findMfaChallenge, takeChallengeAttempt, useMfaChallenge } from '../store/mfa';
import { deviceId, deviceIdOf, mfaCode } from './inputs';

/** Codes one challenge may be tried with; then the login starts again with the password. */
export const CHALLENGE_MAX_ATTEMPTS = 5;

const input = z.object({
  email,
  challengeToken: z.string().min(1, 'is required').max(512, 'is too long'),
  code: mfaCode,
  deviceId,
});

// Both 401, so the gateway counts them toward the login lockout of the email.
const challengeInvalid = (): PlatformError =>
  new PlatformError(ErrorCode.INVALID_CREDENTIALS, 'The sign-in challenge is not valid or has expired; sign in again with your password');
const wrongCode = (): PlatformError => new PlatformError(ErrorCode.INVALID_CREDENTIALS, 'Invalid authentication code');

/** Step two of a login with MFA: challenge token + TOTP or backup code → the token pair. */
export function mfaLoginHandlers(deps: IdentityDeps): Pick<AsyncService<identityV1.IdentityServiceServer>, 'verifyMfaLogin'> {
  return {
    async verifyMfaLogin(request, ctx) {
      const { email: address, challengeToken, code, deviceId: bodyDeviceId } = validate(input, request);
      const now = deps.now();
      const challenge = await findMfaChallenge(deps.db, sha256(challengeToken));
      const account = challenge?.account;
      if (!challenge || !account || account.deletedAt || account.email !== normaliseEmail(address)) throw challengeInvalid();
      if (!(await takeChallengeAttempt(deps.db, challenge.id, now, CHALLENGE_MAX_ATTEMPTS))) throw challengeInvalid();

      const matched = await checkSecondFactor(deps, deps.db, account.id, code, { allowBackupCode: true });
      if (!matched) {
        const facts = auditOf(
          ctx,
          {
            action: AuditAction.LOGIN_MFA_FAILED,
            userId: account.id,
            userEmail: account.email,
            resourceType: 'ACCOUNT',
            resourceId: account.id,
          },
          deps.now(),
        );
        await recordAudit(deps, facts);
        throw wrongCode();
      }

      let organization: OrganizationContext | undefined;
      if (challenge.organizationId) {
        const membership = chooseMembership(await deps.memberships.listMemberships(account.id, ctx), { organizationId: challenge.organizationId });
        organization = { organizationId: membership.organizationId, role: membership.role };
      }
      return openSession(deps, account.id, {
        organization,
        deviceId: deviceIdOf(bodyDeviceId, ctx) ?? challenge.deviceId,
        before: async (tx) => {
          if (!(await useMfaChallenge(tx, challenge.id, deps.now()))) throw challengeInvalid();
        },
        audit: auditOf(
          ctx,
          {
            action: AuditAction.LOGIN_SUCCESS,
            userId: account.id,
            userEmail: account.email,
            organizationId: organization?.organizationId,
            resourceType: 'ACCOUNT',
            resourceId: account.id,
            detail: { door: account.userType === 'SYSTEM' ? 'SYSTEM' : 'ORG', mfa: matched.kind },
          },
          deps.now(),
        ),
      });
    },
  };
}
