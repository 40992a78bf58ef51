import { randomUUID } from 'node:crypto';
import type { TokenSigner } from '@platform/auth';
import { ErrorCode, PlatformError } from '@platform/errors';
import { identityV1 } from '@platform/proto';
import { fakeGrpcService, type FakeGrpcService } from '@platform/testing';

export interface StandInAccount {
  id: string;
  email: string;
  password: string;
  status: 'ACTIVE' | 'SUSPENDED';
  organizationId: string;
}

export interface IdentityStandIn extends FakeGrpcService<typeof identityV1.IdentityServiceService> {
  /** Accounts by lower-case email. */
  accounts: Map<string, StandInAccount>;
  /** Password checks made (OrgLogin calls that reached the service). */
  passwordChecks(): number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Identity as the gateway sees it: logs in against `accounts` (slowly, like bcrypt, so concurrent
 * attempts overlap), signs real tokens, and on RevokeTokens calls `onRevoke` with the session (the
 * test publishes the event).
 */
export async function startIdentityStandIn(
  signer: TokenSigner,
  onRevoke: (accountId: string, sessionId: string) => Promise<void>,
  checkMs = 30,
): Promise<IdentityStandIn> {
  const accounts = new Map<string, StandInAccount>();
  const fake = await fakeGrpcService(identityV1.IdentityServiceService, {
    orgLogin: async (request) => {
      await sleep(checkMs);
      const account = accounts.get(request.email.toLowerCase());
      if (!account || account.password !== request.password) throw new PlatformError(ErrorCode.INVALID_CREDENTIALS, 'Invalid email or password');
      if (account.status === 'SUSPENDED') throw new PlatformError(ErrorCode.ACCOUNT_DISABLED, 'This account is suspended');
      const sid = randomUUID();
      const { token } = signer.signAccess({
        sub: account.id,
        sid,
        userType: 'ORGANIZATION',
        email: account.email,
        username: account.email,
        organizationId: account.organizationId,
        organizationRole: 'MEMBER',
      });
      return {
        accessToken: token,
        refreshToken: signer.signRefresh({ sub: account.id, sid, jti: randomUUID() }),
        tokenType: 'Bearer',
        expiresIn: 3600,
        mfaRequired: false,
      };
    },
    revokeTokens: async (_request, call) => {
      const claims = signer.verifyAccess(call.token ?? '');
      await onRevoke(claims.sub, claims.sid);
      return { revoked: true };
    },
    getHealth: () => ({ status: 'UP' }),
  });
  return Object.assign(fake, { accounts, passwordChecks: () => fake.callsOf('orgLogin').length });
}
