import { createClient, unary, type ServiceTokens } from '@platform/grpc-server';
import { organisationV1 } from '@platform/proto';
import type { MembershipDirectory } from './ports';

/** Memberships from the organisation service, called with identity's service token. */
export function grpcMembershipDirectory(address: string, tokens: ServiceTokens): MembershipDirectory & { close(): void } {
  const client = createClient(organisationV1.OrganisationServiceClient, address);
  return {
    async listMemberships(accountId, parent) {
      const reply = await unary(client, client.listAccountMemberships, { accountId }, { parent, token: tokens.current() });
      return reply.memberships;
    },
    close: () => client.close(),
  };
}
