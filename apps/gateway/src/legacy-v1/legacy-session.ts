import type { AccessClaims, TokenSigner } from '@platform/auth';
import type { SessionDenylist } from '../auth/session-denylist';
import { bearerToken } from '../auth/auth-middleware';
import { LegacyError } from './legacy-error';
import type { LegacyOrganization } from './organisation-resolver';

export interface LegacySession {
  claims: AccessClaims;
  token: string;
}

/**
 * The old app's session: a platform access token (valid, not revoked) of the association the
 * request names. A token of another association reads nothing of this one: 403, whatever the
 * service would say, before any call. Missing token 400 `jwt_auth_bad_request` and bad token 401
 * `jwt_auth_invalid_token`, as the site answered (docs/legacy-site.md).
 */
export class LegacySessions {
  constructor(
    private readonly signer: TokenSigner,
    private readonly denylist: SessionDenylist,
  ) {}

  async check(token: string | undefined, org: LegacyOrganization): Promise<LegacySession> {
    if (!token) throw new LegacyError('BAD_REQUEST', 'Authorization header not found.');
    let claims: AccessClaims;
    try {
      claims = this.signer.verifyAccess(token);
    } catch {
      throw new LegacyError('INVALID_TOKEN', 'The token is invalid or expired.');
    }
    let revoked: boolean;
    try {
      revoked = await this.denylist.isRevoked(claims);
    } catch {
      // Fail closed, as the platform API does: without the denylist a revoked session could pass.
      throw new LegacyError('UNAVAILABLE', 'Sessions cannot be checked right now. Try again shortly.', { headers: { 'Retry-After': '1' } });
    }
    if (revoked) throw new LegacyError('INVALID_TOKEN', 'This session has ended. Sign in again.');
    if (claims.userType !== 'ORGANIZATION' || claims.organizationId !== org.id) {
      throw new LegacyError('FORBIDDEN', 'This token belongs to another association.');
    }
    return { claims, token };
  }

  /** The bearer token of a request: `Authorization: Bearer …` (a malformed header counts as none). */
  static tokenOf(authorization: string | undefined): string | undefined {
    return bearerToken(authorization);
  }
}
