import type { CallContext } from '@platform/grpc-server';
import type { OrganisationDeps } from '../deps';
import { organizationNotFound } from '../domain/errors';
import { cancelSubscription } from '../store/billing';
import { endAllMemberships } from '../store/memberships';
import { lockLiveOrganization, softDeleteOrganization } from '../store/organisations';
import { recordOrganizationAction } from './audit-entries';

/** Deleting a large organisation ends every membership in one transaction; give it time. */
const DELETE_TIMEOUT_MS = 120_000;

/**
 * Soft delete, with the organisation locked: slug and subdomain become free; every running
 * membership ends (and is announced), the subscription is cancelled.
 */
export async function deleteOrganisation(deps: OrganisationDeps, ctx: CallContext, id: string): Promise<void> {
  await deps.db.$transaction(
    async (tx) => {
      if (!(await lockLiveOrganization(tx, id))) throw organizationNotFound();
      const now = deps.now();
      const org = await softDeleteOrganization(tx, id, now);
      const endedMemberships = await endAllMemberships(tx, id, now);
      await cancelSubscription(tx, id);
      for (const ended of endedMemberships) {
        await deps.messages.membershipChanged(tx, {
          accountId: ended.accountId,
          organizationId: id,
          role: ended.role,
          status: 'INACTIVE',
          previousStatus: ended.previousStatus,
          previousRole: '',
          occurredAt: now,
        });
      }
      await deps.messages.organizationDeleted(tx, { organizationId: id, slug: org.slug, occurredAt: now });
      // One entry for the organisation; each membership it ended is announced (membership.changed), not audited.
      await recordOrganizationAction(deps, tx, ctx, 'ORGANIZATION_DELETED', org, { endedMemberships: endedMemberships.length });
    },
    { timeout: DELETE_TIMEOUT_MS },
  );
}
