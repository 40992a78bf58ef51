import { z } from 'zod';
import { validate } from '@platform/errors';
import type { AsyncService } from '@platform/grpc-server';
import type { organisationV1 } from '@platform/proto';
import { membershipSnapshotPage } from '../store/memberships';
import type { OrganisationDeps } from './deps';
import { optionalUuid } from './inputs';

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

/**
 * Internal: every membership of every live organisation as `organisation.membership.changed` would
 * announce it now (service tokens only). Notifications pages through it to fill a new membership
 * projection; the stream alone holds only the last 7 days of events.
 */
export function membershipSnapshotHandlers(deps: OrganisationDeps): Pick<AsyncService<organisationV1.OrganisationServiceServer>, 'listMembershipSnapshot'> {
  return {
    async listMembershipSnapshot(request) {
      const { afterId, limit } = validate(snapshotInput, request);
      const rows = await membershipSnapshotPage(deps.db, afterId || undefined, limit);
      const last = rows.at(-1);
      return {
        items: rows.map((m) => ({
          id: m.id,
          accountId: m.accountId,
          organizationId: m.organisationId,
          role: m.role.name,
          status: m.status,
          version: versionOf(m).toISOString(),
        })),
        nextAfterId: rows.length === limit && last ? last.id : '',
      };
    },
  };
}
