import { createHash } from 'node:crypto';
import { PlatformError } from '@platform/errors';

/**
 * The contract every import RPC shares (the connector's batch upserts into organisation, content,
 * events, documents and notifications): at most MAX_UPSERT_BATCH records a call, keyed by externalId,
 * each answered CREATE, UPDATE (a stored field differs), SKIP (nothing changed), CONFLICT (changed on
 * the platform since the last import and at the source too: the platform's copy is kept) or ERROR
 * (with the reason, the others still apply).
 */
export const MAX_UPSERT_BATCH = 500;

export type UpsertAction = 'CREATE' | 'UPDATE' | 'SKIP' | 'CONFLICT' | 'ERROR';

export interface UpsertResult {
  externalId: string;
  action: UpsertAction;
  id: string;
  error: string;
}

/** The answer of an upsert call: the results in the order sent, and the count of each action. */
export function upsertResponse(results: UpsertResult[]) {
  const count = (action: UpsertAction) => results.filter((r) => r.action === action).length;
  return { results, created: count('CREATE'), updated: count('UPDATE'), skipped: count('SKIP'), conflicts: count('CONFLICT'), failed: count('ERROR') };
}

/** Whether every field of `wanted` already has that value in `current` (dates by instant, arrays and JSON by value). */
export function unchanged(current: Record<string, unknown>, wanted: Record<string, unknown>): boolean {
  return Object.entries(wanted).every(([key, value]) => same(current[key], value));
}

function same(a: unknown, b: unknown): boolean {
  if (a instanceof Date || b instanceof Date) return a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : false;
  if ((a === null || a === undefined) && (b === null || b === undefined)) return true;
  if (typeof a === 'object' || typeof b === 'object') return canonical(a) === canonical(b);
  return a === b;
}

/** JSON with object keys sorted (jsonb answers its keys in its own order). */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([x], [y]) => x.localeCompare(y)))
      : v,
  );
}

/** How importHash shows one value (default: dates as ISO instants, nothing as null, objects as sorted JSON). */
export type ShowValue = (value: unknown) => unknown;

const showDefault: ShowValue = (value) => (value === undefined ? null : value instanceof Date ? value.toISOString() : value);

/**
 * The fingerprint of the imported fields of a row: sha256 of the named fields (keys sorted, values
 * shown by `show`). Stored with the row at every import write, it tells later imports whether the
 * platform changed those fields since (the row's fields no longer hash to it) and whether the
 * source did (what the source gives now no longer hashes to it), whatever else of the row changed.
 */
export function importHash(fields: Record<string, unknown>, show: ShowValue = showDefault, keys: readonly string[] = Object.keys(fields)): string {
  const shown = Object.fromEntries([...keys].sort().map((key) => [key, show(fields[key])]));
  return createHash('sha256').update(canonical(shown)).digest('hex');
}

/**
 * What an import does with a record it already holds (spec 4.11 step 6 and the CONFLICT of 7):
 * SKIP when the row already has the source's values, or when the source has not changed since the
 * last import (a platform edit is kept); CONFLICT when both changed (the platform's copy is kept);
 * UPDATE otherwise. A row without a stored hash (imported before hashes were kept) is updated when it
 * differs. `hash` is what to store with the row after an UPDATE, or after a SKIP whose values equal
 * the source's (both sides made the same change).
 */
export function importDecision(
  current: Record<string, unknown>,
  wanted: Record<string, unknown>,
  storedHash: string | null,
  show: ShowValue = showDefault,
): { action: 'UPDATE' | 'SKIP' | 'CONFLICT'; hash: string } {
  const keys = Object.keys(wanted);
  const hash = importHash(wanted, show, keys);
  const held = importHash(current, show, keys);
  if (held === hash) return { action: 'SKIP', hash };
  if (storedHash === null) return { action: 'UPDATE', hash };
  // The source gives what it gave last time: whatever the platform did since stays.
  if (hash === storedHash) return { action: 'SKIP', hash: storedHash };
  return held === storedHash ? { action: 'UPDATE', hash } : { action: 'CONFLICT', hash: storedHash };
}

/** The problem of a record's external id in its batch, if any (blank, too long, or sent twice). */
export function externalIdProblem(externalId: string, seen: Set<string>): string | undefined {
  if (externalId.trim() === '') return 'externalId is required';
  if (externalId.length > 100) return 'externalId must be at most 100 characters';
  if (seen.has(externalId)) return 'externalId appears twice in the batch';
  seen.add(externalId);
  return undefined;
}

/**
 * One import call: refuses more than MAX_UPSERT_BATCH records (400 naming `field`), runs the upsert,
 * and answers and logs the counts of each action (`<field> upserted`).
 */
export async function importBatch(
  field: string,
  records: readonly unknown[],
  log: { logger: { info(obj: object, msg: string): void }; context: Record<string, unknown> },
  run: () => Promise<UpsertResult[]>,
): Promise<ReturnType<typeof upsertResponse>> {
  if (records.length > MAX_UPSERT_BATCH) throw PlatformError.validation([{ field, message: `must have at most ${MAX_UPSERT_BATCH} records` }]);
  const response = upsertResponse(await run());
  const { created, updated, skipped, conflicts, failed } = response;
  log.logger.info({ ...log.context, created, updated, skipped, conflicts, failed }, `${field} upserted`);
  return response;
}
