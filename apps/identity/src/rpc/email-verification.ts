import { z } from 'zod';
import { validate } from '@platform/errors';
import type { AsyncService } from '@platform/grpc-server';
import type { identityV1 } from '@platform/proto';
import { verifyEmail } from '../app/verify-email';
import type { IdentityDeps } from '../deps';

const input = z.object({ token: z.string().trim().min(1, 'is required').max(512, 'is too long') });

/** POST /api/auth/email/verify: the token of the registration email (7 days) confirms the address. */
export function emailVerificationHandlers(deps: IdentityDeps): Pick<AsyncService<identityV1.IdentityServiceServer>, 'verifyEmail'> {
  return {
    async verifyEmail(request, ctx) {
      const { token } = validate(input, request);
      const account = await verifyEmail(deps, ctx, token);
      return { email: account.email, status: account.status };
    },
  };
}
