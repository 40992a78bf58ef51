import { importDecision, importHash, type ShowValue } from '@platform/imports';
import type { EventsDeps } from '../deps';
import type { EventFields } from '../domain/event-input';
import { eventData, type EventRow } from '../store/events';
import { createImportedEvent, findImportedEvent, recordImportHash, updateImportedEvent } from '../store/imported-events';

export interface UpsertRecord {
  externalId: string;
  fields: EventFields;
  status: string;
  needsReview: boolean;
  attendingCount: number;
  /** The source's own dates (post_date_gmt, post_modified_gmt): the event's createdAt and updatedAt. */
  sourceCreatedAt?: Date | undefined;
  sourceUpdatedAt?: Date | undefined;
}

export type UpsertAction = 'CREATE' | 'UPDATE' | 'SKIP' | 'CONFLICT';

const comparable = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object' && 'toFixed' in value && typeof (value as { toFixed: unknown }).toFixed === 'function') {
    // A stored NUMERIC (Prisma's Decimal) as canonical text, as the validated input has it ("12.5").
    return (value as { toFixed(): string }).toFixed();
  }
  return typeof value === 'object' ? JSON.stringify(sortedKeys(value)) : String(value);
};

/** jsonb does not keep key order: compare objects with their keys sorted. */
const sortedKeys = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((k) => [k, sortedKeys((value as Record<string, unknown>)[k])]),
  );
};

/**
 * How an imported column is fingerprinted: as it compares, with the events service's own completion of
 * an ended event (PUBLISHED → COMPLETED) not counted as a platform edit.
 */
const showImported: ShowValue = (value) => (value === 'COMPLETED' ? 'PUBLISHED' : comparable(value));

/** The columns of a record that differ from the stored event (none: SKIP). */
export function changedColumns(row: EventRow, data: Record<string, unknown>): string[] {
  const stored = row as unknown as Record<string, unknown>;
  return Object.keys(data).filter((k) => comparable(stored[k]) !== comparable(data[k]));
}

/**
 * One imported record, matched by externalId within the organisation: created when absent, updated
 * when the source changed it, skipped otherwise, CONFLICT when the platform changed it since its last
 * import too (the platform's copy is kept). Never announces anything (no outbox event): imports are
 * not news. The source's dates become the event's createdAt (on create) and updatedAt (on create and
 * update; absent: now). They are neither compared nor hashed: a new modification date alone is a SKIP
 * (docs/decisions/0153-source-dates-of-imports.md), and a write of the hash alone keeps the updatedAt the event has.
 */
export async function upsertEvent(deps: Pick<EventsDeps, 'db'>, organizationId: string, r: UpsertRecord): Promise<{ action: UpsertAction; eventId: string }> {
  const data = { ...eventData(r.fields), status: r.status, needsReview: r.needsReview, attendingCount: r.attendingCount };
  const updated = r.sourceUpdatedAt ? { updatedAt: r.sourceUpdatedAt } : {};
  return deps.db.$transaction(async (tx) => {
    const existing = await findImportedEvent(tx, organizationId, r.externalId);
    if (!existing) {
      const created = await createImportedEvent(tx, {
        organizationId,
        externalId: r.externalId,
        ...data,
        importHash: importHash(data, showImported),
        ...(r.sourceCreatedAt ? { createdAt: r.sourceCreatedAt } : {}),
        ...updated,
      });
      return { action: 'CREATE' as const, eventId: created.id };
    }
    const keepHash = (hash: string) => recordImportHash(tx, existing.id, hash, existing.updatedAt);
    if (changedColumns(existing, data).length === 0) {
      if (existing.importHash === null) await keepHash(importHash(data, showImported));
      return { action: 'SKIP' as const, eventId: existing.id };
    }
    // A platform edit since the last import is kept: SKIP while the source is unchanged, CONFLICT when it changed too.
    const decision = importDecision(existing as unknown as Record<string, unknown>, data, existing.importHash, showImported);
    if (decision.action === 'UPDATE') await updateImportedEvent(tx, existing.id, { ...data, importHash: decision.hash, ...updated });
    else if (decision.hash !== existing.importHash) await keepHash(decision.hash);
    return { action: decision.action, eventId: existing.id };
  });
}
