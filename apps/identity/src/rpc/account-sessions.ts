import { z } from 'zod';
import { auditOf } from '@platform/audit';
import { email, PlatformError, validate } from '@platform/errors';
import type { AsyncService } from '@platform/grpc-server';
import type { identityV1 } from '@platform/proto';
import { endAllSessions } from '../app/session-ending';
import type { IdentityDeps } from '../deps';
import { AuditAction } from '../domain/audit-entry';
import { normaliseEmail } from '../domain/secrets';
import { findLiveAccountByEmail, lockAccount } from '../store/accounts';

type SessionHandlers = Pick<AsyncService<identityV1.IdentityServiceServer>, 'revokeAccountSessions'>;

const revokeInput = z.object({ email, operator: z.string().trim().min(1, 'is required').max(200, 'is too long') });

/** Internal (service tokens only): the operator CLI's `revoke-sessions <email>`. */
export function accountSessionHandlers(deps: IdentityDeps): SessionHandlers {
  return {
    /**
     * Ends every session of the account the way an administrator's suspension does (endAllSessions:
     * refresh tokens revoked, `identity.session.revoked` for each session that may hold a live access
     * token, so the gateway refuses them), and records SESSIONS_REVOKED, in one transaction.
     */
    async revokeAccountSessions(request, ctx) {
      const input = validate(revokeInput, request);
      const found = await findLiveAccountByEmail(deps.db, normaliseEmail(input.email));
      if (!found) throw PlatformError.notFound('Account');
      return deps.db.$transaction(async (tx) => {
        const now = deps.now();
        const account = await lockAccount(tx, found.id);
        if (!account) throw PlatformError.notFound('Account');
        const revoked = await endAllSessions(tx, deps, account.id, 'OPERATOR_REVOKED', now);
        await deps.events.auditRecorded(
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
    },
  };
}
