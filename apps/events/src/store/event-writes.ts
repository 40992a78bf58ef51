import type { EventFields } from '../domain/event-input';
import type { Db, Tx } from './db';
import { eventData, type EventRow } from './events';

/** A new DRAFT event of the organisation. */
export function createDraftEvent(db: Db, organizationId: string, fields: EventFields): Promise<EventRow> {
  return db.event.create({ data: { organizationId, ...eventData(fields), status: 'DRAFT' } });
}

/** New DRAFT events of the organisation in one statement, answered in their order. */
export function createDraftEvents(db: Db, organizationId: string, events: readonly EventFields[]): Promise<EventRow[]> {
  return db.event.createManyAndReturn({ data: events.map((fields) => ({ organizationId, ...eventData(fields), status: 'DRAFT' })) });
}

/** A full replacement of the event's writable fields (row locked by the caller). */
export function replaceEventFields(tx: Tx, id: string, fields: EventFields): Promise<EventRow> {
  return tx.event.update({ where: { id }, data: eventData(fields) });
}

/** The event published (`status`: its transition's answer) at `publishedAt`, no longer awaiting review (row locked by the caller). */
export function markEventPublished(tx: Tx, id: string, status: string, publishedAt: Date): Promise<EventRow> {
  return tx.event.update({ where: { id }, data: { status, publishedAt, needsReview: false } });
}

/** The event cancelled (`status`: its transition's answer) for `reason` (row locked by the caller). */
export function markEventCancelled(tx: Tx, id: string, status: string, reason: string): Promise<EventRow> {
  return tx.event.update({ where: { id }, data: { status, cancellationReason: reason } });
}

/** A soft delete: the event is kept, marked deleted at `deletedAt` (row locked by the caller). */
export function softDeleteEvent(tx: Tx, id: string, deletedAt: Date): Promise<EventRow> {
  return tx.event.update({ where: { id }, data: { deletedAt } });
}
