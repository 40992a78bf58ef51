import { z } from 'zod';
import { validate } from '@platform/errors';
import type { AsyncService } from '@platform/grpc-server';
import type { organisationV1 } from '@platform/proto';
import { membershipsOfAccount } from '../store/memberships';
import type { OrganisationDeps } from './deps';
import { uuid } from './inputs';

/** Internal: what identity asks at login and refresh (service tokens only). */
export function accountMembershipHandlers(deps: OrganisationDeps): Pick<AsyncService<organisationV1.OrganisationServiceServer>, 'listAccountMemberships'> {
  return {
    /** Every membership of the account in a live organisation, whatever its status. */
    async listAccountMemberships(request) {
      const { accountId } = validate(z.object({ accountId: uuid }), request);
      const memberships = await membershipsOfAccount(deps.db, accountId);
      return {
        memberships: memberships.map((m) => ({
          organizationId: m.organisation.id,
          organizationSlug: m.organisation.slug,
          role: m.role.name,
          status: m.status,
          joinedAt: m.joinedAt.toISOString(),
        })),
      };
    },
  };
}
