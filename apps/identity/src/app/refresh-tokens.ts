import { PlatformError } from '@platform/errors';
import type { CallContext } from '@platform/grpc-server';
import type { identityV1 } from '@platform/proto';
import type { IdentityDeps } from '../deps';
import { assertMayLogIn } from '../domain/account-access';
import { chooseMembership } from '../domain/membership-choice';
import { extendedExpiry, refreshModeOf } from '../domain/rotation-strategy';
import { sha256 } from '../domain/secrets';
import type { Tx } from '../store/db';
import { extendRefreshToken, findSession, rotateRefreshToken, touchSession } from '../store/sessions';
import { readSettings } from '../store/system-settings';
import { endSession } from './session-ending';
import { accessTokenFor, issueTokenPair, type OrganizationContext } from './session-issuer';

const sessionEnded = (): PlatformError => PlatformError.unauthenticated('The session has ended; sign in again');

type RefreshResult = { kind: 'issued'; pair: identityV1.TokenPair } | { kind: 'reused'; sessionId: string } | { kind: 'unknown' };

/**
 * Refreshes under the rotation strategy of the settings: the presented token is either spent
 * (rotate) or re-issued in place with a later expiry (extend, UPDATE_EXISTING). Either way the
 * presented string is good once: presenting it again means it leaked or raced, and the whole
 * family (session) is revoked, under every strategy.
 */
export async function refreshTokens(deps: IdentityDeps, ctx: CallContext, refreshToken: string): Promise<identityV1.TokenPair> {
  const claims = deps.signer.verifyRefresh(refreshToken);
  const session = await findSession(deps.db, claims.sid);
  if (!session || session.revokedAt || session.accountId !== claims.sub) throw sessionEnded();
  const account = session.account;
  try {
    if (account.deletedAt) throw sessionEnded();
    assertMayLogIn(account.status);
  } catch (err) {
    await endSession(deps, session.id, account.id, 'ACCOUNT_DISABLED');
    throw err;
  }
  let organization: OrganizationContext | undefined;
  if (session.organizationId) {
    const memberships = await deps.memberships.listMemberships(account.id, ctx);
    try {
      const m = chooseMembership(memberships, { organizationId: session.organizationId });
      organization = { organizationId: m.organizationId, role: m.role };
    } catch (err) {
      await endSession(deps, session.id, account.id, 'MEMBERSHIP_ENDED');
      throw err;
    }
  }
  const { values } = await readSettings(deps.db);
  const mode = refreshModeOf(values.tokenRotationStrategy);
  const result = await deps.db.$transaction(async (tx): Promise<RefreshResult> => {
    const now = deps.now();
    if (mode === 'extend') {
      const nowSeconds = Math.floor(now.getTime() / 1000);
      const exp = extendedExpiry(nowSeconds, deps.signer.refreshSeconds, claims.exp);
      const next = deps.signer.signRefresh({ sub: account.id, sid: session.id, jti: claims.jti, expiresAt: exp });
      const outcome = await extendRefreshToken(tx, {
        id: claims.jti,
        presentedHash: sha256(refreshToken),
        nextHash: sha256(next),
        expiresAt: new Date(exp * 1000),
        now,
      });
      if (outcome.kind !== 'extended') return outcome;
      await touchSession(tx, session.id, now);
      const accessToken = accessTokenFor(deps, account, session.id, organization);
      return { kind: 'issued', pair: { accessToken, refreshToken: next, tokenType: 'Bearer', expiresIn: deps.signer.accessSeconds } };
    }
    return rotate(tx, claims.jti, refreshToken, session.id, now);
  });
  if (result.kind === 'issued') return result.pair;
  if (result.kind === 'reused') {
    ctx.logger.warn({ sessionId: session.id }, 'refresh token reuse: revoking the session');
    await endSession(deps, session.id, account.id, 'REFRESH_TOKEN_REUSE');
  }
  throw sessionEnded();

  async function rotate(tx: Tx, jti: string, presented: string, sessionId: string, now: Date): Promise<RefreshResult> {
    const outcome = await rotateRefreshToken(tx, jti, sha256(presented), now);
    if (outcome.kind !== 'rotated') return outcome;
    await touchSession(tx, sessionId, now);
    return { kind: 'issued', pair: await issueTokenPair(tx, deps, account, sessionId, organization) };
  }
}
