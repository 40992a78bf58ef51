import { randomUUID } from 'node:crypto';
import type { AuditEntry } from '@platform/audit';
import type { OrgRole } from '@platform/auth';
import type { identityV1 } from '@platform/proto';
import type { IdentityDeps } from '../deps';
import { assertMayLogIn, invalidCredentials } from '../domain/account-access';
import { sessionsEndedByLogin } from '../domain/rotation-strategy';
import { sha256 } from '../domain/secrets';
import { accessClaimsFor, type AccountForClaims } from '../domain/token-claims';
import { lockAccount } from '../store/accounts';
import type { Tx } from '../store/db';
import { createRefreshToken, createSession, liveSessionsOfAccount } from '../store/sessions';
import { readSettings } from '../store/system-settings';
import { endSessions } from './session-ending';

export interface OrganizationContext {
  organizationId: string;
  role: OrgRole;
}

export interface SessionRequest {
  organization?: OrganizationContext;
  deviceId: string | null;
  /** Password logins: the hash the password was checked against; the login fails if it changed since. */
  checkedPasswordHash?: string;
  /** Runs first in the session's transaction (an MFA login spends its challenge there). */
  before?: (tx: Tx) => Promise<void>;
  audit: AuditEntry;
}

/**
 * Opens a new session (refresh-token family) and issues its first token pair, in one transaction
 * holding the account's row lock: the status and credentials are checked again under the lock, so a
 * concurrent suspension or password reset either sees this session (and ends it) or makes this
 * login fail. The rotation strategy decides which live sessions the new one ends.
 */
export function openSession(deps: IdentityDeps, accountId: string, request: SessionRequest): Promise<identityV1.TokenPair> {
  return deps.db.$transaction(async (tx) => {
    const now = deps.now();
    const account = await lockAccount(tx, accountId);
    if (!account) throw invalidCredentials();
    if (request.checkedPasswordHash !== undefined && account.passwordHash !== request.checkedPasswordHash) throw invalidCredentials();
    assertMayLogIn(account.status);
    await request.before?.(tx);

    const { values } = await readSettings(tx);
    const live = await liveSessionsOfAccount(tx, account.id, now);
    const eviction = sessionsEndedByLogin(values.tokenRotationStrategy, live, { deviceId: request.deviceId, limit: values.maxActiveTokensPerUser });
    const evicted = new Set(eviction.sessionIds);
    await endSessions(
      tx,
      deps,
      account.id,
      live.filter((s) => evicted.has(s.id)),
      eviction.reason,
      now,
    );

    const session = await createSession(tx, {
      accountId: account.id,
      organizationId: request.organization?.organizationId ?? null,
      userType: account.userType,
      deviceId: request.deviceId,
    });
    await deps.messages.auditRecorded(tx, request.audit);
    return issueTokenPair(tx, deps, account, session.id, request.organization);
  });
}

/** Issues an access token and a new refresh token of the session. */
export async function issueTokenPair(
  tx: Tx,
  deps: IdentityDeps,
  account: AccountForClaims,
  sessionId: string,
  organization?: OrganizationContext,
): Promise<identityV1.TokenPair> {
  const jti = randomUUID();
  const refreshToken = deps.signer.signRefresh({ sub: account.id, sid: sessionId, jti });
  await createRefreshToken(tx, {
    id: jti,
    sessionId,
    tokenHash: sha256(refreshToken),
    expiresAt: new Date(deps.now().getTime() + deps.signer.refreshSeconds * 1000),
  });
  return { accessToken: accessTokenFor(deps, account, sessionId, organization), refreshToken, tokenType: 'Bearer', expiresIn: deps.signer.accessSeconds };
}

export function accessTokenFor(deps: IdentityDeps, account: AccountForClaims, sessionId: string, organization?: OrganizationContext): string {
  return deps.signer.signAccess(accessClaimsFor(account, sessionId, organization)).token;
}
