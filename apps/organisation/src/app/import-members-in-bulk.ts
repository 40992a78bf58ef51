import type { OrganisationDeps } from '../deps';
import { organizationNotFound } from '../domain/errors';
import { isCurrent } from '../domain/membership-status';
import type { ImportChunk, ImportOutcome } from '../domain/member-import';
import { planImportChunk, type ChunkFacts } from '../domain/member-import-plan';
import { findProjectedAccounts, lockAccounts, upsertAccounts } from '../store/accounts';
import type { Tx } from '../store/db';
import { countRunningMembershipsOf, createMemberships, findMembersForImport, updateImportedMemberships } from '../store/membership-batches';
import { holdLiveOrganization } from '../store/organisations';
import { snapshotOf } from './attach-member';

/**
 * Applies a chunk set-based in the caller's transaction, with the same outcomes as record by record
 * (domain/member-import-plan.ts decides them): a few reads for the whole chunk, the accounts of new
 * members projected in one statement, the running memberships counted for the limit under the
 * accounts' locks, then one insert of the new memberships, one update per kind of change and one
 * outbox insert. A concurrent writer that took one of the chunk's externalIds or accounts makes a
 * write fail with a unique violation: the caller then applies the chunk again record by record.
 */
export async function applyChunkInBulk(deps: OrganisationDeps, tx: Tx, chunk: ImportChunk): Promise<ImportOutcome[]> {
  const now = deps.now();
  if (!(await holdLiveOrganization(tx, chunk.orgId))) throw organizationNotFound();
  const externalIds = chunk.records.flatMap(({ entry }) => (entry.record ? [entry.record.externalId] : []));
  const accountOf = ({ found }: ImportChunk['records'][number]) =>
    found && !(found instanceof Error) && found.account.userType !== 'SYSTEM' ? [found.account] : [];
  const members = await findMembersForImport(
    tx,
    chunk.orgId,
    externalIds,
    chunk.records.flatMap(accountOf).map((account) => account.id),
  );
  // The accounts of records not known by their externalId, recorded (or refreshed) and locked before they are counted.
  const known = new Set(members.flatMap((m) => (m.externalId ? [m.externalId] : [])));
  const joining = chunk.records.filter(({ entry }) => entry.record && !known.has(entry.record.externalId)).flatMap(accountOf);
  await upsertAccounts(
    tx,
    joining.map((account) => snapshotOf(account, now)),
  );
  const accountIds = new Set([...members.map((m) => m.accountId), ...joining.map((account) => account.id)]);
  const read: Omit<ChunkFacts, 'running'> = { now, members, accounts: await findProjectedAccounts(tx, [...accountIds]) };

  // The limit counts the running memberships of accounts that may start one, under their locks: new
  // members' (the upsert locked them) and ended members'. The plan asks for any other it meets.
  let running = new Map<string, number>();
  if (chunk.limit !== undefined) {
    const ended = [...new Set(members.filter((m) => !isCurrent(m.status)).map((m) => m.accountId))];
    await lockAccounts(tx, ended);
    running = await countRunningMembershipsOf(tx, [...new Set([...joining.map((account) => account.id), ...ended])]);
  }
  let plan = planImportChunk(chunk, { ...read, running });
  while (plan.uncounted.length > 0) {
    await lockAccounts(tx, plan.uncounted);
    running = new Map([...running, ...(await countRunningMembershipsOf(tx, plan.uncounted))]);
    plan = planImportChunk(chunk, { ...read, running });
  }

  await createMemberships(tx, chunk.orgId, plan.creates);
  await updateImportedMemberships(tx, plan.updates);
  await deps.messages.membershipsChanged(
    tx,
    plan.changes.map((change) => ({ ...change, organizationId: chunk.orgId, occurredAt: now })),
  );
  return plan.outcomes;
}
