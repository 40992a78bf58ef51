import type { eventLifecycleV1 } from '@platform/proto';
import type { EventRow } from '../store/events';
import type { RegistrationRow } from '../store/registrations';

/** Where the event takes place, in one line for emails: venue and city, or "Online". */
export function locationOf(e: Pick<EventRow, 'venueName' | 'address' | 'isVirtual' | 'eventType'>): string {
  const city = (e.address as { city?: string } | null)?.city ?? '';
  const place = [e.venueName, city].filter((p) => p.trim() !== '').join(', ');
  if (place) return place;
  return e.isVirtual || e.eventType === 'VIRTUAL' ? 'Online' : '';
}

/** What the messages about a registration say about it, its registrant and its event. */
export function registrationFacts(e: EventRow, r: RegistrationRow): eventLifecycleV1.RegistrationFacts {
  return {
    registrationId: r.id,
    eventId: e.id,
    organizationId: e.organizationId,
    userId: r.userId,
    email: r.email,
    firstName: r.firstName,
    lastName: r.lastName,
    eventTitle: e.title,
    eventStartDate: e.startDate.toISOString(),
    eventLocation: locationOf(e),
  };
}
