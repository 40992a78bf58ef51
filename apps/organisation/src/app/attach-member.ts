import type { OrgRole } from '@platform/auth';
import { PlatformError } from '@platform/errors';
import type { CallContext } from '@platform/grpc-server';
import type { identityV1 } from '@platform/proto';
import type { OrganisationDeps } from '../deps';
import { alreadyMember, organizationNotFound } from '../domain/errors';
import { listColumns, overrideFor } from '../domain/member-profile';
import { assertMayJoin, type MembershipLimit } from '../domain/membership-limit';
import { isCurrent, type MembershipStatus } from '../domain/membership-status';
import { parseVersion } from '../domain/projection-version';
import { lockAccount, upsertAccount, type AccountSnapshot } from '../store/accounts';
import type { Tx } from '../store/db';
import type { Organization } from '../store/generated/client';
import { countRunningMemberships, createMembership, findMembership, updateMembership, type MembershipWithRole } from '../store/memberships';
import { holdLiveOrganization } from '../store/organisations';
import { recordMembershipChange } from './audit-entries';

export interface AttachMember {
  org: Organization;
  role: { id: string; name: OrgRole };
  account: identityV1.Account;
  /** True when identity created the account for this membership. */
  accountCreated: boolean;
  /** The names the organisation was given for the person (its view of them). */
  names: { firstName: string; lastName: string };
  status: MembershipStatus;
  /** maxOrganisationsPerUser, read before the transaction. */
  limit: MembershipLimit;
  /** The invitation a PENDING membership is for (its email carries the accept link); absent for POST users. */
  invitation?: InvitationFacts;
}

/** What the invitation email needs of an invitation: the token travels sealed in the event. */
export interface InvitationFacts {
  id: string;
  sealedToken: string;
  expiresAt: Date;
  message: string;
}

/** The invitation fields of organisation.member.invited ('' and none without an invitation). */
export function invitedEventFields(invitation: InvitationFacts | undefined) {
  return {
    invitationId: invitation?.id ?? '',
    acceptToken: invitation ? { ciphertext: invitation.sealedToken } : undefined,
    expiresAt: invitation?.expiresAt.toISOString() ?? '',
    message: invitation?.message ?? '',
  };
}

export function snapshotOf(account: identityV1.Account, now: Date): AccountSnapshot {
  return {
    id: account.id,
    email: account.email,
    firstName: account.firstName,
    lastName: account.lastName,
    status: account.status,
    version: parseVersion(account.updatedAt, now),
  };
}

/**
 * Starts a membership of an account in an organisation, in the caller's transaction: refuses a
 * platform staff account (409), records the account in the projection, refuses a running
 * membership (409) and one beyond maxOrganisationsPerUser (409), then creates the membership or
 * restarts an ended one, and announces it (the invitation too when PENDING) and audits it.
 * Names that differ from the account's are kept as this organisation's overrides.
 */
export async function attachMember(deps: OrganisationDeps, tx: Tx, ctx: CallContext, input: AttachMember): Promise<MembershipWithRole> {
  if (input.account.userType === 'SYSTEM') throw PlatformError.conflict('This email belongs to a platform staff account, which cannot be a member');
  if (!(await holdLiveOrganization(tx, input.org.id))) throw organizationNotFound();
  const now = deps.now();
  const account = await upsertAccount(tx, snapshotOf(input.account, now));
  const existing = await findMembership(tx, input.org.id, account.id);
  if (existing && isCurrent(existing.status)) throw alreadyMember();
  // Locked, so two organisations adding the same person at once cannot both take the last place.
  await lockAccount(tx, account.id);
  assertMayJoin(input.limit, await countRunningMemberships(tx, account.id));

  const overrides = {
    firstNameOverride: overrideFor(input.names.firstName, account.firstName),
    lastNameOverride: overrideFor(input.names.lastName, account.lastName),
  };
  const fields = {
    roleId: input.role.id,
    status: input.status,
    ...overrides,
    ...listColumns(account, overrides),
    joinedAt: now,
    endedAt: null,
  };
  const membership = existing
    ? await updateMembership(tx, existing.id, fields)
    : await createMembership(tx, { organizationId: input.org.id, accountId: account.id, ...fields });

  await deps.messages.membershipChanged(tx, {
    accountId: account.id,
    organizationId: input.org.id,
    role: input.role.name,
    status: input.status,
    previousStatus: existing?.status ?? '',
    previousRole: existing && existing.role.name !== input.role.name ? existing.role.name : '',
    occurredAt: now,
  });
  if (input.status === 'PENDING') {
    await deps.messages.memberInvited(tx, {
      organizationId: input.org.id,
      organizationName: input.org.name,
      organizationSlug: input.org.slug,
      accountId: account.id,
      email: account.email,
      firstName: membership.firstName,
      lastName: membership.lastName,
      role: input.role.name,
      accountCreated: input.accountCreated,
      invitedBy: ctx.caller?.sub ?? '',
      ...invitedEventFields(input.invitation),
      occurredAt: now,
    });
  }
  await recordMembershipChange(deps, tx, ctx, {
    operation: 'add',
    before: existing ? { role: existing.role.name, status: existing.status } : undefined,
    after: membership,
    detail: { accountCreated: input.accountCreated, restarted: existing !== null },
  });
  return membership;
}

/** Compensation: an account identity created for an operation that then failed is discarded. */
export async function discardCreatedAccount(deps: OrganisationDeps, accountId: string): Promise<void> {
  try {
    // No parent call: the compensation runs even when the caller has given up.
    await deps.identity.discardCreatedAccount(accountId);
  } catch (err) {
    deps.logger.error({ err, accountId }, 'could not discard an account created for a failed operation; it is left without memberships');
  }
}
