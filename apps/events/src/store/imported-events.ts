import type { Db } from './db';
import type { eventData, EventRow } from './events';

/** The columns an import writes from a source record: the event's fields, its status, review flag and attendance. */
export type ImportedColumns = ReturnType<typeof eventData> & { status: string; needsReview: boolean; attendingCount: number };

/** The live event of the organisation imported from the source record `externalId`. */
export function findImportedEvent(db: Db, organizationId: string, externalId: string): Promise<EventRow | null> {
  return db.event.findFirst({ where: { organizationId, externalId, deletedAt: null } });
}

/** A new event from a source record, with the hash of what was imported (and the source's own dates, when it has them). */
export function createImportedEvent(
  db: Db,
  data: ImportedColumns & { organizationId: string; externalId: string; importHash: string; createdAt?: Date; updatedAt?: Date },
): Promise<EventRow> {
  return db.event.create({ data });
}

/** The event takes the source record's columns and the hash of what was imported (and the source's modification date, when it has one). */
export function updateImportedEvent(db: Db, id: string, data: ImportedColumns & { importHash: string; updatedAt?: Date }): Promise<EventRow> {
  return db.event.update({ where: { id }, data });
}

/** Records the import hash alone, the event keeping the updatedAt it has (`updatedAt`). */
export function recordImportHash(db: Db, id: string, importHash: string, updatedAt: Date): Promise<EventRow> {
  return db.event.update({ where: { id }, data: { importHash, updatedAt } });
}
