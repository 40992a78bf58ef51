import { z } from 'zod';
import { pagedEnvelope, parsePageQuery } from '@platform/db';
import { optionalOneOf, optionalUuid, PlatformError, searchTerm, uuid, validate } from '@platform/errors';
import type { AsyncService, CallContext } from '@platform/grpc-server';
import type { identityV1, organisationV1 } from '@platform/proto';
import type { OrganisationDeps } from '../deps';
import { searchWords } from '../domain/member-profile';
import { CURRENT_STATUSES, type MembershipStatus } from '../domain/membership-status';
import { MEMBER_SORT_FIELDS, queryPlatformMembers } from '../store/member-list';
import { membershipsOfAccount } from '../store/memberships';
import { membershipStatus } from './inputs';
import { platformRowToAdminUser } from './mappers';

export const ACCOUNT_STATUSES = ['PENDING_VERIFICATION', 'ACTIVE', 'SUSPENDED', 'DEACTIVATED', 'BANNED'] as const;

const listInput = z.object({
  status: z.union([z.literal(''), membershipStatus]),
  search: searchTerm,
  organizationId: optionalUuid,
  accountStatus: optionalOneOf(ACCOUNT_STATUSES),
});
const getInput = z.object({ userId: uuid });

/** How many of the account's latest audit entries the detail view shows. */
export const AUDIT_HISTORY_SIZE = 20;

type AdminUserHandlers = Pick<AsyncService<organisationV1.OrganisationServiceServer>, 'listUsers' | 'getUser'>;

/** Platform administrators' view of users: memberships across organisations, and one person whole. */
export function adminUserHandlers(deps: OrganisationDeps): AdminUserHandlers {
  /**
   * The account's recent audit history. It is an extra of the detail view: when identity cannot
   * answer it, the view is answered without it (and says so) rather than failing.
   */
  const auditHistory = (userId: string, ctx: CallContext): Promise<{ entries: identityV1.AuditLogEntry[]; unavailable: boolean }> =>
    deps.identity.listRecentAuditEntries(userId, AUDIT_HISTORY_SIZE, ctx).then(
      (entries) => ({ entries, unavailable: false }),
      (err: unknown) => {
        ctx.logger.warn({ err, userId }, 'audit history unavailable: the user detail is answered without it');
        return { entries: [], unavailable: true };
      },
    );

  return {
    async listUsers(request) {
      const input = validate(listInput, request);
      const page = parsePageQuery(request, { sortable: MEMBER_SORT_FIELDS, defaultSort: { field: 'lastName', direction: 'asc' } });
      const { rows, total } = await queryPlatformMembers(deps.db, {
        organizationId: input.organizationId || undefined,
        statuses: input.status ? [input.status as MembershipStatus] : CURRENT_STATUSES,
        words: searchWords(input.search),
        accountStatus: input.accountStatus || undefined,
        sort: page.sort,
        skip: page.skip,
        take: page.take,
      });
      return pagedEnvelope(rows.map(platformRowToAdminUser), total, page);
    },

    /** The account as identity holds it, with every membership in a live organisation and its recent audit history. */
    async getUser(request, ctx) {
      const { userId } = validate(getInput, request);
      const [account, memberships, history] = await Promise.all([
        deps.identity.getAccount(userId, ctx),
        membershipsOfAccount(deps.db, userId),
        auditHistory(userId, ctx),
      ]);
      if (!account) throw PlatformError.notFound('User');
      return {
        id: account.id,
        email: account.email,
        username: account.username,
        firstName: account.firstName,
        lastName: account.lastName,
        displayName: account.displayName,
        status: account.status,
        userType: account.userType,
        emailVerified: account.emailVerified,
        createdAt: account.createdAt,
        memberships: memberships.map((m) => ({
          organizationId: m.organization.id,
          organizationName: m.organization.name,
          organizationSlug: m.organization.slug,
          roleId: m.role.id,
          roles: [m.role.name],
          status: m.status,
          joinedAt: m.joinedAt.toISOString(),
          firstName: m.firstName,
          lastName: m.lastName,
        })),
        auditHistory: history.entries,
        auditHistoryUnavailable: history.unavailable,
      };
    },
  };
}
