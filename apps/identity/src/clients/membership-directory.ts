import type { PlatformClient } from '@platform/grpc-server/service';
import type { organisationV1 } from '@platform/proto';
import type { MembershipDirectory } from './ports';

/** Memberships from the organisation service, called with identity's service token. */
export function grpcMembershipDirectory(organisation: PlatformClient<organisationV1.OrganisationServiceClient>): MembershipDirectory {
  return {
    async listMemberships(accountId, parent) {
      const reply = await organisation.call(organisation.client.listAccountMemberships, { accountId }, { parent });
      return reply.memberships;
    },
  };
}
