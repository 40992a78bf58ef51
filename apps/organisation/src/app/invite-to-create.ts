import { PlatformError } from '@platform/errors';
import type { CallContext } from '@platform/grpc-server';
import type { OrganisationDeps } from '../deps';
import { AuditAction } from '../domain/audit-actions';
import { expiryAfterDays, hashInvitationToken, newInvitationToken } from '../domain/invitation-token';
import type { CreationInvitation } from '../store/generated/client';
import { createCreationInvitation, lockCreationInvitation, updateCreationInvitation } from '../store/creation-invitations';
import { recordInvitationAction } from './invitation-audit';

export const creationInvitationNotFound = (): PlatformError => PlatformError.notFound('Creation invitation');

/**
 * A platform administrator invites someone to create an organisation: the invitation is stored with
 * its token hashed, and organisation.creation-invitation.created carries the token sealed to
 * notifications (the email with the link). Answers the invitation; the token leaves only by email.
 */
export async function inviteToCreate(
  deps: OrganisationDeps,
  ctx: CallContext,
  input: { email: string; orgName: string; expiresInDays: number },
): Promise<CreationInvitation> {
  const token = newInvitationToken();
  const now = deps.now();
  return deps.db.$transaction(async (tx) => {
    const invitation = await createCreationInvitation(tx, {
      email: input.email.trim().toLowerCase(),
      orgName: input.orgName,
      tokenHash: hashInvitationToken(token),
      createdBy: ctx.caller?.sub ?? '',
      expiresAt: expiryAfterDays(now, input.expiresInDays),
    });
    await deps.messages.creationInvitationCreated(tx, {
      invitationId: invitation.id,
      email: invitation.email,
      orgName: invitation.orgName,
      token: { ciphertext: deps.secrets.seal(token) },
      expiresAt: invitation.expiresAt.toISOString(),
      createdBy: invitation.createdBy,
      occurredAt: now,
    });
    await recordInvitationAction(deps, tx, ctx, {
      action: AuditAction.CREATION_INVITATION_CREATED,
      userId: ctx.caller?.sub ?? '',
      userEmail: invitation.email,
      organizationId: '',
      resourceType: 'CREATION_INVITATION',
      resourceId: invitation.id,
      detail: { orgName: invitation.orgName, expiresAt: invitation.expiresAt.toISOString() },
    });
    return invitation;
  });
}

/** Cancels a creation invitation (its token stops working); a used one is 409, a cancelled one stays as it is. */
export async function cancelCreationInvitation(deps: OrganisationDeps, ctx: CallContext, invitationId: string): Promise<void> {
  await deps.db.$transaction(async (tx) => {
    const invitation = await lockCreationInvitation(tx, invitationId);
    if (!invitation) throw creationInvitationNotFound();
    if (invitation.status === 'USED') throw PlatformError.conflict('This creation invitation has already been used');
    if (invitation.status === 'CANCELLED') return;
    await updateCreationInvitation(tx, invitation.id, { status: 'CANCELLED', cancelledAt: deps.now() });
    await recordInvitationAction(deps, tx, ctx, {
      action: AuditAction.CREATION_INVITATION_CANCELLED,
      userId: ctx.caller?.sub ?? '',
      userEmail: invitation.email,
      organizationId: '',
      resourceType: 'CREATION_INVITATION',
      resourceId: invitation.id,
    });
  });
}
