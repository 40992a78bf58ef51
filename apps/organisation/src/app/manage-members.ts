import type { OrgRole } from '@platform/auth';
import { isUniqueViolation } from '@platform/db';
import { PlatformError } from '@platform/errors';
import type { CallContext } from '@platform/grpc-server';
import type { OrganisationDeps } from '../deps';
import { alreadyMember, organizationNotFound } from '../domain/errors';
import { assertKeepsAnOwner } from '../domain/last-owner';
import { changedProfileFields, PROFILE_FIELDS, profileOf, profileValues, type MemberProfile } from '../domain/member-fields';
import { listColumns, overrideFor } from '../domain/member-profile';
import { assertMayJoin } from '../domain/membership-limit';
import { isCurrent, statusOnAdd, transition, type MembershipStatus, type Transition } from '../domain/membership-status';
import { DEFAULT_MEMBER_ROLE, mayManageOwners, touchesOwner } from '../domain/roles';
import { getProjectedAccount, lockAccount } from '../store/accounts';
import type { Tx } from '../store/db';
import { countActiveOwners, countRunningMemberships, findMembership, updateMembership, type MembershipWithRole } from '../store/memberships';
import { findLiveOrganization, findRole, findRoleByName, lockLiveOrganization } from '../store/organisations';
import { attachMember, discardCreatedAccount } from './attach-member';
import { recordMembershipChange } from './audit-entries';

const memberNotFound = (): PlatformError => PlatformError.notFound('Member');
const notARole = (): PlatformError => PlatformError.validation([{ field: 'roleId', message: 'is not a role of this organisation' }], 'Invalid roleId');
const externalIdTaken = (): PlatformError => PlatformError.conflict('externalId is already used by another member of this organisation');
const ownersOnly = (): PlatformError => PlatformError.forbidden("Only an owner of the organisation can grant the OWNER role or change an owner's membership");

export interface NewMember {
  organizationId: string;
  email: string;
  firstName: string;
  lastName: string;
  /** '' for the default member role. */
  roleId: string;
  sendInvitationEmail: boolean;
}

export type MemberUpdate = {
  organizationId: string;
  userId: string;
  firstName?: string;
  lastName?: string;
  roleId?: string;
  status?: string;
} & Partial<MemberProfile>;

/**
 * The checks every change of a membership's role or status passes, with the organisation locked:
 * only owners touch the OWNER role, and the last active owner stays.
 */
async function assertMayChange(tx: Tx, ctx: CallContext, m: MembershipWithRole, nextRole: OrgRole, next: Transition): Promise<void> {
  const roleChanges = nextRole !== m.role.name;
  if (!roleChanges && !next.changed) return;
  if (touchesOwner(m.role.name, nextRole) && !mayManageOwners(ctx.caller)) throw ownersOnly();
  const before = { role: m.role.name, status: m.status };
  const after = { role: nextRole, status: next.to };
  const owners = before.role === 'OWNER' && before.status === 'ACTIVE' ? await countActiveOwners(tx, m.organizationId) : 0;
  assertKeepsAnOwner(before, after, owners);
}

/** Role and status change of one membership: announced when either changed, and audited. */
async function announce(
  deps: OrganisationDeps,
  tx: Tx,
  ctx: CallContext,
  operation: 'update' | 'remove',
  m: MembershipWithRole,
  updated: MembershipWithRole,
  now: Date,
): Promise<void> {
  if (updated.role.name === m.role.name && updated.status === m.status) return;
  await deps.messages.membershipChanged(tx, {
    accountId: m.accountId,
    organizationId: m.organizationId,
    role: updated.role.name,
    status: updated.status,
    previousStatus: m.status,
    previousRole: updated.role.name === m.role.name ? '' : m.role.name,
    occurredAt: now,
  });
  await recordMembershipChange(deps, tx, ctx, { operation, before: { role: m.role.name, status: m.status }, after: updated });
}

/**
 * Adds a member: identity finds or creates the account (a saga of two steps: when attaching fails,
 * an account created for it is discarded again).
 */
export async function addMember(deps: OrganisationDeps, ctx: CallContext, input: NewMember): Promise<MembershipWithRole> {
  const org = await findLiveOrganization(deps.db, input.organizationId);
  if (!org) throw organizationNotFound();
  const role = input.roleId ? await findRole(deps.db, org.id, input.roleId) : await findRoleByName(deps.db, org.id, DEFAULT_MEMBER_ROLE);
  if (!role) throw notARole();
  if (role.name === 'OWNER' && !mayManageOwners(ctx.caller)) throw ownersOnly();

  const limit = await deps.membershipLimit.current(ctx);
  const { account, created } = await deps.identity.ensureAccount({ email: input.email, firstName: input.firstName, lastName: input.lastName }, ctx);
  try {
    return await deps.db.$transaction((tx) =>
      attachMember(deps, tx, ctx, {
        org,
        role,
        account,
        accountCreated: created,
        names: { firstName: input.firstName, lastName: input.lastName },
        status: statusOnAdd(input.sendInvitationEmail),
        limit,
      }),
    );
  } catch (err) {
    if (created) await discardCreatedAccount(deps, account.id);
    if (isUniqueViolation(err)) throw alreadyMember();
    throw err;
  }
}

/** Changes a member's names, role, status and profile fields (those given), with the organisation locked. */
export async function updateMember(deps: OrganisationDeps, ctx: CallContext, input: MemberUpdate): Promise<MembershipWithRole> {
  // Only a running status can restart an ended membership: only then is the limit needed (read before the transaction).
  const limit = input.status && isCurrent(input.status as MembershipStatus) ? await deps.membershipLimit.current(ctx) : undefined;
  return deps.db.$transaction(async (tx) => {
    if (!(await lockLiveOrganization(tx, input.organizationId))) throw organizationNotFound();
    const m = await findMembership(tx, input.organizationId, input.userId);
    if (!m) throw memberNotFound();
    const role = input.roleId ? await findRole(tx, input.organizationId, input.roleId) : m.role;
    if (!role) throw notARole();
    const next = input.status
      ? transition(m.status, { kind: 'set-status', status: input.status as MembershipStatus })
      : transition(m.status, { kind: 'set-status', status: m.status });
    await assertMayChange(tx, ctx, m, role.name, next);
    if (next.restarts) {
      await lockAccount(tx, m.accountId);
      assertMayJoin(limit, await countRunningMemberships(tx, m.accountId));
    }

    const now = deps.now();
    const account = await getProjectedAccount(tx, m.accountId);
    const overrides = {
      firstNameOverride: input.firstName === undefined ? m.firstNameOverride : overrideFor(input.firstName, account.firstName),
      lastNameOverride: input.lastName === undefined ? m.lastNameOverride : overrideFor(input.lastName, account.lastName),
    };
    const profile = Object.fromEntries(PROFILE_FIELDS.filter((f) => input[f] !== undefined).map((f) => [f, input[f]])) as Partial<MemberProfile>;
    let result: MembershipWithRole;
    try {
      result = await updateMembership(tx, m.id, {
        roleId: role.id,
        status: next.to,
        ...overrides,
        ...listColumns(account, overrides),
        ...profile,
        ...(next.ends ? { endedAt: now } : {}),
        ...(next.restarts ? { joinedAt: now, endedAt: null } : {}),
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw externalIdTaken();
      throw err;
    }
    await announce(deps, tx, ctx, 'update', m, result, now);
    const changedFields = [...(['firstName', 'lastName'] as const).filter((f) => result[f] !== m[f]), ...changedProfileFields(profileOf(m), profile)];
    if (changedFields.length > 0) {
      await deps.messages.memberProfileChanged(tx, {
        organizationId: m.organizationId,
        accountId: m.accountId,
        changedFields,
        changedBy: ctx.caller?.sub ?? '',
        occurredAt: now,
        profile: profileValues(result),
      });
    }
    return result;
  });
}

/** Ends a membership (INACTIVE), with the organisation locked; removing an INACTIVE one changes nothing. */
export async function removeMember(deps: OrganisationDeps, ctx: CallContext, input: { organizationId: string; userId: string }): Promise<void> {
  await deps.db.$transaction(async (tx) => {
    if (!(await lockLiveOrganization(tx, input.organizationId))) throw organizationNotFound();
    const m = await findMembership(tx, input.organizationId, input.userId);
    if (!m) throw memberNotFound();
    const next = transition(m.status, { kind: 'remove' });
    if (!next.changed) return;
    await assertMayChange(tx, ctx, m, m.role.name, next);
    const now = deps.now();
    const result = await updateMembership(tx, m.id, { status: next.to, ...(next.ends ? { endedAt: now } : {}) });
    await announce(deps, tx, ctx, 'remove', m, result, now);
  });
}
