import { status, type ServiceError } from '@grpc/grpc-js';
import { createClient, unary, type ServiceTokens } from '@platform/grpc-server';
import { identityV1 } from '@platform/proto';
import type { Accounts } from './ports';

/** Identity's GetAccount, called with the events service's token. */
export function grpcAccounts(address: string, tokens: ServiceTokens): Accounts {
  const client = createClient(identityV1.IdentityServiceClient, address);
  return {
    async person(accountId, parent) {
      try {
        const a = await unary(client, client.getAccount, { accountId }, { parent, token: tokens.current() });
        return { email: a.email, firstName: a.firstName, lastName: a.lastName };
      } catch (err) {
        if ((err as Partial<ServiceError>).code === status.NOT_FOUND) return undefined;
        throw err;
      }
    },
    close: () => client.close(),
  };
}
