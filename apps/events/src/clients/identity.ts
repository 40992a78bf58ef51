import { status, type ServiceError } from '@grpc/grpc-js';
import type { PlatformClient } from '@platform/grpc-server/service';
import type { identityV1 } from '@platform/proto';
import type { Accounts } from './ports';

/** Identity's GetAccount, called with the events service's token. */
export function grpcAccounts(identity: PlatformClient<identityV1.IdentityServiceClient>): Accounts {
  const { client } = identity;
  return {
    async person(accountId, parent) {
      try {
        const a = await identity.call(client.getAccount, { accountId }, { parent });
        return { email: a.email, firstName: a.firstName, lastName: a.lastName };
      } catch (err) {
        if ((err as Partial<ServiceError>).code === status.NOT_FOUND) return undefined;
        throw err;
      }
    },
  };
}
