import bcrypt from 'bcrypt';
import { z } from 'zod';
import { auditOf } from '@platform/audit';
import { PlatformError, uuid, validate } from '@platform/errors';
import { callerId, type AsyncService } from '@platform/grpc-server';
import type { identityV1 } from '@platform/proto';
import { endAllSessions } from '../app/session-ending';
import type { IdentityDeps } from '../deps';
import { ADMIN_STATUSES, adminStatusChange, assertMayDeactivateSelf } from '../domain/account-status';
import { AuditAction } from '../domain/audit-entry';
import { findLiveAccount, lockAccount, updateAccountStatus } from '../store/accounts';
import { toAccountMessage } from './account-mapper';
import { presentedPassword } from './inputs';

type StatusHandlers = Pick<AsyncService<identityV1.IdentityServiceServer>, 'setAccountStatus' | 'deactivateAccount'>;

const setStatusInput = z.object({
  userId: uuid,
  status: z.enum(ADMIN_STATUSES, { error: `must be one of ${ADMIN_STATUSES.join(', ')}` }),
  reason: z.string().trim().max(500, 'must be at most 500 characters'),
});

export function accountStatusHandlers(deps: IdentityDeps): StatusHandlers {
  return {
    /** A platform administrator suspends, bans or (re)activates an account; the first two end its sessions. */
    async setAccountStatus(request, ctx) {
      const input = validate(setStatusInput, request);
      const actor = { accountId: callerId(ctx), systemRole: ctx.caller?.systemRole };
      const account = await deps.db.$transaction(async (tx) => {
        const now = deps.now();
        const target = await lockAccount(tx, input.userId);
        if (!target) throw PlatformError.notFound('User');
        const change = adminStatusChange(actor, target, input.status);
        if (!change.changed) return target;
        const updated = await updateAccountStatus(tx, target.id, change.next);
        if (change.endsSessions) await endAllSessions(tx, deps, target.id, `ACCOUNT_${change.next}`, now);
        await deps.events.accountUpdated(tx, updated);
        await deps.events.auditRecorded(
          tx,
          auditOf(
            ctx,
            {
              action: change.action,
              userId: target.id,
              userEmail: target.email,
              resourceType: 'ACCOUNT',
              resourceId: target.id,
              detail: { previousStatus: target.status, status: change.next, reason: input.reason || undefined },
            },
            deps.now(),
          ),
        );
        return updated;
      });
      return toAccountMessage(account);
    },

    /** The caller deactivates their own account (password to confirm): every session ends. */
    async deactivateAccount(request, ctx) {
      const { password } = validate(z.object({ password: presentedPassword }), request);
      const account = await findLiveAccount(deps.db, callerId(ctx));
      if (!account) throw PlatformError.notFound('Account');
      const matches = await bcrypt.compare(password, account.passwordHash ?? deps.dummyHash);
      if (!account.passwordHash || !matches) throw PlatformError.validation([{ field: 'password', message: 'is not correct' }], 'The password is not correct');
      const updated = await deps.db.$transaction(async (tx) => {
        const now = deps.now();
        const current = await lockAccount(tx, account.id);
        if (!current) throw PlatformError.notFound('Account');
        assertMayDeactivateSelf(current);
        const changed = await updateAccountStatus(tx, current.id, 'DEACTIVATED');
        await endAllSessions(tx, deps, current.id, 'ACCOUNT_DEACTIVATED', now);
        await deps.events.accountUpdated(tx, changed);
        await deps.events.auditRecorded(
          tx,
          auditOf(
            ctx,
            { action: AuditAction.ACCOUNT_DEACTIVATED, userId: current.id, userEmail: current.email, resourceType: 'ACCOUNT', resourceId: current.id },
            deps.now(),
          ),
        );
        return changed;
      });
      return toAccountMessage(updated);
    },
  };
}
