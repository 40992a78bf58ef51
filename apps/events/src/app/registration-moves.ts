import type { EventsDeps } from '../deps';
import { hasPlace } from '../domain/registration-status';
import type { Tx } from '../store/db';
import type { EventRow } from '../store/events';
import { adjustCounts, oldestWaitlisted, setRegistrationStatus, type RegistrationRow } from '../store/registrations';
import { registrationFacts } from './registration-facts';

type Deps = Pick<EventsDeps, 'messages'>;

/** Count changes of a status change: CONFIRMED and WAITLISTED are counted on the event row. */
export function countDelta(from: string | null, to: string): { confirmed: number; waitlisted: number } {
  const of = (s: string | null) => ({ confirmed: s === 'CONFIRMED' ? 1 : 0, waitlisted: s === 'WAITLISTED' ? 1 : 0 });
  const a = of(from);
  const b = of(to);
  return { confirmed: b.confirmed - a.confirmed, waitlisted: b.waitlisted - a.waitlisted };
}

/**
 * Moves a registration to a status with the event row locked by the caller: the counts follow,
 * a confirmation sets confirmedAt and announces it (the confirmation email), a move to the waiting
 * list puts it at the end of the queue (waitlistedAt), a cancellation sets cancelledAt and
 * announces it (a registration reopened by an administrator loses its cancelledAt). Answers the
 * updated registration and event.
 */
export async function moveRegistration(
  deps: Deps,
  tx: Tx,
  event: EventRow,
  reg: RegistrationRow,
  to: string,
  now: Date,
  why: { promoted?: boolean; eventCancelled?: boolean; reason?: string } = {},
): Promise<{ registration: RegistrationRow; event: EventRow }> {
  const registration = await setRegistrationStatus(tx, reg.id, {
    status: to,
    ...(to === 'CONFIRMED' ? { confirmedAt: now } : {}),
    ...(to === 'WAITLISTED' ? { waitlistedAt: now } : {}),
    cancelledAt: to === 'CANCELLED' ? now : null,
  });
  const delta = countDelta(reg.status, to);
  const updated = delta.confirmed !== 0 || delta.waitlisted !== 0 ? await adjustCounts(tx, event.id, delta) : event;
  if (to === 'CONFIRMED') {
    await deps.messages.registrationConfirmed(tx, { registration: registrationFacts(updated, registration), promoted: why.promoted ?? false, occurredAt: now });
  }
  if (to === 'CANCELLED') {
    await deps.messages.registrationCancelled(tx, {
      registration: registrationFacts(updated, registration),
      eventCancelled: why.eventCancelled ?? false,
      reason: why.reason ?? '',
      occurredAt: now,
    });
  }
  return { registration, event: updated };
}

/**
 * Fills free places of a PUBLISHED event from its waiting list, longest-waiting first, at once
 * (each promoted registrant gets the confirmation email). `except` is left waiting: a registration
 * an administrator has just moved from CONFIRMED to WAITLISTED is not promoted straight back.
 * Answers the event after the moves.
 */
export async function promoteFromWaitingList(deps: Deps, tx: Tx, event: EventRow, now: Date, except?: string): Promise<EventRow> {
  let current = event;
  while (current.status === 'PUBLISHED' && current.waitlistedCount > 0 && hasPlace(current)) {
    const next = await oldestWaitlisted(tx, current.id, except);
    if (!next) break;
    current = (await moveRegistration(deps, tx, current, next, 'CONFIRMED', now, { promoted: true })).event;
  }
  return current;
}
