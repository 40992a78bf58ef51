import { z } from 'zod';
import { isUniqueViolation, pagedEnvelope, parsePageQuery } from '@platform/db';
import { email, ErrorCode, personName, PlatformError, searchTerm, uuid, validate } from '@platform/errors';
import type { AsyncService } from '@platform/grpc-server';
import type { organisationV1 } from '@platform/proto';
import { recordOrganizationAction } from '../app/audit-entries';
import { createOrganizationWithOwner } from '../app/create-with-owner';
import { deleteOrganisation } from '../app/delete-organisation';
import { insertOrganization } from '../app/insert-organisation';
import type { OrganisationDeps } from '../deps';
import { organizationNotFound } from '../domain/errors';
import type { OrgType } from '../domain/org-types';
import { customDomainProblem, normaliseDomain } from '../domain/custom-domain';
import { normaliseLookupKey, slugProblem, subdomainProblem } from '../domain/slug';
import { pingDatabase } from '../store/db';
import { findLiveOrganization, findLiveOrganizationBy, listLiveOrganizations, updateOrganisation, type OrganizationSortField } from '../store/organisations';
import { customDomain, description, orgName, orgType, slug, subdomain, websiteUrl } from './inputs';
import { toOrganisationMessage, toUserMessage } from './mappers';

const createInput = z.object({ name: orgName, slug, subdomain, email, orgType });
const byId = z.object({ id: uuid });
const updateInput = z.object({
  id: uuid,
  name: orgName.optional(),
  description: description.optional(),
  websiteUrl: websiteUrl.optional(),
  allowJoinRequests: z.boolean().optional(),
  customDomain: customDomain.optional(),
});
const listInput = z.object({ search: searchTerm });
const createWithOwnerInput = z.object({
  orgName,
  // The slug is also the subdomain, so it must pass the subdomain rules (reserved names) too.
  orgSlug: subdomain,
  ownerEmail: email,
  ownerFirstName: personName,
  ownerLastName: personName,
  sendWelcomeEmail: z.boolean(),
});
const ORGANIZATION_SORT: readonly OrganizationSortField[] = ['name', 'slug', 'createdAt'];

type OrganizationHandlers = Pick<
  AsyncService<organisationV1.OrganisationServiceServer>,
  | 'createOrganisation'
  | 'listOrganisations'
  | 'getOrganisation'
  | 'getOrganisationBySlug'
  | 'getOrganisationBySubdomain'
  | 'getOrganisationByDomain'
  | 'updateOrganisation'
  | 'deleteOrganisation'
  | 'getHealth'
  | 'createOrganisationWithOwner'
>;

/** A slug or subdomain lookup key: case-insensitive, and 400 when it could never be one. */
function lookupKey(value: string, field: 'slug' | 'subdomain'): string {
  const key = normaliseLookupKey(value);
  const problem = field === 'slug' ? slugProblem(key) : subdomainProblem(key);
  if (problem) throw PlatformError.validation([{ field, message: problem }], `Invalid ${field}`);
  return key;
}

export function organizationHandlers(deps: OrganisationDeps): OrganizationHandlers {
  return {
    async createOrganisation(request, ctx) {
      const input = validate(createInput, request);
      const org = await insertOrganization(deps, { ...input, orgType: input.orgType as OrgType }, async (tx, created) => {
        await deps.messages.organizationCreated(tx, {
          organizationId: created.id,
          name: created.name,
          slug: created.slug,
          subdomain: created.subdomain,
          email: created.email,
          orgType: created.orgType,
          ownerAccountId: '',
          ownerEmail: '',
          ownerFirstName: '',
          ownerLastName: '',
          ownerAccountCreated: false,
          sendWelcomeEmail: false,
          occurredAt: created.createdAt,
        });
        await recordOrganizationAction(deps, tx, ctx, 'ORGANIZATION_CREATED', created);
      });
      return toOrganisationMessage(org);
    },

    async listOrganisations(request) {
      const { search } = validate(listInput, request);
      const page = parsePageQuery(request, { sortable: ORGANIZATION_SORT, defaultSort: { field: 'name', direction: 'asc' } });
      const { rows, total } = await listLiveOrganizations(deps.db, { search, skip: page.skip, take: page.take, sort: page.sort });
      return pagedEnvelope(rows.map(toOrganisationMessage), total, page);
    },

    async getOrganisation(request) {
      const { id } = validate(byId, request);
      const org = await findLiveOrganization(deps.db, id);
      if (!org) throw organizationNotFound();
      return toOrganisationMessage(org);
    },

    async getOrganisationBySlug(request) {
      const org = await findLiveOrganizationBy(deps.db, { slug: lookupKey(request.slug, 'slug') });
      if (!org) throw organizationNotFound();
      return toOrganisationMessage(org);
    },

    async getOrganisationBySubdomain(request) {
      const org = await findLiveOrganizationBy(deps.db, { subdomain: lookupKey(request.subdomain, 'subdomain') });
      if (!org) throw organizationNotFound();
      return toOrganisationMessage(org);
    },

    async getOrganisationByDomain(request) {
      const domain = normaliseDomain(request.domain);
      const problem = customDomainProblem(domain);
      if (problem) throw PlatformError.validation([{ field: 'domain', message: problem }], 'Invalid domain');
      const org = await findLiveOrganizationBy(deps.db, { customDomain: domain });
      if (!org) throw organizationNotFound();
      return toOrganisationMessage(org);
    },

    async updateOrganisation(request) {
      const { id, ...changes } = validate(updateInput, request);
      const { count } = await updateOrganisation(deps.db, id, changes).catch((err: unknown) => {
        // The only unique key an update can break: two live organisations never share a custom domain.
        if (isUniqueViolation(err)) throw PlatformError.conflict(`The custom domain '${changes.customDomain}' is already used by another organisation`);
        throw err;
      });
      if (count === 0) throw organizationNotFound();
      const org = await findLiveOrganization(deps.db, id);
      if (!org) throw organizationNotFound();
      return toOrganisationMessage(org);
    },

    /** Soft delete: slug and subdomain become free; every running membership ends (and is announced). */
    async deleteOrganisation(request, ctx) {
      const { id } = validate(byId, request);
      await deleteOrganisation(deps, ctx, id);
      return {};
    },

    /** `{"status":"UP"}` while the service can reach its database. */
    async getHealth() {
      try {
        await pingDatabase(deps.db);
      } catch (err) {
        deps.logger.warn({ err }, 'health: database unreachable');
        throw new PlatformError(ErrorCode.UNAVAILABLE, 'The organisation service cannot reach its database');
      }
      return { status: 'UP' };
    },

    /** Organisation, owner account and OWNER membership in one saga (app/create-with-owner.ts). */
    async createOrganisationWithOwner(request, ctx) {
      const created = await createOrganizationWithOwner(deps, validate(createWithOwnerInput, request), ctx);
      return { organization: toOrganisationMessage(created.org), owner: toUserMessage(created.owner), ownerAccountCreated: created.ownerAccountCreated };
    },
  };
}
