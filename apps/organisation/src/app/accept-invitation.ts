import { PlatformError, type FieldViolation } from '@platform/errors';
import type { CallContext } from '@platform/grpc-server';
import type { identityV1 } from '@platform/proto';
import type { OrganisationDeps } from '../deps';
import { AuditAction } from '../domain/audit-actions';
import { assertTokenUsable, hashInvitationToken, isPlausibleToken, tokenGone, tokenState } from '../domain/invitation-token';
import { listColumns } from '../domain/member-profile';
import { assertMayJoin } from '../domain/membership-limit';
import { lockAccount, upsertAccount } from '../store/accounts';
import type { Invitation } from '../store/generated/client';
import { findInvitationByTokenHash, lockInvitation, markInvitation } from '../store/invitations';
import { countRunningMemberships, findMembership, updateMembership, type MembershipWithRole } from '../store/memberships';
import { findRole, holdLiveOrganization } from '../store/organisations';
import { snapshotOf } from './attach-member';
import { recordInvitationAction } from './invitation-audit';

export interface AcceptInvitation {
  organizationId: string;
  token: string;
  firstName: string;
  lastName: string;
  password: string;
}

const invitationNotFound = (): PlatformError => PlatformError.notFound('Invitation');

const stateOf = (inv: Invitation, now: Date) =>
  tokenState({ used: inv.status === 'ACCEPTED', cancelled: inv.status === 'CANCELLED', expiresAt: inv.expiresAt }, now);

/** An account without a password is activated with the person's names and password: all three are needed. */
function activationViolations(input: AcceptInvitation): FieldViolation[] {
  return (['firstName', 'lastName', 'password'] as const)
    .filter((field) => input[field].trim() === '')
    .map((field) => ({ field, message: 'is required to activate a new account' }));
}

/**
 * The holder of an invitation's token accepts it: 404 for a token unknown to the organisation, 410
 * for one expired, used or cancelled. With the invitation locked it is claimed once (a second
 * acceptance at the same time waits, then finds it used: 410); an account still without a password
 * is activated then (password and names, email verified: the token proves the address), the PENDING
 * membership becomes ACTIVE with the invited role within maxOrganisationsPerUser, and
 * organisation.invitation.accepted and organisation.membership.changed are published.
 */
export async function acceptInvitation(
  deps: OrganisationDeps,
  ctx: CallContext,
  input: AcceptInvitation,
): Promise<{ member: MembershipWithRole; accountActivated: boolean }> {
  if (!isPlausibleToken(input.token)) throw invitationNotFound();
  const found = await findInvitationByTokenHash(deps.db, input.organizationId, hashInvitationToken(input.token));
  if (!found) throw invitationNotFound();
  assertTokenUsable(stateOf(found, deps.now()));
  const limit = await deps.membershipLimit.current(ctx);

  const account = await deps.identity.getAccount(found.accountId, ctx);
  // The account was removed meanwhile: the invitation no longer stands.
  if (!account) throw tokenGone('CANCELLED');
  if (!account.hasPassword) {
    const missing = activationViolations(input);
    if (missing.length > 0) throw PlatformError.validation(missing, 'This invitation is for a new account: firstName, lastName and password are required');
  }
  let activated: identityV1.Account | undefined;

  const member = await deps.db.$transaction(
    async (tx) => {
      // Held against a delete (FOR SHARE): acceptances in one organisation still run side by side.
      if (!(await holdLiveOrganization(tx, input.organizationId))) throw invitationNotFound();
      const invitation = await lockInvitation(tx, found.id);
      if (!invitation) throw invitationNotFound();
      const now = deps.now();
      assertTokenUsable(stateOf(invitation, now));
      // Activated only by the acceptance that holds the invitation: one at the same time waits on the
      // lock and then finds it used (410), never setting a password of its own.
      if (!account.hasPassword) {
        activated = await deps.identity.activateAccount(
          { accountId: account.id, password: input.password, firstName: input.firstName.trim(), lastName: input.lastName.trim() },
          ctx,
        );
      }
      const membership = await findMembership(tx, invitation.organizationId, invitation.accountId);
      // The PENDING membership was ended (the person was removed) meanwhile: the invitation no longer stands.
      if (!membership || membership.status !== 'PENDING') throw tokenGone('CANCELLED');
      const role = await findRole(tx, invitation.organizationId, invitation.roleId);
      if (!role) throw invitationNotFound();
      await lockAccount(tx, invitation.accountId);
      // The PENDING membership already holds its place; the limit may have been lowered since.
      assertMayJoin(limit, (await countRunningMemberships(tx, invitation.accountId)) - 1);

      // The names the person just gave show at once (identity.account.updated brings them too, later).
      const names = activated ? listColumns(await upsertAccount(tx, snapshotOf(activated, now)), membership) : {};
      const accepted = await updateMembership(tx, membership.id, { status: 'ACTIVE', roleId: role.id, ...names });
      await markInvitation(tx, invitation.id, { status: 'ACCEPTED', acceptedAt: now });
      await deps.messages.membershipChanged(tx, {
        accountId: invitation.accountId,
        organizationId: invitation.organizationId,
        role: accepted.role.name,
        status: 'ACTIVE',
        previousStatus: 'PENDING',
        previousRole: accepted.role.name === membership.role.name ? '' : membership.role.name,
        occurredAt: now,
      });
      await deps.messages.invitationAccepted(tx, {
        organizationId: invitation.organizationId,
        invitationId: invitation.id,
        accountId: invitation.accountId,
        email: invitation.email,
        role: accepted.role.name,
        accountActivated: activated !== undefined,
        occurredAt: now,
      });
      await recordInvitationAction(deps, tx, ctx, {
        action: AuditAction.INVITATION_ACCEPTED,
        userId: invitation.accountId,
        userEmail: invitation.email,
        organizationId: invitation.organizationId,
        resourceType: 'INVITATION',
        resourceId: invitation.id,
        detail: { role: accepted.role.name, accountActivated: activated !== undefined },
      });
      return accepted;
      // Holds the invitation across identity's activation (a password hash): longer than Prisma's 5 s default.
    },
    { timeout: 15_000 },
  );
  return { member, accountActivated: activated !== undefined };
}
