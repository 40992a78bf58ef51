import type { IdentityDeps } from '../deps';
import { mayHoldLiveAccessTokens } from '../domain/session-denylisting';
import type { Tx } from '../store/db';
import { dropMfaChallenges } from '../store/mfa';
import { openSessionsOfAccount, revokeSession, revokeSessions } from '../store/sessions';

/**
 * Ends sessions and tells the gateway, in the caller's transaction: one `identity.session.revoked`
 * per session that can still hold a live access token. Per session rather than one account-wide
 * event: an account-wide revocation refuses tokens by issue time in whole seconds, which would also
 * refuse a session the user opens in the same second (signing in again right after a reset).
 */
export async function endSessions(
  tx: Tx,
  deps: Pick<IdentityDeps, 'messages' | 'signer'>,
  accountId: string,
  sessions: { id: string; lastUsedAt: Date }[],
  reason: string,
  now: Date,
): Promise<void> {
  await revokeSessions(
    tx,
    sessions.map((s) => s.id),
    reason,
    now,
  );
  for (const session of sessions) {
    if (mayHoldLiveAccessTokens(session.lastUsedAt, now, deps.signer.accessSeconds)) {
      await deps.messages.sessionRevoked(tx, { accountId, sessionId: session.id, reason, revokedAt: now });
    }
  }
}

/** Ends every session of the account (but `keepSessionId`) and any login waiting for its MFA code. */
export async function endAllSessions(
  tx: Tx,
  deps: Pick<IdentityDeps, 'messages' | 'signer'>,
  accountId: string,
  reason: string,
  now: Date,
  keepSessionId?: string,
): Promise<number> {
  const open = await openSessionsOfAccount(tx, accountId, keepSessionId);
  await endSessions(tx, deps, accountId, open, reason, now);
  await dropMfaChallenges(tx, accountId);
  return open.length;
}

/** Ends one session and tells the gateway to refuse its access tokens, in a transaction of its own. */
export function endSession(deps: Pick<IdentityDeps, 'db' | 'messages' | 'now'>, sessionId: string, accountId: string, reason: string): Promise<void> {
  return deps.db.$transaction(async (tx) => {
    const now = deps.now();
    if (await revokeSession(tx, sessionId, reason, now)) {
      await deps.messages.sessionRevoked(tx, { accountId, sessionId, reason, revokedAt: now });
    }
  });
}
