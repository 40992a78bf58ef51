import { isUniqueViolation } from '@platform/db';
import type { EventsDeps } from '../deps';
import { alreadyRegistered, eventNotFound, invalidTransition, registrationNotFound } from '../domain/errors';
import { changeStatus, type RegistrationStatus } from '../domain/registration-status';
import { LOCKING_TX } from '../store/db';
import { lockEvent } from '../store/events';
import { findLiveRegistration, findRegistration, type RegistrationRow } from '../store/registrations';
import { moveRegistration, promoteFromWaitingList } from './registration-moves';

export interface RegistrationRef {
  organizationId: string;
  eventId: string;
  registrationId: string;
}

/**
 * DELETE of a registration: it becomes CANCELLED (kept, for the record), and when it held a place
 * the longest-waiting registration is promoted at once. `mayCancel` decides whether the caller may
 * touch this registration (members only their own); one they may not is answered 404 like a
 * missing one. A registration already cancelled stays so (the DELETE is idempotent); one of an
 * event that is over stays as it was (409: the record of who attended does not change afterwards).
 */
export async function cancelRegistration(deps: EventsDeps, ref: RegistrationRef, mayCancel: (r: RegistrationRow) => boolean): Promise<void> {
  await deps.db.$transaction(async (tx) => {
    const event = await lockEvent(tx, ref.organizationId, ref.eventId);
    if (!event) throw eventNotFound();
    const reg = await findRegistration(tx, ref.organizationId, ref.eventId, ref.registrationId);
    if (!reg || !mayCancel(reg)) throw registrationNotFound();
    if (reg.status === 'CANCELLED') return;
    if (event.status === 'COMPLETED') throw invalidTransition('A registration of a COMPLETED event', reg.status, 'CANCELLED');
    const now = deps.now();
    const moved = await moveRegistration(deps, tx, event, reg, 'CANCELLED', now);
    if (reg.status === 'CONFIRMED') await promoteFromWaitingList(deps, tx, moved.event, now);
  }, LOCKING_TX);
}

/**
 * PATCH status by an administrator (see changeStatus for the table). Registrations of a cancelled
 * or completed event no longer change (409). A freed place goes to the waiting list at once, but
 * not back to the registration an administrator has just moved from CONFIRMED to WAITLISTED.
 * Reopening a CANCELLED registration of a member who has registered again meanwhile is 409.
 */
export async function changeRegistrationStatus(deps: EventsDeps, ref: RegistrationRef, to: RegistrationStatus): Promise<RegistrationRow> {
  try {
    return await deps.db.$transaction(async (tx) => {
      const event = await lockEvent(tx, ref.organizationId, ref.eventId);
      if (!event) throw eventNotFound();
      const reg = await findRegistration(tx, ref.organizationId, ref.eventId, ref.registrationId);
      if (!reg) throw registrationNotFound();
      if (event.status === 'CANCELLED' || event.status === 'COMPLETED')
        throw invalidTransition('A registration of a ' + event.status + ' event', reg.status, to);
      const change = changeStatus(reg.status as RegistrationStatus, to, event);
      if (!change.changed) return reg;
      if (reg.status === 'CANCELLED' && (await findLiveRegistration(tx, reg.organizationId, reg.eventId, reg.userId))) throw alreadyRegistered();
      const now = deps.now();
      const moved = await moveRegistration(deps, tx, event, reg, to, now);
      if (change.freesPlace) await promoteFromWaitingList(deps, tx, moved.event, now, to === 'WAITLISTED' ? reg.id : undefined);
      return moved.registration;
    }, LOCKING_TX);
  } catch (err) {
    if (isUniqueViolation(err)) throw alreadyRegistered();
    throw err;
  }
}
