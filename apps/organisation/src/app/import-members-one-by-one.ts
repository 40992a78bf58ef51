import { isUniqueViolation } from '@platform/db';
import { PlatformError } from '@platform/errors';
import { importDecision, importHash } from '@platform/imports';
import type { identityV1 } from '@platform/proto';
import type { OrganisationDeps } from '../deps';
import { organizationNotFound } from '../domain/errors';
import {
  failedImport,
  importedProfileOf,
  importedRoleAndStatus,
  importedValues,
  samePersonAs,
  type FoundAccount,
  type ImportChunk,
  type ImportOutcome,
  type ImportRecord,
} from '../domain/member-import';
import { listColumns } from '../domain/member-profile';
import { assertMayJoin } from '../domain/membership-limit';
import { isCurrent, transition } from '../domain/membership-status';
import { getProjectedAccount, lockAccount, upsertAccount } from '../store/accounts';
import type { Tx } from '../store/db';
import { openRecordSavepoint, releaseRecordSavepoint, rollBackToRecordSavepoint } from '../store/import-savepoints';
import { countRunningMemberships, createMembership, findMembership, findMembershipByExternalId, updateMembership } from '../store/memberships';
import { holdLiveOrganization } from '../store/organisations';
import { snapshotOf } from './attach-member';

/**
 * Applies a chunk record by record in the caller's transaction, each behind a savepoint (a record
 * that fails leaves nothing behind, the others stay), reading the rows each record needs just
 * before writing it: about ten statements a record. The path of a chunk whose bulk writes met a
 * concurrent writer (a unique violation), where each record must see what the other writer did.
 */
export async function applyChunkOneByOne(deps: OrganisationDeps, tx: Tx, chunk: ImportChunk): Promise<ImportOutcome[]> {
  if (!(await holdLiveOrganization(tx, chunk.orgId))) throw organizationNotFound();
  const done: ImportOutcome[] = [];
  for (const { entry, found } of chunk.records) {
    if (!entry.record) {
      done.push(failedImport(entry.problem ?? 'invalid record'));
      continue;
    }
    await openRecordSavepoint(tx);
    try {
      const outcome = await applyRecord(deps, tx, chunk, entry.record, found);
      await releaseRecordSavepoint(tx);
      done.push(outcome);
    } catch (err) {
      if (!(err instanceof PlatformError) && !isUniqueViolation(err)) throw err;
      await rollBackToRecordSavepoint(tx);
      done.push(failedImport(err instanceof PlatformError ? err.message : 'another record took this externalId or account at the same time'));
    }
  }
  return done;
}

async function applyRecord(deps: OrganisationDeps, tx: Tx, chunk: ImportChunk, record: ImportRecord, found: FoundAccount): Promise<ImportOutcome> {
  const now = deps.now();
  let current = await findMembershipByExternalId(tx, chunk.orgId, record.externalId);
  if (!current) {
    if (!found || found instanceof Error) return failedImport(`the account could not be found or created: ${found?.message ?? 'unknown'}`);
    if (found.account.userType === 'SYSTEM') return failedImport('this email belongs to a platform staff account, which cannot be a member');
    await upsertAccount(tx, snapshotOf(found.account, now));
    current = await findMembership(tx, chunk.orgId, found.account.id);
    if (current?.externalId) return samePersonAs(found.account.id, current.externalId);
  }
  const accountId = current?.accountId ?? (found as { account: identityV1.Account }).account.id;
  const account = await getProjectedAccount(tx, accountId);

  const target = importedRoleAndStatus(current ? { role: current.role.name, status: current.status } : undefined, record);
  const role = chunk.roles.get(target.role);
  if (!role) throw new Error(`organisation ${chunk.orgId} has no ${target.role} role`);
  const { overrides, profile, wanted, registeredAt } = importedValues(record, account);
  const { externalId } = record;

  if (!current) {
    const next = transition('INACTIVE', { kind: 'set-status', status: target.status });
    if (next.restarts) {
      await lockAccount(tx, accountId);
      assertMayJoin(chunk.limit, await countRunningMemberships(tx, accountId));
    }
    const created = await createMembership(tx, {
      organizationId: chunk.orgId,
      accountId,
      roleId: role.id,
      status: target.status,
      ...overrides,
      ...listColumns(account, overrides),
      ...profile,
      joinedAt: now,
      endedAt: isCurrent(target.status) ? null : now,
      createdAt: registeredAt ?? now,
      importHash: importHash(wanted),
    });
    await deps.messages.membershipChanged(tx, {
      accountId,
      organizationId: chunk.orgId,
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
    assertMayJoin(chunk.limit, await countRunningMemberships(tx, accountId));
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
    await deps.messages.membershipChanged(tx, {
      accountId,
      organizationId: chunk.orgId,
      role: updated.role.name,
      status: updated.status,
      previousStatus: current.status,
      previousRole: roleChanged ? current.role.name : '',
      occurredAt: now,
    });
  }
  return { action: decision.action === 'CONFLICT' ? 'CONFLICT' : 'UPDATE', userId: accountId, error: '' };
}
