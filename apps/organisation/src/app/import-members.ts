import type { OrgRole } from '@platform/auth';
import { isUniqueViolation } from '@platform/db';
import { PlatformError } from '@platform/errors';
import type { CallContext } from '@platform/grpc-server';
import { importDecision, importHash } from '@platform/imports';
import type { identityV1, organisationV1 } from '@platform/proto';
import type { OrganisationDeps } from '../deps';
import { organizationNotFound } from '../domain/errors';
import type { MemberProfile } from '../domain/member-fields';
import { importedProfileOf, importedRoleAndStatus, MAX_IMPORT_BATCH, type ImportAction, type ImportEntry, type ImportRecord } from '../domain/member-import';
import { listColumns, overrideFor } from '../domain/member-profile';
import { assertMayJoin, type MembershipLimit } from '../domain/membership-limit';
import { isCurrent, transition } from '../domain/membership-status';
import { lockAccount, upsertAccount } from '../store/accounts';
import type { Tx } from '../store/db';
import { countRunningMemberships, createMembership, findMembership, findMembershipByExternalId, updateMembership } from '../store/memberships';
import { findLiveOrganization, holdLiveOrganization, listRoles } from '../store/organisations';
import { snapshotOf } from './attach-member';

/** Records applied in one transaction (each behind its own savepoint): fewer round trips than one each. */
const RECORDS_PER_TRANSACTION = 100;
/** A chunk's transaction may take this long on a busy database. */
const CHUNK_TIMEOUT_MS = 60_000;
/** identity's EnsureAccount calls in flight at once while a batch is prepared. */
const ACCOUNT_LOOKUP_CONCURRENCY = 8;

interface Outcome {
  action: ImportAction;
  userId: string;
  error: string;
}

const failed = (error: string): Outcome => ({ action: 'ERROR', userId: '', error });

async function mapLimited<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * The connector's import (UpsertMembers): each record creates or updates the membership with its
 * externalId, finding or creating the account by email (identity's EnsureAccount: an existing
 * account is attached, a new one has no password). Records are applied a hundred per transaction,
 * each behind a savepoint, and answered CREATE, UPDATE, SKIP (nothing changed at the source),
 * CONFLICT (the profile changed on the platform since its last import and at the source too: the
 * platform's is kept) or ERROR (the others still apply). Nothing is sent to anyone: only
 * organisation.membership.changed is published (the projections of identity and notifications need
 * it), never an invitation or a profile change (the source already knows).
 */
export async function importMembers(
  deps: OrganisationDeps,
  ctx: CallContext,
  organizationId: string,
  entries: readonly ImportEntry[],
): Promise<organisationV1.UpsertMembersResponse> {
  if (entries.length > MAX_IMPORT_BATCH) {
    throw PlatformError.validation([{ field: 'members', message: `must hold at most ${MAX_IMPORT_BATCH} records` }]);
  }
  const org = await findLiveOrganization(deps.db, organizationId);
  if (!org) throw organizationNotFound();
  const roles = new Map((await listRoles(deps.db, org.id)).map((r) => [r.name, r]));
  const limit = await deps.membershipLimit.current(ctx);

  const valid = entries.flatMap((entry) => (entry.record ? [entry.record] : []));
  const known = new Set(
    (
      await deps.db.membership.findMany({
        where: { organizationId: org.id, externalId: { in: valid.map((r) => r.externalId) } },
        select: { externalId: true },
      })
    ).map((m) => m.externalId),
  );
  // Accounts for the records not yet known by their externalId, looked up (or created) a few at a time.
  const byEmail = new Map(valid.filter((r) => !known.has(r.externalId)).map((r) => [r.email, r] as const));
  const accounts = new Map<string, { account: identityV1.Account; created: boolean } | Error>();
  await mapLimited([...byEmail.values()], ACCOUNT_LOOKUP_CONCURRENCY, async ({ email: address, firstName, lastName }) => {
    try {
      // No parent call: hundreds of child calls would each hang a cancellation listener on the one parent.
      accounts.set(address, await deps.identity.ensureAccount({ email: address, firstName, lastName }));
    } catch (err) {
      accounts.set(address, err instanceof Error ? err : new Error(String(err)));
    }
  });

  const results: organisationV1.MemberUpsertResult[] = [];
  const used = new Set<string>();
  for (let start = 0; start < entries.length; start += RECORDS_PER_TRANSACTION) {
    const chunk = entries.slice(start, start + RECORDS_PER_TRANSACTION);
    const outcomes = await deps.db.$transaction(
      async (tx) => {
        if (!(await holdLiveOrganization(tx, org.id))) throw organizationNotFound();
        const done: Outcome[] = [];
        for (const entry of chunk) {
          if (!entry.record) {
            done.push(failed(entry.problem ?? 'invalid record'));
            continue;
          }
          const found = accounts.get(entry.record.email);
          // Each record behind a savepoint: a record that fails leaves nothing behind, the others stay.
          await tx.$executeRaw`SAVEPOINT import_record`;
          try {
            const outcome = await applyRecord(deps, tx, { orgId: org.id, roles, limit, record: entry.record, account: found });
            await tx.$executeRaw`RELEASE SAVEPOINT import_record`;
            if (outcome.action !== 'ERROR' && found && !(found instanceof Error)) used.add(found.account.id);
            done.push(outcome);
          } catch (err) {
            if (!(err instanceof PlatformError) && !isUniqueViolation(err)) throw err;
            await tx.$executeRaw`ROLLBACK TO SAVEPOINT import_record`;
            done.push(failed(err instanceof PlatformError ? err.message : 'another record took this externalId or account at the same time'));
          }
        }
        return done;
      },
      { timeout: CHUNK_TIMEOUT_MS, maxWait: CHUNK_TIMEOUT_MS },
    );
    outcomes.forEach((outcome, i) => results.push({ externalId: chunk[i]?.externalId ?? '', ...outcome }));
  }
  // Accounts created for records that then failed are discarded again (nothing else uses them).
  for (const found of accounts.values()) {
    if (!(found instanceof Error) && found.created && !used.has(found.account.id)) {
      await deps.identity.discardCreatedAccount(found.account.id).catch((err: unknown) => {
        deps.logger.error({ err, accountId: found.account.id }, 'could not discard an account created for a failed import record');
      });
    }
  }

  const count = (action: ImportAction) => results.filter((r) => r.action === action).length;
  const summary = { created: count('CREATE'), updated: count('UPDATE'), skipped: count('SKIP'), conflicts: count('CONFLICT'), failed: count('ERROR') };
  deps.logger.info({ organizationId: org.id, records: entries.length, ...summary }, 'members imported');
  return { results, ...summary };
}

interface ApplyInput {
  orgId: string;
  roles: Map<OrgRole, { id: string; name: OrgRole }>;
  limit: MembershipLimit;
  record: ImportRecord;
  account: { account: identityV1.Account; created: boolean } | Error | undefined;
}

async function applyRecord(deps: OrganisationDeps, tx: Tx, input: ApplyInput): Promise<Outcome> {
  const { record } = input;
  const now = deps.now();
  let current = await findMembershipByExternalId(tx, input.orgId, record.externalId);
  if (!current) {
    if (!input.account || input.account instanceof Error) return failed(`the account could not be found or created: ${input.account?.message ?? 'unknown'}`);
    if (input.account.account.userType === 'SYSTEM') return failed('this email belongs to a platform staff account, which cannot be a member');
    await upsertAccount(tx, snapshotOf(input.account.account, now));
    current = await findMembership(tx, input.orgId, input.account.account.id);
    if (current?.externalId) return failed(`the account with this email is already the member with externalId ${current.externalId}`);
  }
  const accountId = current?.accountId ?? (input.account as { account: identityV1.Account }).account.id;
  const account = await tx.accountProjection.findUniqueOrThrow({ where: { id: accountId } });

  const target = importedRoleAndStatus(current ? { role: current.role.name, status: current.status } : undefined, record);
  const role = input.roles.get(target.role);
  if (!role) throw new Error(`organisation ${input.orgId} has no ${target.role} role`);
  // The account's own name leaves no override (the account's later renames then show through).
  const overrides = { firstNameOverride: overrideFor(record.firstName, account.firstName), lastNameOverride: overrideFor(record.lastName, account.lastName) };
  const { externalId, email: _email, firstName: _first, lastName: _last, status: _status, role: _role, ...rest } = record;
  const profile: MemberProfile = { ...rest, externalId };
  const wanted = importedProfileOf(record);

  if (!current) {
    const next = transition('INACTIVE', { kind: 'set-status', status: target.status });
    if (next.restarts) {
      await lockAccount(tx, accountId);
      assertMayJoin(input.limit, await countRunningMemberships(tx, accountId));
    }
    const created = await createMembership(tx, {
      organizationId: input.orgId,
      accountId,
      roleId: role.id,
      status: target.status,
      ...overrides,
      ...listColumns(account, overrides),
      ...profile,
      joinedAt: now,
      endedAt: isCurrent(target.status) ? null : now,
      importHash: importHash(wanted),
    });
    await deps.events.membershipChanged(tx, {
      accountId,
      organizationId: input.orgId,
      role: role.name,
      status: created.status,
      previousStatus: '',
      previousRole: '',
      occurredAt: now,
    });
    return { action: 'CREATE', userId: accountId, error: '' };
  }

  // A platform edit of the profile since the last import is kept: SKIP while the source is unchanged, CONFLICT when it changed too.
  // Role and status follow the source as before (the membership's lifecycle, not the profile).
  const decision = importDecision(importedProfileOf(current), wanted, current.importHash);
  const profileUpdates = decision.action === 'UPDATE';
  // A member added on the platform and found by its account takes the record's externalId.
  const linking = current.externalId !== externalId;
  const next = transition(current.status, { kind: 'set-status', status: target.status });
  const roleChanged = role.id !== current.role.id;
  if (!next.changed && !roleChanged && !profileUpdates && !linking) {
    if (decision.hash !== current.importHash) await updateMembership(tx, current.id, { importHash: decision.hash });
    return { action: decision.action, userId: accountId, error: '' };
  }
  if (next.restarts) {
    await lockAccount(tx, accountId);
    assertMayJoin(input.limit, await countRunningMemberships(tx, accountId));
  }
  const updated = await updateMembership(tx, current.id, {
    roleId: role.id,
    status: next.to,
    ...(profileUpdates ? { ...overrides, ...listColumns(account, overrides), ...profile } : { externalId }),
    importHash: decision.hash,
    ...(next.ends ? { endedAt: now } : {}),
    ...(next.restarts ? { joinedAt: now, endedAt: null } : {}),
  });
  if (next.changed || roleChanged) {
    await deps.events.membershipChanged(tx, {
      accountId,
      organizationId: input.orgId,
      role: updated.role.name,
      status: updated.status,
      previousStatus: current.status,
      previousRole: roleChanged ? current.role.name : '',
      occurredAt: now,
    });
  }
  return { action: decision.action === 'CONFLICT' ? 'CONFLICT' : 'UPDATE', userId: accountId, error: '' };
}
