import ical, { ICalEventStatus } from 'ical-generator';

/** What a calendar entry shows of an event. */
export interface CalendarEntry {
  id: string;
  title: string;
  description: string;
  status: string;
  startDate: Date;
  endDate: Date;
  isAllDay: boolean;
  location: string;
  url: string;
  updatedAt: Date;
}

/** Statuses a public calendar shows: cancelled events stay, marked CANCELLED, so subscribers see the cancellation. */
export const CALENDAR_STATUSES = ['PUBLISHED', 'CANCELLED', 'COMPLETED'] as const;

/** The stable UID of an event in every feed, so calendar apps update rather than duplicate it. */
export const calendarUid = (eventId: string): string => `${eventId}@events.association-platform`;

/** An RFC 5545 calendar of the events, times in UTC (DTSTART/DTEND with Z), cancelled ones STATUS:CANCELLED. */
export function calendarOf(name: string, entries: CalendarEntry[], now: Date): string {
  const calendar = ical({ name, prodId: { company: 'association-platform', product: 'events', language: 'EN' } });
  for (const e of entries) {
    calendar.createEvent({
      id: calendarUid(e.id),
      summary: e.title,
      description: e.description,
      start: e.startDate,
      end: e.endDate,
      allDay: e.isAllDay,
      location: e.location || null,
      url: e.url || null,
      stamp: now,
      lastModified: e.updatedAt,
      status: e.status === 'CANCELLED' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}
