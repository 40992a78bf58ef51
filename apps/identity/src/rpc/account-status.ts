import { z } from 'zod';
import { uuid, validate } from '@platform/errors';
import type { AsyncService } from '@platform/grpc-server';
import type { identityV1 } from '@platform/proto';
import { deactivateAccount } from '../app/deactivate-account';
import { setAccountStatus } from '../app/set-account-status';
import type { IdentityDeps } from '../deps';
import { ADMIN_STATUSES } from '../domain/account-status';
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
      return toAccountMessage(await setAccountStatus(deps, ctx, validate(setStatusInput, request)));
    },

    /** The caller deactivates their own account (password to confirm): every session ends. */
    async deactivateAccount(request, ctx) {
      const { password } = validate(z.object({ password: presentedPassword }), request);
      return toAccountMessage(await deactivateAccount(deps, ctx, password));
    },
  };
}
