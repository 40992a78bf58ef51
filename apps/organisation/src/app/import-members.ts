import { isUniqueViolation } from '@platform/db';
import { PlatformError } from '@platform/errors';
import type { CallContext } from '@platform/grpc-server';
import type { organisationV1 } from '@platform/proto';
import type { OrganisationDeps } from '../deps';
import { organizationNotFound } from '../domain/errors';
import { MAX_IMPORT_BATCH, type FoundAccount, type ImportAction, type ImportChunk, type ImportEntry, type ImportOutcome } from '../domain/member-import';
import type { Tx } from '../store/db';
import { findKnownExternalIds } from '../store/membership-batches';
import { findLiveOrganization, listRoles } from '../store/organisations';
import { applyChunkInBulk } from './import-members-in-bulk';
import { applyChunkOneByOne } from './import-members-one-by-one';

/**
 * Records applied in one transaction: a whole call. Set-based, the statements cost the same for 100
 * records as for 500 (measured: a quarter less CPU than a hundred a transaction); a concurrent writer
 * then sends all of them down the record-by-record path, which is rare and still well within the deadline.
 */
const RECORDS_PER_TRANSACTION = 500;
/** A chunk's transaction may take this long on a busy database. */
const CHUNK_TIMEOUT_MS = 60_000;

/**
 * The connector's import (UpsertMembers): each record creates or updates the membership with its
 * externalId, finding or creating the account by email (identity's EnsureAccounts, one call for the
 * batch: an existing account is attached, a new one has no password). Records are answered CREATE,
 * UPDATE, SKIP (nothing changed at the source), CONFLICT (the profile changed on the platform since
 * its last import and at the source too: the platform's is kept) or ERROR (the others still apply).
 * A record whose account (its address, whatever the case) is already the member of another
 * externalId is that person: SKIP with sameAsExternalId, nothing written (domain samePersonAs).
 * The call's records share a transaction, written set-based; when a concurrent writer took one of
 * their externalIds or accounts meanwhile, they are applied again record by record, each
 * behind a savepoint. Nothing is sent to anyone: only organisation.membership.changed is published
 * (the projections of identity and notifications need it), never an invitation or a profile change
 * (the source already knows).
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
  const accounts = await accountsOfNewRecords(deps, ctx, org.id, entries);

  const results: organisationV1.MemberUpsertResult[] = [];
  const used = new Set<string>();
  for (let start = 0; start < entries.length; start += RECORDS_PER_TRANSACTION) {
    const slice = entries.slice(start, start + RECORDS_PER_TRANSACTION);
    const chunk: ImportChunk = {
      orgId: org.id,
      roles,
      limit,
      records: slice.map((entry) => ({ entry, found: entry.record && accounts.get(entry.record.email) })),
    };
    const outcomes = await applyChunk(deps, chunk);
    outcomes.forEach((outcome, i) => {
      const found = chunk.records[i]?.found;
      if (outcome.action !== 'ERROR' && found && !(found instanceof Error)) used.add(found.account.id);
      results.push({ externalId: slice[i]?.externalId ?? '', ...outcome, sameAsExternalId: outcome.sameAsExternalId ?? '' });
    });
  }
  // Accounts created for records that then failed are discarded again (nothing else uses them).
  const discarded = new Set<string>();
  for (const found of accounts.values()) {
    if (!found || found instanceof Error || !found.created || used.has(found.account.id) || discarded.has(found.account.id)) continue;
    discarded.add(found.account.id);
    await deps.identity.discardCreatedAccount(found.account.id).catch((err: unknown) => {
      deps.logger.error({ err, accountId: found.account.id }, 'could not discard an account created for a failed import record');
    });
  }

  const count = (action: ImportAction) => results.filter((r) => r.action === action).length;
  const summary = { created: count('CREATE'), updated: count('UPDATE'), skipped: count('SKIP'), conflicts: count('CONFLICT'), failed: count('ERROR') };
  deps.logger.info({ organizationId: org.id, records: entries.length, ...summary }, 'members imported');
  return { results, ...summary };
}

/**
 * The accounts of the records whose externalId the organisation does not know yet, by email as
 * sent, found or created by identity in one call (an error for each when the call fails).
 */
async function accountsOfNewRecords(
  deps: OrganisationDeps,
  ctx: CallContext,
  orgId: string,
  entries: readonly ImportEntry[],
): Promise<Map<string, FoundAccount>> {
  const valid = entries.flatMap((entry) => (entry.record ? [entry.record] : []));
  const known = await findKnownExternalIds(
    deps.db,
    orgId,
    valid.map((r) => r.externalId),
  );
  const people = [...new Map(valid.filter((r) => !known.has(r.externalId)).map((r) => [r.email, r] as const)).values()];
  if (people.length === 0) return new Map();
  try {
    const answers = await deps.identity.ensureAccounts(people, ctx);
    return new Map(people.map((person, i) => [person.email, answers[i]]));
  } catch (err) {
    const failure = err instanceof Error ? err : new Error(String(err));
    return new Map(people.map((person) => [person.email, failure]));
  }
}

/** One chunk in its own transaction: set-based, or record by record when a concurrent writer got in the way. */
async function applyChunk(deps: OrganisationDeps, chunk: ImportChunk): Promise<ImportOutcome[]> {
  const inTransaction = (apply: (deps: OrganisationDeps, tx: Tx, chunk: ImportChunk) => Promise<ImportOutcome[]>) =>
    deps.db.$transaction((tx) => apply(deps, tx, chunk), { timeout: CHUNK_TIMEOUT_MS, maxWait: CHUNK_TIMEOUT_MS });
  try {
    return await inTransaction(applyChunkInBulk);
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    deps.logger.info(
      { organizationId: chunk.orgId, records: chunk.records.length },
      'a concurrent writer took an externalId or account of the chunk: applying it record by record',
    );
    return inTransaction(applyChunkOneByOne);
  }
}
