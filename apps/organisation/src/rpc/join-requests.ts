import { z } from 'zod';
import { pagedEnvelope, parsePageQuery } from '@platform/db';
import { email, optionalOneOf, personName, uuid, validate } from '@platform/errors';
import type { AsyncService } from '@platform/grpc-server';
import type { organisationV1 } from '@platform/proto';
import { approveJoinRequest, rejectJoinRequest } from '../app/decide-join-request';
import { submitJoinRequest } from '../app/submit-join-request';
import type { OrganisationDeps } from '../deps';
import { organizationNotFound } from '../domain/errors';
import { JOIN_REQUEST_RECEIPT, JOIN_REQUEST_STATUSES } from '../domain/join-request-rules';
import { normaliseLookupKey, slugProblem } from '../domain/slug';
import { countPendingJoinRequests, JOIN_REQUEST_SORT_FIELDS, listJoinRequests } from '../store/join-requests';
import { findLiveOrganization } from '../store/organisations';
import { toJoinRequestMessage } from './invitation-mappers';
import { toUserMessage } from './mappers';

/** A slug as looked up: case and surrounding spaces do not matter; 400 when it could never be one. */
const lookupSlug = z
  .string()
  .transform(normaliseLookupKey)
  .superRefine((value, ctx) => {
    const problem = slugProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
const submitInput = z.object({
  slug: lookupSlug,
  firstName: personName,
  lastName: personName,
  email,
  message: z.string().trim().max(2000, 'must be at most 2000 characters'),
});
const listInput = z.object({
  organizationId: uuid,
  status: optionalOneOf(JOIN_REQUEST_STATUSES),
});
const orgInput = z.object({ organizationId: uuid });
const decideInput = z.object({ organizationId: uuid, requestId: uuid });

type JoinRequestHandlers = Pick<
  AsyncService<organisationV1.OrganisationServiceServer>,
  'submitJoinRequest' | 'listJoinRequests' | 'countPendingJoinRequests' | 'approveJoinRequest' | 'rejectJoinRequest'
>;

export function joinRequestHandlers(deps: OrganisationDeps): JoinRequestHandlers {
  const assertOrganization = async (id: string) => {
    if (!(await findLiveOrganization(deps.db, id))) throw organizationNotFound();
  };
  return {
    /** Public; the same receipt whatever the address (see app/submit-join-request.ts). */
    async submitJoinRequest(request, ctx) {
      await submitJoinRequest(deps, ctx, validate(submitInput, request));
      return { ...JOIN_REQUEST_RECEIPT };
    },

    async listJoinRequests(request) {
      const input = validate(listInput, request);
      const page = parsePageQuery(request, { sortable: JOIN_REQUEST_SORT_FIELDS, defaultSort: { field: 'createdAt', direction: 'desc' } });
      await assertOrganization(input.organizationId);
      const { rows, total } = await listJoinRequests(deps.db, {
        organizationId: input.organizationId,
        status: input.status || undefined,
        sort: page.sort,
        skip: page.skip,
        take: page.take,
      });
      return pagedEnvelope(rows.map(toJoinRequestMessage), total, page);
    },

    async countPendingJoinRequests(request) {
      const { organizationId } = validate(orgInput, request);
      await assertOrganization(organizationId);
      return { count: await countPendingJoinRequests(deps.db, organizationId) };
    },

    async approveJoinRequest(request, ctx) {
      const decided = await approveJoinRequest(deps, ctx, validate(decideInput, request));
      return { request: toJoinRequestMessage(decided.request), member: decided.member ? toUserMessage(decided.member) : undefined };
    },

    async rejectJoinRequest(request, ctx) {
      const decided = await rejectJoinRequest(deps, ctx, validate(decideInput, request));
      return { request: toJoinRequestMessage(decided.request) };
    },
  };
}
