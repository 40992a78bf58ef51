import { PlatformError } from '@platform/errors';

/**
 * The contract every import RPC shares (the connector's batch upserts into organisation, content,
 * events and documents): at most MAX_UPSERT_BATCH records a call, keyed by externalId, each answered
 * CREATE, UPDATE (a stored field differs), SKIP (nothing changed) or ERROR (with the reason, the
 * others still apply).
 */
export const MAX_UPSERT_BATCH = 500;

export type UpsertAction = 'CREATE' | 'UPDATE' | 'SKIP' | 'ERROR';

export interface UpsertResult {
  externalId: string;
  action: UpsertAction;
  id: string;
  error: string;
}

/** The answer of an upsert call: the results in the order sent, and the count of each action. */
export function upsertResponse(results: UpsertResult[]) {
  const count = (action: UpsertAction) => results.filter((r) => r.action === action).length;
  return { results, created: count('CREATE'), updated: count('UPDATE'), skipped: count('SKIP'), failed: count('ERROR') };
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
  const { created, updated, skipped, failed } = response;
  log.logger.info({ ...log.context, created, updated, skipped, failed }, `${field} upserted`);
  return response;
}
