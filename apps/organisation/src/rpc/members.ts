import { z } from 'zod';
import { pagedEnvelope, parsePageQuery } from '@platform/db';
import { email, optionalUuid, personName, searchTerm, uuid, validate } from '@platform/errors';
import type { AsyncService } from '@platform/grpc-server';
import type { organisationV1 } from '@platform/proto';
import { addMember, removeMember, updateMember, type MemberUpdate } from '../app/manage-members';
import { readMemberProfile } from '../app/read-member-profile';
import type { OrganisationDeps } from '../deps';
import { organizationNotFound } from '../domain/errors';
import { searchWords } from '../domain/member-profile';
import { dayOf } from '../domain/membership-period';
import { CURRENT_STATUSES, type MembershipStatus } from '../domain/membership-status';
import { MEMBER_SORT_FIELDS, queryOrganizationMembers } from '../store/member-list';
import { findLiveOrganization } from '../store/organisations';
import { membershipStatus, profileFields } from './inputs';
import { memberRowToUser, toUserMessage } from './mappers';
import { toUserProfileMessage } from './profile-mappers';

const listInput = z.object({ organizationId: uuid, status: z.union([z.literal(''), membershipStatus]), search: searchTerm });
const addInput = z.object({
  organizationId: uuid,
  email,
  firstName: personName,
  lastName: personName,
  roleId: optionalUuid,
  sendInvitationEmail: z.boolean(),
});
const updateInput = z.object({
  organizationId: uuid,
  userId: uuid,
  firstName: personName.optional(),
  lastName: personName.optional(),
  roleId: uuid.optional(),
  status: membershipStatus.optional(),
  ...Object.fromEntries(Object.entries(profileFields).map(([field, rule]) => [field, rule.optional()])),
}) as z.ZodType<MemberUpdate>;
const byMember = z.object({ organizationId: uuid, userId: uuid });

type MemberHandlers = Pick<AsyncService<organisationV1.OrganisationServiceServer>, 'listMembers' | 'getMember' | 'addMember' | 'updateMember' | 'removeMember'>;

export function memberHandlers(deps: OrganisationDeps): MemberHandlers {
  return {
    async listMembers(request) {
      const input = validate(listInput, request);
      const page = parsePageQuery(request, { sortable: MEMBER_SORT_FIELDS, defaultSort: { field: 'lastName', direction: 'asc' } });
      const { rows, total } = await queryOrganizationMembers(deps.db, {
        organizationId: input.organizationId,
        statuses: input.status ? [input.status as MembershipStatus] : CURRENT_STATUSES,
        words: searchWords(input.search),
        sort: page.sort,
        skip: page.skip,
        take: page.take,
      });
      // The query answers nothing for an unknown or deleted organisation: only then ask which.
      if (total === 0 && !(await findLiveOrganization(deps.db, input.organizationId))) throw organizationNotFound();
      return pagedEnvelope(rows.map(memberRowToUser), total, page);
    },

    /** One member's profile, as much of it as the caller may see (domain/profile-access). */
    async getMember(request, ctx) {
      const input = validate(byMember, request);
      const read = await readMemberProfile(deps, ctx.caller, input);
      return toUserProfileMessage(read, dayOf(deps.now()));
    },

    /** Identity finds or creates the account; attaching it is a use case (app/manage-members.ts). */
    async addMember(request, ctx) {
      const membership = await addMember(deps, ctx, validate(addInput, request));
      return toUserMessage(membership);
    },

    async updateMember(request, ctx) {
      const updated = await updateMember(deps, ctx, validate(updateInput, request));
      return toUserMessage(updated);
    },

    async removeMember(request, ctx) {
      await removeMember(deps, ctx, validate(byMember, request));
      return {};
    },
  };
}
