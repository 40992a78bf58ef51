import { z } from 'zod';
import type { OrgRole } from '@platform/auth';
import { isUniqueViolation, pagedEnvelope, parsePageQuery } from '@platform/db';
import { email, optionalUuid, personName, PlatformError, searchTerm, uuid, validate } from '@platform/errors';
import type { AsyncService, CallContext } from '@platform/grpc-server';
import type { organisationV1 } from '@platform/proto';
import { attachMember, discardCreatedAccount } from '../app/attach-member';
import { recordMembershipChange } from '../app/audit-entries';
import { readMemberProfile } from '../app/read-member-profile';
import type { OrganisationDeps } from '../deps';
import { alreadyMember, organizationNotFound } from '../domain/errors';
import { assertKeepsAnOwner } from '../domain/last-owner';
import { changedProfileFields, PROFILE_FIELDS, profileOf, profileValues, type MemberProfile } from '../domain/member-fields';
import { listColumns, overrideFor, searchWords } from '../domain/member-profile';
import { assertMayJoin } from '../domain/membership-limit';
import { dayOf } from '../domain/membership-period';
import { CURRENT_STATUSES, isCurrent, statusOnAdd, transition, type MembershipStatus, type Transition } from '../domain/membership-status';
import { DEFAULT_MEMBER_ROLE, mayManageOwners, touchesOwner } from '../domain/roles';
import { lockAccount } from '../store/accounts';
import type { Tx } from '../store/db';
import { MEMBER_SORT_FIELDS, queryOrganizationMembers } from '../store/member-list';
import { countActiveOwners, countRunningMemberships, findMembership, updateMembership, type MembershipWithRole } from '../store/memberships';
import { findLiveOrganization, findRole, findRoleByName, lockLiveOrganization } from '../store/organisations';
import { membershipStatus, profileFields } from './inputs';
import { memberRowToUser, toUserMessage } from './mappers';
import { toUserProfileMessage } from './profile-mappers';

const listInput = z.object({ organizationId: uuid, status: z.union([z.literal(''), membershipStatus]), search: searchTerm });
const addInput = z.object({
  organizationId: uuid,
  email,
  firstName: personName,
  lastName: personName,
  roleId: optionalUuid,
  sendInvitationEmail: z.boolean(),
});
const updateInput = z.object({
  organizationId: uuid,
  userId: uuid,
  firstName: personName.optional(),
  lastName: personName.optional(),
  roleId: uuid.optional(),
  status: membershipStatus.optional(),
  ...Object.fromEntries(Object.entries(profileFields).map(([field, rule]) => [field, rule.optional()])),
}) as z.ZodType<UpdateInput>;
type UpdateInput = {
  organizationId: string;
  userId: string;
  firstName?: string;
  lastName?: string;
  roleId?: string;
  status?: string;
} & Partial<MemberProfile>;
const byMember = z.object({ organizationId: uuid, userId: uuid });

type MemberHandlers = Pick<AsyncService<organisationV1.OrganisationServiceServer>, 'listMembers' | 'getMember' | 'addMember' | 'updateMember' | 'removeMember'>;

const memberNotFound = (): PlatformError => PlatformError.notFound('Member');
const notARole = (): PlatformError => PlatformError.validation([{ field: 'roleId', message: 'is not a role of this organisation' }], 'Invalid roleId');
const externalIdTaken = (): PlatformError => PlatformError.conflict('externalId is already used by another member of this organisation');
const ownersOnly = (): PlatformError => PlatformError.forbidden("Only an owner of the organisation can grant the OWNER role or change an owner's membership");

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

export function memberHandlers(deps: OrganisationDeps): MemberHandlers {
  /** Role and status change of one membership: announced when either changed, and audited. */
  const announce = async (tx: Tx, ctx: CallContext, operation: 'update' | 'remove', m: MembershipWithRole, updated: MembershipWithRole, now: Date) => {
    if (updated.role.name === m.role.name && updated.status === m.status) return;
    await deps.events.membershipChanged(tx, {
      accountId: m.accountId,
      organizationId: m.organizationId,
      role: updated.role.name,
      status: updated.status,
      previousStatus: m.status,
      previousRole: updated.role.name === m.role.name ? '' : m.role.name,
      occurredAt: now,
    });
    await recordMembershipChange(deps, tx, ctx, { operation, before: { role: m.role.name, status: m.status }, after: updated });
  };

  return {
    async listMembers(request) {
      const input = validate(listInput, request);
      const page = parsePageQuery(request, { sortable: MEMBER_SORT_FIELDS, defaultSort: { field: 'lastName', direction: 'asc' } });
      const { rows, total } = await queryOrganizationMembers(deps.db, {
        organizationId: input.organizationId,
        statuses: input.status ? [input.status as MembershipStatus] : CURRENT_STATUSES,
        words: searchWords(input.search),
        sort: page.sort,
        skip: page.skip,
        take: page.take,
      });
      // The query answers nothing for an unknown or deleted organisation: only then ask which.
      if (total === 0 && !(await findLiveOrganization(deps.db, input.organizationId))) throw organizationNotFound();
      return pagedEnvelope(rows.map(memberRowToUser), total, page);
    },

    /** One member's profile, as much of it as the caller may see (domain/profile-access). */
    async getMember(request, ctx) {
      const input = validate(byMember, request);
      const read = await readMemberProfile(deps, ctx.caller, input);
      return toUserProfileMessage(read, dayOf(deps.now()));
    },

    /**
     * Identity finds or creates the account (a saga of two steps: when attaching fails, an account
     * created for it is discarded again).
     */
    async addMember(request, ctx) {
      const input = validate(addInput, request);
      const org = await findLiveOrganization(deps.db, input.organizationId);
      if (!org) throw organizationNotFound();
      const role = input.roleId ? await findRole(deps.db, org.id, input.roleId) : await findRoleByName(deps.db, org.id, DEFAULT_MEMBER_ROLE);
      if (!role) throw notARole();
      if (role.name === 'OWNER' && !mayManageOwners(ctx.caller)) throw ownersOnly();

      const limit = await deps.membershipLimit.current(ctx);
      const { account, created } = await deps.identity.ensureAccount({ email: input.email, firstName: input.firstName, lastName: input.lastName }, ctx);
      try {
        const membership = await deps.db.$transaction((tx) =>
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
        return toUserMessage(membership);
      } catch (err) {
        if (created) await discardCreatedAccount(deps, account.id);
        if (isUniqueViolation(err)) throw alreadyMember();
        throw err;
      }
    },

    async updateMember(request, ctx) {
      const input = validate(updateInput, request);
      // Only a running status can restart an ended membership: only then is the limit needed (read before the transaction).
      const limit = input.status && isCurrent(input.status as MembershipStatus) ? await deps.membershipLimit.current(ctx) : undefined;
      const updated = await deps.db.$transaction(async (tx) => {
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
        const account = await tx.accountProjection.findUniqueOrThrow({ where: { id: m.accountId } });
        const overrides = {
          firstNameOverride: input.firstName === undefined ? m.firstNameOverride : overrideFor(input.firstName, account.firstName),
          lastNameOverride: input.lastName === undefined ? m.lastNameOverride : overrideFor(input.lastName, account.lastName),
        };
        const profile = Object.fromEntries(PROFILE_FIELDS.filter((f) => input[f] !== undefined).map((f) => [f, input[f]])) as Partial<MemberProfile>;
        const result = await updateMembership(tx, m.id, {
          roleId: role.id,
          status: next.to,
          ...overrides,
          ...listColumns(account, overrides),
          ...profile,
          ...(next.ends ? { endedAt: now } : {}),
          ...(next.restarts ? { joinedAt: now, endedAt: null } : {}),
        }).catch((err: unknown) => {
          if (isUniqueViolation(err)) throw externalIdTaken();
          throw err;
        });
        await announce(tx, ctx, 'update', m, result, now);
        const changedFields = [...(['firstName', 'lastName'] as const).filter((f) => result[f] !== m[f]), ...changedProfileFields(profileOf(m), profile)];
        if (changedFields.length > 0) {
          await deps.events.memberProfileChanged(tx, {
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
      return toUserMessage(updated);
    },

    async removeMember(request, ctx) {
      const input = validate(byMember, request);
      await deps.db.$transaction(async (tx) => {
        if (!(await lockLiveOrganization(tx, input.organizationId))) throw organizationNotFound();
        const m = await findMembership(tx, input.organizationId, input.userId);
        if (!m) throw memberNotFound();
        const next = transition(m.status, { kind: 'remove' });
        if (!next.changed) return;
        await assertMayChange(tx, ctx, m, m.role.name, next);
        const now = deps.now();
        const result = await updateMembership(tx, m.id, { status: next.to, ...(next.ends ? { endedAt: now } : {}) });
        await announce(tx, ctx, 'remove', m, result, now);
      });
      return {};
    },
  };
}
