import { PlatformError } from '@platform/errors';
import type { EventsDeps } from '../deps';
import { changedEventFields, eventDetails } from '../domain/event-changes';
import { eventNotFound, invalidTransition } from '../domain/errors';
import type { EventFields } from '../domain/event-input';
import { isEditable } from '../domain/event-status';
import { LOCKING_TX } from '../store/db';
import { replaceEventFields } from '../store/event-writes';
import { lockEvent, type EventRow } from '../store/events';
import type { EventRef } from './event-lifecycle';
import { promoteFromWaitingList } from './registration-moves';

/**
 * A full replacement of the fields, with the event row locked; a raised maxAttendees fills the new
 * places from the waiting list at once. An edit that changed something is announced
 * (events.event.updated) in the same transaction. Answers the event after the promotions.
 */
export async function updateEvent(deps: EventsDeps, ref: EventRef, fields: EventFields, updatedBy: string): Promise<EventRow> {
  return deps.db.$transaction(async (tx) => {
    const event = await lockEvent(tx, ref.organizationId, ref.eventId);
    if (!event) throw eventNotFound();
    if (!isEditable(event.status)) throw invalidTransition('A ' + event.status + ' event', event.status, 'edited');
    if (fields.maxAttendees !== undefined && fields.maxAttendees < event.confirmedCount) {
      throw PlatformError.validation([{ field: 'maxAttendees', message: `must be at least the ${event.confirmedCount} confirmed registrations` }]);
    }
    const updated = await replaceEventFields(tx, event.id, fields);
    const now = deps.now();
    const changedFields = changedEventFields(event, updated);
    if (changedFields.length > 0) {
      await deps.messages.eventUpdated(tx, {
        eventId: event.id,
        organizationId: event.organizationId,
        changedFields,
        event: eventDetails(updated),
        updatedBy,
        occurredAt: now,
      });
    }
    return promoteFromWaitingList(deps, tx, updated, now);
  }, LOCKING_TX);
}
