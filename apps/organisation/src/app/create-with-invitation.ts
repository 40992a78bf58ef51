import { randomBytes } from 'node:crypto';
import { PlatformError } from '@platform/errors';
import type { CallContext } from '@platform/grpc-server';
import type { OrganisationDeps } from '../deps';
import { assertTokenUsable, hashInvitationToken, isPlausibleToken, tokenState } from '../domain/invitation-token';
import { namesFromEmail } from '../domain/names-from-email';
import { slugFromName } from '../domain/slug-from-name';
import type { CreationInvitation, Organization } from '../store/generated/client';
import { findCreationInvitationByTokenHash, lockCreationInvitation, updateCreationInvitation } from '../store/creation-invitations';
import type { MembershipWithRole } from '../store/memberships';
import { takenKeys } from '../store/organisations';
import { createOrganizationWithOwner } from './create-with-owner';
import { creationInvitationNotFound } from './invite-to-create';

export interface CreateWithInvitation {
  token: string;
  orgName: string;
  adminEmail: string;
  adminPassword: string;
  adminFirstName: string;
  adminLastName: string;
  /** '' to make one from orgName. */
  orgSlug: string;
}

const stateOf = (inv: CreationInvitation, now: Date) =>
  tokenState({ used: inv.status === 'USED', cancelled: inv.status === 'CANCELLED', expiresAt: inv.expiresAt }, now);

/** A usable creation invitation for a token: 404 unknown, 410 expired, used or cancelled. */
export async function usableCreationInvitation(deps: OrganisationDeps, token: string): Promise<CreationInvitation> {
  if (!isPlausibleToken(token)) throw creationInvitationNotFound();
  const invitation = await findCreationInvitationByTokenHash(deps.db, hashInvitationToken(token));
  if (!invitation) throw creationInvitationNotFound();
  assertTokenUsable(stateOf(invitation, deps.now()), 'creation invitation');
  return invitation;
}

/** The slug asked for, or one made from the name (with a short random suffix when that one is taken). */
async function chooseSlug(deps: OrganisationDeps, input: CreateWithInvitation): Promise<string> {
  if (input.orgSlug) return input.orgSlug;
  const base = slugFromName(input.orgName);
  if (!base) throw PlatformError.validation([{ field: 'orgSlug', message: 'is required: no slug can be made from orgName' }], 'Invalid orgSlug');
  const taken = await takenKeys(deps.db, base, base);
  return taken.slug || taken.subdomain ? `${base}-${randomBytes(3).toString('hex')}` : base;
}

/**
 * The invitee creates their organisation: the token must be usable and adminEmail the address it
 * was sent to (400 otherwise); the create-with-owner saga then makes the organisation, finds or makes
 * the owner's account, sets its first password (verified: the token proves the address) and, in the
 * owner's transaction, uses the token (a second use at the same time finds it used: 410, and the
 * saga undoes its organisation).
 */
export async function createWithInvitation(
  deps: OrganisationDeps,
  ctx: CallContext,
  input: CreateWithInvitation,
): Promise<{ org: Organization; owner: MembershipWithRole }> {
  const invitation = await usableCreationInvitation(deps, input.token);
  if (input.adminEmail.trim().toLowerCase() !== invitation.email) {
    throw PlatformError.validation([{ field: 'adminEmail', message: 'must be the address the invitation was sent to' }], 'Invalid adminEmail');
  }
  const derived = namesFromEmail(invitation.email);
  const created = await createOrganizationWithOwner(
    deps,
    {
      orgName: input.orgName,
      orgSlug: await chooseSlug(deps, input),
      ownerEmail: invitation.email,
      ownerFirstName: input.adminFirstName || derived.firstName,
      ownerLastName: input.adminLastName || derived.lastName,
      sendWelcomeEmail: false,
      ownerPassword: input.adminPassword,
      inOwnerTransaction: async (tx, org) => {
        const locked = await lockCreationInvitation(tx, invitation.id);
        if (!locked) throw creationInvitationNotFound();
        const now = deps.now();
        assertTokenUsable(stateOf(locked, now), 'creation invitation');
        await updateCreationInvitation(tx, locked.id, { status: 'USED', usedAt: now, organizationId: org.id });
      },
    },
    ctx,
  );
  return { org: created.org, owner: created.owner };
}
