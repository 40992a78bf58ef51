import { calendarOf, type CalendarEntry } from './calendar';

const entry = (overrides: Partial<CalendarEntry> = {}): CalendarEntry => ({
  id: '6f1c1b0e-7a39-4a53-9a57-7d7f3cb1b001',
  title: 'Annual meeting, with dinner; bring friends',
  description: 'All members',
  status: 'PUBLISHED',
  startDate: new Date('2030-03-14T18:00:00+02:00'),
  endDate: new Date('2030-03-14T20:00:00+02:00'),
  isAllDay: false,
  location: 'Town Hall, Ghent',
  url: 'https://app.example.org/events/1',
  updatedAt: new Date('2030-01-01T00:00:00Z'),
  ...overrides,
});

describe('the calendar feed (RFC 5545)', () => {
  const ics = calendarOf('Org events', [entry(), entry({ id: 'b', status: 'CANCELLED', title: 'Boat trip' })], new Date('2029-12-01T00:00:00Z'));

  it('is one VCALENDAR with a VEVENT per event, lines ending in CRLF', () => {
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(ics.trimEnd().endsWith('END:VCALENDAR')).toBe(true);
  });

  it('writes times in UTC and escapes text', () => {
    expect(ics).toContain('DTSTART:20300314T160000Z');
    expect(ics).toContain('DTEND:20300314T180000Z');
    expect(ics).toContain('SUMMARY:Annual meeting\\, with dinner\\; bring friends');
  });

  it('marks a cancelled event CANCELLED and the others CONFIRMED, with stable UIDs', () => {
    expect(ics).toContain('STATUS:CANCELLED');
    expect(ics).toContain('STATUS:CONFIRMED');
    expect(ics).toContain('UID:6f1c1b0e-7a39-4a53-9a57-7d7f3cb1b001@events.association-platform');
  });
});
