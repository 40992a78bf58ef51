import type { organisationV1 } from '@platform/proto';
import { tokenState } from '../domain/invitation-token';
import type { CreationInvitation, Invitation, JoinRequest, Role } from '../store/generated/client';

const iso = (d: Date | null): string => d?.toISOString() ?? '';

/** An invitation as its organisation's administrators see it (never its token). */
export function toInvitationMessage(inv: Invitation, roles: ReadonlyMap<string, Role>, now: Date): organisationV1.Invitation {
  const state = tokenState({ used: inv.status === 'ACCEPTED', cancelled: inv.status === 'CANCELLED', expiresAt: inv.expiresAt }, now);
  return {
    id: inv.id,
    organizationId: inv.organizationId,
    email: inv.email,
    roleId: inv.roleId,
    role: roles.get(inv.roleId)?.name ?? '',
    message: inv.message,
    status: state === 'USED' ? 'ACCEPTED' : state,
    accountId: inv.accountId,
    invitedBy: inv.invitedBy,
    createdAt: inv.createdAt.toISOString(),
    expiresAt: inv.expiresAt.toISOString(),
    acceptedAt: iso(inv.acceptedAt),
    cancelledAt: iso(inv.cancelledAt),
  };
}

export function toJoinRequestMessage(r: JoinRequest): organisationV1.JoinRequest {
  return {
    id: r.id,
    organizationId: r.organizationId,
    firstName: r.firstName,
    lastName: r.lastName,
    email: r.email,
    message: r.message,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
    decidedAt: iso(r.decidedAt),
    decidedBy: r.decidedBy ?? undefined,
    accountId: r.accountId ?? undefined,
  };
}

export function toCreationInvitationMessage(inv: CreationInvitation, now: Date): organisationV1.CreationInvitation {
  const state = tokenState({ used: inv.status === 'USED', cancelled: inv.status === 'CANCELLED', expiresAt: inv.expiresAt }, now);
  return {
    id: inv.id,
    email: inv.email,
    orgName: inv.orgName,
    status: state,
    createdBy: inv.createdBy,
    createdAt: inv.createdAt.toISOString(),
    expiresAt: inv.expiresAt.toISOString(),
    usedAt: iso(inv.usedAt),
    organizationId: inv.organizationId ?? undefined,
    cancelledAt: iso(inv.cancelledAt),
  };
}
