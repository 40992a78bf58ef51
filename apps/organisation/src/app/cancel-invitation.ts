import { PlatformError } from '@platform/errors';
import type { CallContext } from '@platform/grpc-server';
import type { OrganisationDeps } from '../deps';
import { AuditAction } from '../domain/audit-actions';
import { organizationNotFound } from '../domain/errors';
import { transition } from '../domain/membership-status';
import { lockInvitation, markInvitation } from '../store/invitations';
import { findMembership, updateMembership } from '../store/memberships';
import { lockLiveOrganization } from '../store/organisations';
import { recordInvitationAction } from './invitation-audit';

export const invitationNotFound = (): PlatformError => PlatformError.notFound('Invitation');

/**
 * Cancels an invitation: its token stops working (410 INVITATION_CANCELLED), and the PENDING
 * membership it held ends (INACTIVE, announced). An accepted invitation cannot be cancelled (409:
 * remove the member instead); cancelling a cancelled one changes nothing.
 */
export async function cancelInvitation(deps: OrganisationDeps, ctx: CallContext, input: { organizationId: string; invitationId: string }): Promise<void> {
  await deps.db.$transaction(async (tx) => {
    if (!(await lockLiveOrganization(tx, input.organizationId))) throw organizationNotFound();
    const invitation = await lockInvitation(tx, input.invitationId);
    if (!invitation || invitation.organizationId !== input.organizationId) throw invitationNotFound();
    if (invitation.status === 'ACCEPTED') throw PlatformError.conflict('This invitation has been accepted; remove the member instead');
    if (invitation.status === 'CANCELLED') return;
    const now = deps.now();
    await markInvitation(tx, invitation.id, { status: 'CANCELLED', cancelledAt: now });
    const membership = await findMembership(tx, invitation.organizationId, invitation.accountId);
    if (membership?.status === 'PENDING') {
      const next = transition(membership.status, { kind: 'remove' });
      await updateMembership(tx, membership.id, { status: next.to, endedAt: now });
      await deps.messages.membershipChanged(tx, {
        accountId: membership.accountId,
        organizationId: membership.organizationId,
        role: membership.role.name,
        status: next.to,
        previousStatus: membership.status,
        previousRole: '',
        occurredAt: now,
      });
    }
    await recordInvitationAction(deps, tx, ctx, {
      action: AuditAction.INVITATION_CANCELLED,
      userId: invitation.accountId,
      userEmail: invitation.email,
      organizationId: invitation.organizationId,
      resourceType: 'INVITATION',
      resourceId: invitation.id,
      detail: { membershipEnded: membership?.status === 'PENDING' },
    });
  });
}
