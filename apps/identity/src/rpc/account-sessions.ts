import { z } from 'zod';
import { email, validate } from '@platform/errors';
import type { AsyncService } from '@platform/grpc-server';
import type { identityV1 } from '@platform/proto';
import { revokeAccountSessions } from '../app/revoke-account-sessions';
import type { IdentityDeps } from '../deps';

type SessionHandlers = Pick<AsyncService<identityV1.IdentityServiceServer>, 'revokeAccountSessions'>;

const revokeInput = z.object({ email, operator: z.string().trim().min(1, 'is required').max(200, 'is too long') });

/** Internal (service tokens only): the operator CLI's `revoke-sessions <email>`. */
export function accountSessionHandlers(deps: IdentityDeps): SessionHandlers {
  return {
    /** Ends every session of the account and records SESSIONS_REVOKED (app/revoke-account-sessions.ts). */
    async revokeAccountSessions(request, ctx) {
      return revokeAccountSessions(deps, ctx, validate(revokeInput, request));
    },
  };
}
