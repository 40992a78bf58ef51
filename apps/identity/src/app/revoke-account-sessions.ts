import { auditOf } from '@platform/audit';
import { PlatformError } from '@platform/errors';
import type { CallContext } from '@platform/grpc-server';
import type { IdentityDeps } from '../deps';
import { AuditAction } from '../domain/audit-entry';
import { normaliseEmail } from '../domain/secrets';
import { findLiveAccountByEmail, lockAccount } from '../store/accounts';
import { endAllSessions } from './session-ending';

/**
 * An operator ends every session of the account the way an administrator's suspension does
 * (endAllSessions: refresh tokens revoked, `identity.session.revoked` for each session that may hold
 * a live access token, so the gateway refuses them), and SESSIONS_REVOKED is recorded, in one
 * transaction. Answers the account and how many sessions ended.
 */
export async function revokeAccountSessions(
  deps: IdentityDeps,
  ctx: CallContext,
  input: { email: string; operator: string },
): Promise<{ accountId: string; revoked: number }> {
  const found = await findLiveAccountByEmail(deps.db, normaliseEmail(input.email));
  if (!found) throw PlatformError.notFound('Account');
  return deps.db.$transaction(async (tx) => {
    const now = deps.now();
    const account = await lockAccount(tx, found.id);
    if (!account) throw PlatformError.notFound('Account');
    const revoked = await endAllSessions(tx, deps, account.id, 'OPERATOR_REVOKED', now);
    await deps.messages.auditRecorded(
      tx,
      auditOf(
        ctx,
        {
          action: AuditAction.SESSIONS_REVOKED,
          userId: account.id,
          userEmail: account.email,
          resourceType: 'ACCOUNT',
          resourceId: account.id,
          detail: { operator: input.operator, via: 'ops-cli', revoked },
        },
        now,
      ),
    );
    return { accountId: account.id, revoked };
  });
}
