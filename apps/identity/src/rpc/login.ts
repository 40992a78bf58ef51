import bcrypt from 'bcrypt';
import { z } from 'zod';
import { auditOf } from '@platform/audit';
import { email, ErrorCode, optionalUuid, PlatformError, validate } from '@platform/errors';
import type { AsyncService, CallContext } from '@platform/grpc-server';
import type { identityV1 } from '@platform/proto';
import { recordAudit } from '../app/record-audit';
import { openSession, type OrganizationContext } from '../app/session-issuer';
import type { IdentityDeps } from '../deps';
import { assertMayLogIn, invalidCredentials } from '../domain/account-access';
import { AuditAction } from '../domain/audit-entry';
import { chooseMembership } from '../domain/membership-choice';
import { lastSignInByOrganization } from '../store/sessions';
import { normaliseEmail, randomToken, sha256 } from '../domain/secrets';
import { findLiveAccountByEmail } from '../store/accounts';
import type { Account } from '../store/generated/client';
import { createMfaChallenge, findMfaCredential } from '../store/mfa';
import { deviceId, deviceIdOf, presentedPassword } from './inputs';

const credentials = z.object({ email, password: presentedPassword, deviceId });
const orgLoginInput = credentials.extend({
  organizationId: optionalUuid,
  organizationSlug: z.string().max(100, 'must be at most 100 characters'),
});

type LoginHandlers = Pick<AsyncService<identityV1.IdentityServiceServer>, 'orgLogin' | 'systemLogin'>;

/** Login failures recorded in the audit log (validation errors are not attempts). */
const AUDITED_FAILURES = new Set<string>([ErrorCode.INVALID_CREDENTIALS, ErrorCode.ACCOUNT_DISABLED, ErrorCode.FORBIDDEN]);

/**
 * Credentials are checked first, in the same time whether or not the email exists (bcrypt runs
 * against a dummy hash): a wrong password or unknown email is 401 whatever the memberships.
 */
async function checkCredentials(deps: IdentityDeps, input: { email: string; password: string }, attempt: { account?: Account }) {
  const account = await findLiveAccountByEmail(deps.db, normaliseEmail(input.email));
  attempt.account = account ?? undefined;
  const matches = await bcrypt.compare(input.password, account?.passwordHash ?? deps.dummyHash);
  if (!account || !account.passwordHash || !matches) throw invalidCredentials();
  assertMayLogIn(account.status);
  return { account, passwordHash: account.passwordHash };
}

export function loginHandlers(deps: IdentityDeps): LoginHandlers {
  /** Runs a login and records a refused one (LOGIN_FAILED, with why) before answering. */
  async function audited<T>(ctx: CallContext, address: string, door: string, login: (attempt: { account?: Account }) => Promise<T>): Promise<T> {
    const attempt: { account?: Account } = {};
    try {
      return await login(attempt);
    } catch (err) {
      if (err instanceof PlatformError && AUDITED_FAILURES.has(err.code)) {
        const facts = auditOf(
          ctx,
          {
            action: AuditAction.LOGIN_FAILED,
            userId: attempt.account?.id,
            userEmail: normaliseEmail(address),
            resourceType: 'ACCOUNT',
            resourceId: attempt.account?.id,
            detail: { reason: err.code, door },
          },
          deps.now(),
        );
        await recordAudit(deps, facts);
      }
      throw err;
    }
  }

  /** The token pair, or for an account with MFA a challenge for the second step. */
  async function finishLogin(
    ctx: CallContext,
    found: { account: Account; passwordHash: string },
    door: string,
    request: { deviceId?: string },
    organization?: OrganizationContext,
  ): Promise<identityV1.LoginResponse> {
    const { account } = found;
    const device = deviceIdOf(request.deviceId, ctx);
    const mfa = await findMfaCredential(deps.db, account.id);
    if (mfa?.enabledAt) {
      const challengeToken = randomToken();
      await createMfaChallenge(deps.db, {
        accountId: account.id,
        tokenHash: sha256(challengeToken),
        organizationId: organization?.organizationId ?? null,
        deviceId: device,
        expiresAt: new Date(deps.now().getTime() + deps.policy.mfaChallengeSeconds * 1000),
      });
      return { mfaRequired: true, challengeToken };
    }
    const pair = await openSession(deps, account.id, {
      organization,
      deviceId: device,
      checkedPasswordHash: found.passwordHash,
      audit: auditOf(
        ctx,
        {
          action: AuditAction.LOGIN_SUCCESS,
          userId: account.id,
          userEmail: account.email,
          organizationId: organization?.organizationId,
          resourceType: 'ACCOUNT',
          resourceId: account.id,
          detail: { door, mfa: false },
        },
        deps.now(),
      ),
    });
    return { ...pair, mfaRequired: false };
  }

  return {
    async orgLogin(request, ctx) {
      const input = validate(orgLoginInput, request);
      return audited(ctx, input.email, 'ORG', async (attempt) => {
        const found = await checkCredentials(deps, input, attempt);
        if (found.account.userType === 'SYSTEM') throw PlatformError.forbidden('Platform staff accounts sign in at /api/auth/system/login');
        const memberships = await deps.memberships.listMemberships(found.account.id, ctx);
        const named = Boolean(input.organizationId || input.organizationSlug);
        const membership = chooseMembership(
          memberships,
          { organizationId: input.organizationId || undefined, organizationSlug: input.organizationSlug || undefined },
          named ? undefined : await lastSignInByOrganization(deps.db, found.account.id),
        );
        return finishLogin(ctx, found, 'ORG', input, { organizationId: membership.organizationId, role: membership.role });
      });
    },

    async systemLogin(request, ctx) {
      const input = validate(credentials, request);
      return audited(ctx, input.email, 'SYSTEM', async (attempt) => {
        const found = await checkCredentials(deps, input, attempt);
        if (found.account.userType !== 'SYSTEM') throw PlatformError.forbidden('This account is not a platform staff account');
        return finishLogin(ctx, found, 'SYSTEM', input);
      });
    },
  };
}
