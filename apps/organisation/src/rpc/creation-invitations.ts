import { z } from 'zod';
import { pagedEnvelope, parsePageQuery } from '@platform/db';
import { email, optionalOneOf, uuid, validate } from '@platform/errors';
import type { AsyncService } from '@platform/grpc-server';
import type { organisationV1 } from '@platform/proto';
import { createWithInvitation, usableCreationInvitation } from '../app/create-with-invitation';
import { cancelCreationInvitation, inviteToCreate } from '../app/invite-to-create';
import type { OrganisationDeps } from '../deps';
import { INVITATION_DAYS } from '../domain/invitation-token';
import { CREATION_INVITATION_SORT_FIELDS, listCreationInvitations, type CreationInvitationFilter } from '../store/creation-invitations';
import { orgName, subdomain } from './inputs';
import { toCreationInvitationMessage } from './invitation-mappers';
import { toOrganisationMessage, toUserMessage } from './mappers';

const FILTERS = ['PENDING', 'USED', 'CANCELLED', 'EXPIRED'] as const;
const optionalName = z.string().trim().max(100, 'must be at most 100 characters');
const createInput = z.object({
  email,
  orgName: optionalName,
  expiresInDays: z
    .number()
    .int()
    .min(0)
    .max(30, 'must be between 1 and 30')
    .transform((days) => days || INVITATION_DAYS),
});
const listInput = z.object({ status: optionalOneOf(FILTERS) });
const cancelInput = z.object({ invitationId: uuid });
const validateInput = z.object({ token: z.string().max(200, 'must be at most 200 characters') });
const createWithInvitationInput = z.object({
  token: z.string().min(1, 'is required').max(200, 'must be at most 200 characters'),
  orgName,
  adminEmail: email,
  // The platform's length rule, checked before anything is made; identity applies the whole policy.
  adminPassword: z.string().min(8, 'must be at least 8 characters long').max(128, 'must be at most 128 characters long'),
  adminFirstName: optionalName,
  adminLastName: optionalName,
  orgSlug: z.union([z.literal(''), subdomain]),
});

type CreationInvitationHandlers = Pick<
  AsyncService<organisationV1.OrganisationServiceServer>,
  'createCreationInvitation' | 'listCreationInvitations' | 'cancelCreationInvitation' | 'validateCreationInvitation' | 'createOrganisationWithInvitation'
>;

export function creationInvitationHandlers(deps: OrganisationDeps): CreationInvitationHandlers {
  return {
    async createCreationInvitation(request, ctx) {
      const invitation = await inviteToCreate(deps, ctx, validate(createInput, request));
      return toCreationInvitationMessage(invitation, deps.now());
    },

    async listCreationInvitations(request) {
      const input = validate(listInput, request);
      const page = parsePageQuery(request, { sortable: CREATION_INVITATION_SORT_FIELDS, defaultSort: { field: 'createdAt', direction: 'desc' } });
      const now = deps.now();
      const { rows, total } = await listCreationInvitations(deps.db, {
        filter: (input.status || undefined) as CreationInvitationFilter | undefined,
        now,
        sort: page.sort,
        skip: page.skip,
        take: page.take,
      });
      return pagedEnvelope(
        rows.map((row) => toCreationInvitationMessage(row, now)),
        total,
        page,
      );
    },

    async cancelCreationInvitation(request, ctx) {
      await cancelCreationInvitation(deps, ctx, validate(cancelInput, request).invitationId);
      return {};
    },

    /** Public: 200 for a usable token, 410 with a code for one that is not, 404 for an unknown one. */
    async validateCreationInvitation(request) {
      const invitation = await usableCreationInvitation(deps, validate(validateInput, request).token);
      return { valid: true, email: invitation.email, orgName: invitation.orgName, expiresAt: invitation.expiresAt.toISOString() };
    },

    /** Public: the token is the credential (see app/create-with-invitation.ts). */
    async createOrganisationWithInvitation(request, ctx) {
      const created = await createWithInvitation(deps, ctx, validate(createWithInvitationInput, request));
      return { organization: toOrganisationMessage(created.org), owner: toUserMessage(created.owner) };
    },
  };
}
