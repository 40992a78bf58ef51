import { status, type ServiceError } from '@grpc/grpc-js';
import { unary } from '@platform/grpc-server';
import type { PlatformClient } from '@platform/grpc-server/service';
import type { organisationV1 } from '@platform/proto';
import type { Organisations } from './ports';

/** The organisation service's ListAccountMemberships (with the events service's token) and its public GetOrganisationBySlug. */
export function grpcOrganisations(organisation: PlatformClient<organisationV1.OrganisationServiceClient>): Organisations {
  const { client } = organisation;
  return {
    async isActiveMember(organizationId, accountId, parent) {
      const reply = await organisation.call(client.listAccountMemberships, { accountId }, { parent });
      return reply.memberships.some((m) => m.organizationId === organizationId && m.status === 'ACTIVE');
    },
    async bySlug(slug, parent) {
      try {
        const org = await unary(client, client.getOrganisationBySlug, { slug }, { parent });
        return { id: org.id, name: org.name };
      } catch (err) {
        if ((err as Partial<ServiceError>).code === status.NOT_FOUND) return undefined;
        throw err;
      }
    },
  };
}
