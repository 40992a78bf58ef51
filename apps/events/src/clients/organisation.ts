import { status, type ServiceError } from '@grpc/grpc-js';
import { createClient, unary, type ServiceTokens } from '@platform/grpc-server';
import { organisationV1 } from '@platform/proto';
import type { Organisations } from './ports';

/** The organisation service's ListAccountMemberships and GetOrganisationBySlug, called with the events service's token. */
export function grpcOrganisations(address: string, tokens: ServiceTokens): Organisations {
  const client = createClient(organisationV1.OrganisationServiceClient, address);
  return {
    async isActiveMember(organizationId, accountId, parent) {
      const reply = await unary(client, client.listAccountMemberships, { accountId }, { parent, token: tokens.current() });
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
    close: () => client.close(),
  };
}
