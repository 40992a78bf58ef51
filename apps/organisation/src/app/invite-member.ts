import { randomUUID } from 'node:crypto';
import type { OrgRole } from '@platform/auth';
import { isUniqueViolation } from '@platform/db';
import { PlatformError } from '@platform/errors';
import type { CallContext } from '@platform/grpc-server';
import type { identityV1 } from '@platform/proto';
import type { OrganisationDeps } from '../deps';
import { AuditAction } from '../domain/audit-actions';
import { alreadyMember, organizationNotFound } from '../domain/errors';
import { expiryAfterDays, hashInvitationToken, INVITATION_DAYS, newInvitationToken } from '../domain/invitation-token';
import { namesFromEmail } from '../domain/names-from-email';
import { upsertAccount } from '../store/accounts';
import type { Tx } from '../store/db';
import type { Invitation, Organization } from '../store/generated/client';
import { cancelPendingInvitations, createInvitation } from '../store/invitations';
import { findMembership, updateMembership } from '../store/memberships';
import { holdLiveOrganization } from '../store/organisations';
import { attachMember, discardCreatedAccount, invitedEventFields, snapshotOf, type InvitationFacts } from './attach-member';
import { recordInvitationAction } from './invitation-audit';

export interface InviteMember {
  org: Organization;
  role: { id: string; name: OrgRole };
  email: string;
  message: string;
}

const invitationRaced = (): PlatformError => PlatformError.conflict('This person was invited at the same moment; try again');

/**
 * Invites a person by email: identity finds or makes the account (without a password, names from
 * the address until the person gives theirs), then in one transaction the PENDING membership is made
 * (or kept, when already PENDING: the new invitation replaces the old one, with the new role), the
 * invitation stored with its token hashed, and organisation.member.invited carries the sealed token
 * to notifications (the INVITATION email). A running ACTIVE or SUSPENDED membership is 409.
 * Answers the invitation; the token leaves only in the email.
 */
export async function inviteMember(deps: OrganisationDeps, ctx: CallContext, input: InviteMember): Promise<Invitation> {
  const limit = await deps.membershipLimit.current(ctx);
  const { account, created } = await deps.identity.ensureAccount({ email: input.email, ...namesFromEmail(input.email) }, ctx);
  const token = newInvitationToken();
  const now = deps.now();
  const facts: InvitationFacts = {
    id: randomUUID(),
    sealedToken: deps.secrets.seal(token),
    expiresAt: expiryAfterDays(now, INVITATION_DAYS),
    message: input.message,
  };
  try {
    return await deps.db.$transaction(async (tx) => {
      const existing = await findMembership(tx, input.org.id, account.id);
      if (existing && (existing.status === 'ACTIVE' || existing.status === 'SUSPENDED')) throw alreadyMember();
      if (existing?.status === 'PENDING') {
        await reinvite(deps, tx, ctx, input, account, facts);
      } else {
        await attachMember(deps, tx, ctx, {
          org: input.org,
          role: input.role,
          account,
          accountCreated: created,
          names: { firstName: account.firstName, lastName: account.lastName },
          status: 'PENDING',
          limit,
          invitation: facts,
        });
      }
      const invitation = await createInvitation(tx, {
        id: facts.id,
        organizationId: input.org.id,
        accountId: account.id,
        roleId: input.role.id,
        email: account.email,
        message: input.message,
        tokenHash: hashInvitationToken(token),
        invitedBy: ctx.caller?.sub ?? '',
        expiresAt: facts.expiresAt,
      });
      await recordInvitationAction(deps, tx, ctx, {
        action: AuditAction.INVITATION_CREATED,
        userId: account.id,
        userEmail: account.email,
        organizationId: input.org.id,
        resourceType: 'INVITATION',
        resourceId: invitation.id,
        detail: { role: input.role.name, replaced: existing?.status === 'PENDING', accountCreated: created },
      });
      return invitation;
    });
  } catch (err) {
    if (created) await discardCreatedAccount(deps, account.id);
    if (isUniqueViolation(err)) throw invitationRaced();
    throw err;
  }
}

/**
 * A PENDING membership invited again: its pending invitations are cancelled (their tokens stop
 * working), its role becomes the new one, and the new invitation is announced (a new email).
 */
async function reinvite(
  deps: OrganisationDeps,
  tx: Tx,
  ctx: CallContext,
  input: InviteMember,
  account: identityV1.Account,
  facts: InvitationFacts,
): Promise<void> {
  if (!(await holdLiveOrganization(tx, input.org.id))) throw organizationNotFound();
  const now = deps.now();
  await upsertAccount(tx, snapshotOf(account, now));
  await cancelPendingInvitations(tx, input.org.id, account.id, now);
  const before = await findMembership(tx, input.org.id, account.id);
  if (!before || before.status !== 'PENDING') throw invitationRaced();
  const membership = before.roleId === input.role.id ? before : await updateMembership(tx, before.id, { roleId: input.role.id });
  if (membership.role.name !== before.role.name) {
    await deps.messages.membershipChanged(tx, {
      accountId: account.id,
      organizationId: input.org.id,
      role: membership.role.name,
      status: membership.status,
      previousStatus: before.status,
      previousRole: before.role.name,
      occurredAt: now,
    });
  }
  await deps.messages.memberInvited(tx, {
    organizationId: input.org.id,
    organizationName: input.org.name,
    organizationSlug: input.org.slug,
    accountId: account.id,
    email: account.email,
    firstName: membership.firstName,
    lastName: membership.lastName,
    role: membership.role.name,
    accountCreated: !account.hasPassword,
    invitedBy: ctx.caller?.sub ?? '',
    ...invitedEventFields(facts),
    occurredAt: now,
  });
}
