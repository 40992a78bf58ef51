/** One event of an iCalendar feed (RFC 5545), as the public page lists it. */
export interface CalendarEvent {
  uid: string;
  /** The platform's event id, from the UID `<eventId>@events.…` (decision 0151). */
  eventId?: string;
  summary: string;
  /** ISO 8601 (UTC for date-times; `YYYY-MM-DD` for all-day events). */
  start: string;
  end?: string;
  allDay: boolean;
  location?: string;
  description?: string;
  url?: string;
  cancelled: boolean;
}

/** Content lines with folded continuations joined (RFC 5545 §3.1). */
function unfold(text: string): string[] {
  return text
    .replace(/\r\n/g, '\n')
    .replace(/\n[ \t]/g, '')
    .split('\n');
}

function unescape(value: string): string {
  return value.replace(/\\([\\;,nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
}

/** `20300401T180000Z` → ISO UTC; `20300401` → `2030-04-01`; a floating or TZID time as written (no zone known). */
function parseTime(value: string, params: string): { iso: string; allDay: boolean } | undefined {
  const m = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})(Z)?)?$/.exec(value.trim());
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s, z] = m;
  if (h === undefined || /VALUE=DATE(;|$)/i.test(params)) return { iso: `${y}-${mo}-${d}`, allDay: true };
  return { iso: `${y}-${mo}-${d}T${h}:${mi}:${s}${z ? 'Z' : ''}`, allDay: false };
}

/** The events of a calendar feed, soonest first; lines it does not know are skipped. */
export function parseCalendar(text: string): CalendarEvent[] {
  const events: CalendarEvent[] = [];
  let current: Partial<CalendarEvent> | undefined;
  for (const line of unfold(text)) {
    if (/^BEGIN:VEVENT$/i.test(line.trim())) {
      current = { allDay: false, cancelled: false };
      continue;
    }
    if (!current) continue;
    if (/^END:VEVENT$/i.test(line.trim())) {
      if (current.uid !== undefined && current.start) events.push({ summary: '', ...current } as CalendarEvent);
      current = undefined;
      continue;
    }
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const [name = '', ...paramList] = line.slice(0, colon).split(';');
    const params = paramList.join(';');
    const value = line.slice(colon + 1);
    switch (name.toUpperCase()) {
      case 'UID': {
        current.uid = value.trim();
        const id = /^([0-9a-f-]{36})@/i.exec(current.uid)?.[1];
        if (id) current.eventId = id;
        break;
      }
      case 'SUMMARY':
        current.summary = unescape(value);
        break;
      case 'DTSTART': {
        const time = parseTime(value, params);
        if (time) {
          current.start = time.iso;
          current.allDay = time.allDay;
        }
        break;
      }
      case 'DTEND':
        current.end = parseTime(value, params)?.iso;
        break;
      case 'LOCATION':
        current.location = unescape(value) || undefined;
        break;
      case 'DESCRIPTION':
        current.description = unescape(value) || undefined;
        break;
      case 'URL':
        current.url = value.trim() || undefined;
        break;
      case 'STATUS':
        current.cancelled = value.trim().toUpperCase() === 'CANCELLED';
        break;
    }
  }
  return events.sort((a, b) => a.start.localeCompare(b.start));
}

/** Events still to come (or running) at `now`: what the public page lists. */
export function upcoming(events: readonly CalendarEvent[], now: Date = new Date()): CalendarEvent[] {
  const today = now.toISOString().slice(0, 10);
  return events.filter((e) => {
    const end = e.end ?? e.start;
    return e.allDay || end.length === 10 ? end >= today : new Date(end).getTime() >= now.getTime();
  });
}
