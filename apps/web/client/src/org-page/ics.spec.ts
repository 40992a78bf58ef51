import { parseCalendar, upcoming } from './ics';

const FEED = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//x//y//EN',
  'BEGIN:VEVENT',
  'UID:0b7c2f1e-58a4-4d3b-9c6e-2f0a1b3c4d5e@events.association-platform',
  'SEQUENCE:0',
  'DTSTAMP:20300101T000000Z',
  'DTSTART:20300401T180000Z',
  'DTEND:20300401T200000Z',
  'SUMMARY:Spring meeting\\, with drinks',
  'LOCATION:Town Hall\\, Ghent',
  'DESCRIPTION:All members welcome\\nBring a fri',
  ' end',
  'URL;VALUE=URI:https://x.example/r',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:other@elsewhere',
  'DTSTART;VALUE=DATE:20290301',
  'SUMMARY:Old fair',
  'STATUS:CANCELLED',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'SUMMARY:No start, skipped',
  'UID:z',
  'END:VEVENT',
  'END:VCALENDAR',
].join('\r\n');

describe('parseCalendar', () => {
  it('reads the events of a feed, soonest first, with escapes and folded lines', () => {
    const events = parseCalendar(FEED);
    expect(events).toEqual([
      { uid: 'other@elsewhere', summary: 'Old fair', start: '2029-03-01', allDay: true, cancelled: true },
      {
        uid: '0b7c2f1e-58a4-4d3b-9c6e-2f0a1b3c4d5e@events.association-platform',
        eventId: '0b7c2f1e-58a4-4d3b-9c6e-2f0a1b3c4d5e',
        summary: 'Spring meeting, with drinks',
        start: '2030-04-01T18:00:00Z',
        end: '2030-04-01T20:00:00Z',
        allDay: false,
        location: 'Town Hall, Ghent',
        description: 'All members welcome\nBring a friend',
        url: 'https://x.example/r',
        cancelled: false,
      },
    ]);
  });

  it('answers nothing for something that is no calendar', () => {
    expect(parseCalendar('')).toEqual([]);
    expect(parseCalendar('<html>not found</html>')).toEqual([]);
  });

  it('keeps the events still to come', () => {
    const events = parseCalendar(FEED);
    expect(upcoming(events, new Date('2029-03-01T12:00:00Z')).map((e) => e.summary)).toEqual(['Old fair', 'Spring meeting, with drinks']);
    expect(upcoming(events, new Date('2030-04-01T19:00:00Z')).map((e) => e.summary)).toEqual(['Spring meeting, with drinks']);
    expect(upcoming(events, new Date('2030-04-01T20:00:01Z'))).toEqual([]);
  });
});
