import { z } from 'zod';
import { email, personName, validate } from '@platform/errors';
import type { AsyncService } from '@platform/grpc-server';
import type { identityV1 } from '@platform/proto';
import { registerAccount } from '../app/register-account';
import type { IdentityDeps } from '../deps';
import { toAccountMessage } from './account-mapper';

const registerInput = z.object({ email, password: z.string(), firstName: personName, lastName: personName });

export function registerHandlers(deps: IdentityDeps): Pick<AsyncService<identityV1.IdentityServiceServer>, 'register'> {
  return {
    /** Creates a PENDING_VERIFICATION account and publishes identity.user.registered (the verification mail). */
    async register(request) {
      return toAccountMessage(await registerAccount(deps, validate(registerInput, request)));
    },
  };
}
