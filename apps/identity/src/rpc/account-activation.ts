import { z } from 'zod';
import { uuid, validate } from '@platform/errors';
import type { AsyncService } from '@platform/grpc-server';
import type { identityV1 } from '@platform/proto';
import { activateAccount } from '../app/activate-account';
import type { IdentityDeps } from '../deps';
import { toAccountMessage } from './account-mapper';

const name = z.string().trim().max(100, 'must be at most 100 characters');
const activateInput = z.object({ accountId: uuid, password: z.string(), firstName: name, lastName: name });

/**
 * Internal: the organisation service activates an account it made for an invitation (or a join
 * request) when the person accepts: first password, names, email verified. Never replaces a
 * password: an account that has one answers FAILED_PRECONDITION.
 */
export function accountActivationHandlers(deps: IdentityDeps): Pick<AsyncService<identityV1.IdentityServiceServer>, 'activateAccount'> {
  return {
    async activateAccount(request) {
      return toAccountMessage(await activateAccount(deps, validate(activateInput, request)));
    },
  };
}
