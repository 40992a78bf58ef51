import { z } from 'zod';
import { optionalUuid, uuid, validate } from '@platform/errors';
import type { AsyncService } from '@platform/grpc-server';
import type { organisationV1 } from '@platform/proto';
import type { OrganisationDeps } from '../deps';
import { membershipSnapshotPage, membershipsOfAccount } from '../store/memberships';

export const SNAPSHOT_DEFAULT_LIMIT = 500;
export const SNAPSHOT_MAX_LIMIT = 1000;

const snapshotInput = z.object({
  afterId: optionalUuid,
  limit: z
    .number()
    .int()
    .min(0, 'must not be negative')
    .transform((n) => (n === 0 ? SNAPSHOT_DEFAULT_LIMIT : Math.min(n, SNAPSHOT_MAX_LIMIT))),
});

/** When the membership last changed: never earlier than the time of the event that announced its state. */
function versionOf(m: { joinedAt: Date; endedAt: Date | null; updatedAt: Date }): Date {
  return new Date(Math.max(m.updatedAt.getTime(), m.joinedAt.getTime(), m.endedAt?.getTime() ?? 0));
}

type AccountMembershipHandlers = Pick<AsyncService<organisationV1.OrganisationServiceServer>, 'listAccountMemberships' | 'listMembershipSnapshot'>;

/** Internal (service tokens only): the memberships of one account, and of everyone. */
export function accountMembershipHandlers(deps: OrganisationDeps): AccountMembershipHandlers {
  return {
    /** What identity asks at login and refresh: every membership of the account in a live organisation, whatever its status. */
    async listAccountMemberships(request) {
      const { accountId } = validate(z.object({ accountId: uuid }), request);
      const memberships = await membershipsOfAccount(deps.db, accountId);
      return {
        memberships: memberships.map((m) => ({
          organizationId: m.organization.id,
          organizationSlug: m.organization.slug,
          role: m.role.name,
          status: m.status,
          joinedAt: m.joinedAt.toISOString(),
        })),
      };
    },

    /**
     * Every membership of every live organisation as `organisation.membership.changed` would
     * announce it now. Notifications pages through it to fill a new membership projection; the
     * stream alone holds only the last 7 days of events.
     */
    async listMembershipSnapshot(request) {
      const { afterId, limit } = validate(snapshotInput, request);
      const rows = await membershipSnapshotPage(deps.db, afterId || undefined, limit);
      const last = rows.at(-1);
      return {
        items: rows.map((m) => ({
          id: m.id,
          accountId: m.accountId,
          organizationId: m.organizationId,
          role: m.role.name,
          status: m.status,
          version: versionOf(m).toISOString(),
        })),
        nextAfterId: rows.length === limit && last ? last.id : '',
      };
    },
  };
}
