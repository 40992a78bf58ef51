import { z } from 'zod';
import { pagedEnvelope, parsePageQuery } from '@platform/db';
import { email, optionalOneOf, optionalUuid, PlatformError, uuid, validate } from '@platform/errors';
import type { AsyncService } from '@platform/grpc-server';
import type { organisationV1 } from '@platform/proto';
import { acceptInvitation } from '../app/accept-invitation';
import { cancelInvitation } from '../app/cancel-invitation';
import { inviteMember } from '../app/invite-member';
import type { OrganisationDeps } from '../deps';
import { organizationNotFound } from '../domain/errors';
import { DEFAULT_MEMBER_ROLE, mayManageOwners } from '../domain/roles';
import { INVITATION_SORT_FIELDS, listInvitations, type InvitationFilter } from '../store/invitations';
import { findLiveOrganization, findRole, findRoleByName, listRoles } from '../store/organisations';
import { toInvitationMessage } from './invitation-mappers';
import { toUserMessage } from './mappers';

const INVITATION_FILTERS = ['PENDING', 'ACCEPTED', 'CANCELLED', 'EXPIRED'] as const;
const createInput = z.object({
  organizationId: uuid,
  email,
  roleId: optionalUuid,
  message: z.string().trim().max(2000, 'must be at most 2000 characters'),
});
const listInput = z.object({
  organizationId: uuid,
  status: optionalOneOf(INVITATION_FILTERS),
});
const cancelInput = z.object({ organizationId: uuid, invitationId: uuid });
const acceptInput = z.object({
  organizationId: uuid,
  token: z.string().max(200, 'must be at most 200 characters'),
  firstName: z.string().trim().max(100, 'must be at most 100 characters'),
  lastName: z.string().trim().max(100, 'must be at most 100 characters'),
  password: z.string().max(128, 'must be at most 128 characters'),
});

type InvitationHandlers = Pick<
  AsyncService<organisationV1.OrganisationServiceServer>,
  'createInvitation' | 'listInvitations' | 'cancelInvitation' | 'acceptInvitation'
>;

const notARole = (): PlatformError => PlatformError.validation([{ field: 'roleId', message: 'is not a role of this organisation' }], 'Invalid roleId');

export function invitationHandlers(deps: OrganisationDeps): InvitationHandlers {
  const rolesOf = async (organizationId: string) => new Map((await listRoles(deps.db, organizationId)).map((r) => [r.id, r]));
  return {
    async createInvitation(request, ctx) {
      const input = validate(createInput, request);
      const org = await findLiveOrganization(deps.db, input.organizationId);
      if (!org) throw organizationNotFound();
      const role = input.roleId ? await findRole(deps.db, org.id, input.roleId) : await findRoleByName(deps.db, org.id, DEFAULT_MEMBER_ROLE);
      if (!role) throw notARole();
      if (role.name === 'OWNER' && !mayManageOwners(ctx.caller)) throw PlatformError.forbidden('Only an owner of the organisation can invite an owner');
      const invitation = await inviteMember(deps, ctx, { org, role, email: input.email, message: input.message });
      return toInvitationMessage(invitation, new Map([[role.id, role]]), deps.now());
    },

    async listInvitations(request) {
      const input = validate(listInput, request);
      const page = parsePageQuery(request, { sortable: INVITATION_SORT_FIELDS, defaultSort: { field: 'createdAt', direction: 'desc' } });
      if (!(await findLiveOrganization(deps.db, input.organizationId))) throw organizationNotFound();
      const now = deps.now();
      const { rows, total } = await listInvitations(deps.db, {
        organizationId: input.organizationId,
        filter: (input.status || undefined) as InvitationFilter | undefined,
        now,
        sort: page.sort,
        skip: page.skip,
        take: page.take,
      });
      const roles = await rolesOf(input.organizationId);
      return pagedEnvelope(
        rows.map((row) => toInvitationMessage(row, roles, now)),
        total,
        page,
      );
    },

    async cancelInvitation(request, ctx) {
      await cancelInvitation(deps, ctx, validate(cancelInput, request));
      return {};
    },

    /** Public: the token is the credential (see app/accept-invitation.ts). */
    async acceptInvitation(request, ctx) {
      const input = validate(acceptInput, request);
      const { member, accountActivated } = await acceptInvitation(deps, ctx, input);
      return { member: toUserMessage(member), organizationId: member.organizationId, accountActivated };
    },
  };
}
