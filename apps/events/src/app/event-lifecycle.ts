import { PlatformError } from '@platform/errors';
import type { EventsDeps } from '../deps';
import { eventNotFound } from '../domain/errors';
import { eventTransition } from '../domain/event-status';
import { LOCKING_TX } from '../store/db';
import { markEventCancelled, markEventPublished, softDeleteEvent } from '../store/event-writes';
import { lockEvent, type EventRow } from '../store/events';
import { liveRegistrations, pendingCount } from '../store/registrations';
import { locationOf } from './registration-facts';
import { moveRegistration } from './registration-moves';

export interface EventRef {
  organizationId: string;
  eventId: string;
}

/** DRAFT → PUBLISHED, announced in the same transaction (the members' push and inbox entry follow). */
export async function publishEvent(deps: EventsDeps, ref: EventRef, publishedBy: string): Promise<EventRow> {
  return deps.db.$transaction(async (tx) => {
    const event = await lockEvent(tx, ref.organizationId, ref.eventId);
    if (!event) throw eventNotFound();
    const status = eventTransition(event.status, 'publish');
    const now = deps.now();
    const updated = await markEventPublished(tx, event.id, status, now);
    await deps.messages.eventPublished(tx, {
      eventId: updated.id,
      organizationId: updated.organizationId,
      title: updated.title,
      startDate: updated.startDate.toISOString(),
      location: locationOf(updated),
      publishedBy,
      occurredAt: now,
    });
    return updated;
  }, LOCKING_TX);
}

/**
 * → CANCELLED with the reason; every live registration becomes CANCELLED in the same transaction,
 * each announced with the reason (its registrant's email).
 */
export async function cancelEvent(deps: EventsDeps, ref: EventRef, reason: string): Promise<EventRow> {
  return deps.db.$transaction(
    async (tx) => {
      const event = await lockEvent(tx, ref.organizationId, ref.eventId);
      if (!event) throw eventNotFound();
      const status = eventTransition(event.status, 'cancel');
      const now = deps.now();
      let current = await markEventCancelled(tx, event.id, status, reason);
      const live = await liveRegistrations(tx, event.id);
      for (const reg of live) {
        current = (await moveRegistration(deps, tx, current, reg, 'CANCELLED', now, { eventCancelled: true, reason })).event;
      }
      await deps.messages.eventCancelled(tx, {
        eventId: current.id,
        organizationId: current.organizationId,
        title: current.title,
        reason,
        registrationsCancelled: live.length,
        occurredAt: now,
      });
      return current;
    },
    { ...LOCKING_TX, timeout: 120_000 },
  );
}

/**
 * A soft delete. A PUBLISHED event with live registrations is 409: cancelling it first tells
 * the registrants (a deleted event would leave them registered for nothing, unaware).
 */
export async function deleteEvent(deps: EventsDeps, ref: EventRef): Promise<void> {
  await deps.db.$transaction(async (tx) => {
    const event = await lockEvent(tx, ref.organizationId, ref.eventId);
    if (!event) throw eventNotFound();
    if (event.status === 'PUBLISHED' && event.confirmedCount + event.waitlistedCount + (await pendingCount(tx, event.id)) > 0) {
      throw PlatformError.conflict('The event has live registrations: cancel it first, so its registrants are told');
    }
    await softDeleteEvent(tx, event.id, deps.now());
  }, LOCKING_TX);
}
