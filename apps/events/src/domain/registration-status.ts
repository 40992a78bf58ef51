import { eventFull } from './errors';

export const REGISTRATION_STATUSES = ['PENDING', 'CONFIRMED', 'WAITLISTED', 'CANCELLED'] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];
export const isRegistrationStatus = (value: string): value is RegistrationStatus => (REGISTRATION_STATUSES as readonly string[]).includes(value);

/** Statuses that hold a registration open (the one-per-user rule counts these). */
export const LIVE_STATUSES: readonly RegistrationStatus[] = ['PENDING', 'CONFIRMED', 'WAITLISTED'];

export interface Capacity {
  maxAttendees: number | null;
  confirmedCount: number;
  waitingListEnabled: boolean;
}

export const hasPlace = (c: Capacity): boolean => c.maxAttendees === null || c.confirmedCount < c.maxAttendees;

/**
 * A new registration (spec 3): CONFIRMED while a place is free, WAITLISTED when the event is at
 * capacity and has a waiting list, else 409 EVENT_FULL (thrown by the caller on 'full').
 */
export function statusOnRegister(c: Capacity): 'CONFIRMED' | 'WAITLISTED' | 'full' {
  if (hasPlace(c)) return 'CONFIRMED';
  return c.waitingListEnabled ? 'WAITLISTED' : 'full';
}

export interface StatusChange {
  to: RegistrationStatus;
  /** A place is taken (→ CONFIRMED from another status). */
  takesPlace: boolean;
  /** A place is freed (CONFIRMED → another status): the longest-waiting registration moves up. */
  freesPlace: boolean;
  changed: boolean;
}

/**
 * PATCH status by an administrator (spec 3: any → the given status), with one limit: confirming
 * needs a free place (409 EVENT_FULL otherwise, the spec's "a place opened"). A CANCELLED
 * registration may be reopened too (the one-live-registration rule still holds: 409 when the
 * member has registered again meanwhile). The same status is no change.
 */
export function changeStatus(from: RegistrationStatus, to: RegistrationStatus, c: Capacity): StatusChange {
  if (from === to) return { to, takesPlace: false, freesPlace: false, changed: false };
  const takesPlace = to === 'CONFIRMED';
  if (takesPlace && !hasPlace(c)) throw eventFull();
  return { to, takesPlace, freesPlace: from === 'CONFIRMED', changed: true };
}
