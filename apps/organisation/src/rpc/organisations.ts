import { z } from 'zod';
import { pagedEnvelope, parsePageQuery } from '@platform/db';
import { ErrorCode, PlatformError, validate } from '@platform/errors';
import type { AsyncService } from '@platform/grpc-server';
import type { organisationV1 } from '@platform/proto';
import { normaliseLookupKey, slugProblem, subdomainProblem } from '../domain/slug';
import type { OrgType } from '../domain/org-types';
import { SEEDED_ROLES } from '../domain/roles';
import type { Tx } from '../store/db';
import { isUniqueViolation } from '../store/errors';
import type { Organisation } from '../store/generated/client';
import { endAllMemberships } from '../store/memberships';
import {
  createOrganisation,
  findLiveOrganisation,
  findLiveOrganisationBy,
  listLiveOrganisations,
  listRoles,
  lockLiveOrganisation,
  softDeleteOrganisation,
  takenKeys,
  updateOrganisation,
  type NewOrganisation,
  type OrganisationSortField,
} from '../store/organisations';
import { recordOrganisationAction } from './audit';
import type { OrganisationDeps } from './deps';
import { description, email, orgName, orgType, searchTerm, slug, subdomain, uuid, websiteUrl } from './inputs';
import { toOrganisationMessage, toRoleMessages } from './mappers';

const createInput = z.object({ name: orgName, slug, subdomain, email, orgType });
const byId = z.object({ id: uuid });
const updateInput = z.object({
  id: uuid,
  name: orgName.optional(),
  description: description.optional(),
  websiteUrl: websiteUrl.optional(),
  allowJoinRequests: z.boolean().optional(),
});
const listInput = z.object({ search: searchTerm });
const ORGANISATION_SORT: readonly OrganisationSortField[] = ['name', 'slug', 'createdAt'];

/** Deleting a large organisation ends every membership in one transaction; give it time. */
const DELETE_TIMEOUT_MS = 120_000;

type OrganisationHandlers = Pick<
  AsyncService<organisationV1.OrganisationServiceServer>,
  | 'createOrganisation'
  | 'listOrganisations'
  | 'getOrganisation'
  | 'getOrganisationBySlug'
  | 'getOrganisationBySubdomain'
  | 'updateOrganisation'
  | 'deleteOrganisation'
  | 'listOrganisationRoles'
  | 'getHealth'
>;

export const organisationNotFound = (): PlatformError => PlatformError.notFound('Organisation');

const keysTaken = (which: { slug: boolean; subdomain: boolean }, input: { slug: string; subdomain: string }): PlatformError =>
  PlatformError.conflict(
    which.slug ? `The slug '${input.slug}' is already used by another organisation` : `The subdomain '${input.subdomain}' is already used by another organisation`,
  );

/**
 * Inserts an organisation with its five roles; `inTx` runs in the same transaction (events).
 * Slug and subdomain must be free among live organisations (409 otherwise, also when two creates race).
 */
export async function insertOrganisation(
  deps: OrganisationDeps,
  input: NewOrganisation,
  inTx: (tx: Tx, org: Organisation) => Promise<void> = async () => undefined,
): Promise<Organisation> {
  const taken = await takenKeys(deps.db, input.slug, input.subdomain);
  if (taken.slug || taken.subdomain) throw keysTaken(taken, input);
  try {
    return await deps.db.$transaction(async (tx) => {
      const org = await createOrganisation(tx, input, SEEDED_ROLES);
      await inTx(tx, org);
      return org;
    });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const raced = await takenKeys(deps.db, input.slug, input.subdomain);
    throw keysTaken(raced.slug || raced.subdomain ? raced : { slug: true, subdomain: false }, input);
  }
}

/** A slug or subdomain lookup key: case-insensitive, and 400 when it could never be one. */
function lookupKey(value: string, field: 'slug' | 'subdomain'): string {
  const key = normaliseLookupKey(value);
  const problem = field === 'slug' ? slugProblem(key) : subdomainProblem(key);
  if (problem) throw PlatformError.validation([{ field, message: problem }], `Invalid ${field}`);
  return key;
}

export function organisationHandlers(deps: OrganisationDeps): OrganisationHandlers {
  return {
    async createOrganisation(request, ctx) {
      const input = validate(createInput, request);
      const org = await insertOrganisation(deps, { ...input, orgType: input.orgType as OrgType }, async (tx, created) => {
        await deps.events.organisationCreated(tx, {
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
        await recordOrganisationAction(deps, tx, ctx, 'ORGANIZATION_CREATED', created);
      });
      return toOrganisationMessage(org);
    },

    async listOrganisations(request) {
      const { search } = validate(listInput, request);
      const page = parsePageQuery(request, { sortable: ORGANISATION_SORT, defaultSort: { field: 'name', direction: 'asc' } });
      const { rows, total } = await listLiveOrganisations(deps.db, { search, skip: page.skip, take: page.take, sort: page.sort });
      return pagedEnvelope(rows.map(toOrganisationMessage), total, page);
    },

    async getOrganisation(request) {
      const { id } = validate(byId, request);
      const org = await findLiveOrganisation(deps.db, id);
      if (!org) throw organisationNotFound();
      return toOrganisationMessage(org);
    },

    async getOrganisationBySlug(request) {
      const org = await findLiveOrganisationBy(deps.db, { slug: lookupKey(request.slug, 'slug') });
      if (!org) throw organisationNotFound();
      return toOrganisationMessage(org);
    },

    async getOrganisationBySubdomain(request) {
      const org = await findLiveOrganisationBy(deps.db, { subdomain: lookupKey(request.subdomain, 'subdomain') });
      if (!org) throw organisationNotFound();
      return toOrganisationMessage(org);
    },

    async updateOrganisation(request) {
      const { id, ...changes } = validate(updateInput, request);
      const { count } = await updateOrganisation(deps.db, id, changes);
      if (count === 0) throw organisationNotFound();
      const org = await findLiveOrganisation(deps.db, id);
      if (!org) throw organisationNotFound();
      return toOrganisationMessage(org);
    },

    /** Soft delete: slug and subdomain become free; every running membership ends (and is announced). */
    async deleteOrganisation(request, ctx) {
      const { id } = validate(byId, request);
      await deps.db.$transaction(
        async (tx) => {
          if (!(await lockLiveOrganisation(tx, id))) throw organisationNotFound();
          const now = deps.now();
          const org = await softDeleteOrganisation(tx, id, now);
          const endedMemberships = await endAllMemberships(tx, id, now);
          for (const ended of endedMemberships) {
            await deps.events.membershipChanged(tx, {
              accountId: ended.accountId,
              organizationId: id,
              role: ended.role,
              status: 'INACTIVE',
              previousStatus: ended.previousStatus,
              previousRole: '',
              occurredAt: now,
            });
          }
          await deps.events.organisationDeleted(tx, { organizationId: id, slug: org.slug, occurredAt: now });
          // One entry for the organisation; each membership it ended is announced (membership.changed), not audited.
          await recordOrganisationAction(deps, tx, ctx, 'ORGANIZATION_DELETED', org, { endedMemberships: endedMemberships.length });
        },
        { timeout: DELETE_TIMEOUT_MS },
      );
      return {};
    },

    async listOrganisationRoles(request) {
      const { id } = validate(byId, request);
      if (!(await findLiveOrganisation(deps.db, id))) throw organisationNotFound();
      return { roles: toRoleMessages(await listRoles(deps.db, id)) };
    },

    /** `{"status":"UP"}` while the service can reach its database. */
    async getHealth() {
      try {
        await deps.db.$queryRaw`SELECT 1`;
      } catch (err) {
        deps.logger.warn({ err }, 'health: database unreachable');
        throw new PlatformError(ErrorCode.UNAVAILABLE, 'The organisation service cannot reach its database');
      }
      return { status: 'UP' };
    },
  };
}
