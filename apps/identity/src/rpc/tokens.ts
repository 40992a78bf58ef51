import { z } from 'zod';
import { PlatformError, validate } from '@platform/errors';
import type { AsyncService } from '@platform/grpc-server';
import type { identityV1 } from '@platform/proto';
import { refreshTokens } from '../app/refresh-tokens';
import { endSession } from '../app/session-ending';
import type { IdentityDeps } from '../deps';

const refreshInput = z.object({ refreshToken: z.string().min(1, 'is required').max(4096, 'is too long') });

type TokenHandlers = Pick<AsyncService<identityV1.IdentityServiceServer>, 'refreshTokens' | 'revokeTokens'>;

export function tokenHandlers(deps: IdentityDeps): TokenHandlers {
  return {
    /** A new token pair for a refresh token, under the rotation strategy of the settings (app/refresh-tokens.ts). */
    async refreshTokens(request, ctx) {
      const { refreshToken } = validate(refreshInput, request);
      return refreshTokens(deps, ctx, refreshToken);
    },

    async revokeTokens(_request, ctx) {
      const caller = ctx.caller;
      if (!caller) throw PlatformError.unauthenticated();
      await endSession(deps, caller.sid, caller.sub, 'LOGOUT');
      return { revoked: true };
    },
  };
}
