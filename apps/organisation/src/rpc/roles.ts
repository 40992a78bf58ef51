import { z } from 'zod';
import { uuid, validate } from '@platform/errors';
import type { AsyncService } from '@platform/grpc-server';
import type { organisationV1 } from '@platform/proto';
import type { OrganisationDeps } from '../deps';
import { organizationNotFound } from '../domain/errors';
import { findLiveOrganization, listRoles } from '../store/organisations';
import { toRoleMessages } from './mappers';

/** The roles of an organisation (roles.proto). */
export function roleHandlers(deps: OrganisationDeps): Pick<AsyncService<organisationV1.OrganisationServiceServer>, 'listOrganisationRoles'> {
  return {
    async listOrganisationRoles(request) {
      const { id } = validate(z.object({ id: uuid }), request);
      if (!(await findLiveOrganization(deps.db, id))) throw organizationNotFound();
      return { roles: toRoleMessages(await listRoles(deps.db, id)) };
    },
  };
}
