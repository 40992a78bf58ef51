/** Where and how dates are shown: the viewer's own locale and timezone unless a test names them. */
export interface DisplayZone {
  locale?: string;
  timeZone?: string;
}

const valid = (iso: string | null | undefined): Date | undefined => {
  if (!iso) return undefined;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? undefined : date;
};

/** A moment as the viewer reads it ("1 Apr 2030, 20:00"), or "" when there is none. */
export function formatDateTime(iso: string | null | undefined, zone: DisplayZone = {}): string {
  const date = valid(iso);
  return date ? new Intl.DateTimeFormat(zone.locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: zone.timeZone }).format(date) : '';
}

/** A day as the viewer reads it ("1 Apr 2030"), or "". */
export function formatDate(iso: string | null | undefined, zone: DisplayZone = {}): string {
  const date = valid(iso);
  return date ? new Intl.DateTimeFormat(zone.locale, { dateStyle: 'medium', timeZone: zone.timeZone }).format(date) : '';
}

/**
 * When an event takes place, as one range ("Tue 1 Apr 2030, 20:00 – 22:00"; across days both
 * dates); an all-day event by its days only. Without a valid end, the start alone.
 */
export function formatEventWhen(start: string | null | undefined, end: string | null | undefined, allDay = false, zone: DisplayZone = {}): string {
  const from = valid(start);
  if (!from) return '';
  const options: Intl.DateTimeFormatOptions = allDay
    ? { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: zone.timeZone }
    : { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: zone.timeZone };
  const format = new Intl.DateTimeFormat(zone.locale, options);
  const to = valid(end);
  return to && to.getTime() > from.getTime() ? format.formatRange(from, to) : format.format(from);
}

/** A file's size in the viewer's words ("12 kB", "1.5 MB"). */
export function formatFileSize(bytes: number | string | null | undefined, locale?: string): string {
  const size = Number(bytes);
  if (!Number.isFinite(size) || size < 0) return '';
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = size;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: units[unit],
    unitDisplay: unit === 0 ? 'long' : 'short',
    maximumFractionDigits: value < 10 && unit > 0 ? 1 : 0,
  }).format(value);
}

/** An amount in its currency ("€12.50"), or "" without a currency or amount. */
export function formatMoney(amount: number | null | undefined, currency: string | null | undefined, locale?: string): string {
  if (amount === null || amount === undefined || !currency) return '';
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount);
  } catch {
    return `${amount} ${currency}`;
  }
}

/** Today's date (YYYY-MM-DD) in the viewer's timezone: the `from` of "events from today on". */
export function todayIn(now: Date = new Date(), timeZone?: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}
