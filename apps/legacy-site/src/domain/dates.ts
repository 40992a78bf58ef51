/**
 * The CMS's date conventions: `YYYY-MM-DD HH:MM:SS` strings, GMT ones and local ones that differ by the
 * site's fixed UTC offset, and "local Unix milliseconds" (the local wall-clock time read as if UTC)
 * for event and conference times.
 */

const OFFSET_RE = /^([+-])(\d{2}):?(\d{2})$/;

/** Parses a fixed UTC offset (`+10:00`, `-0530`, `Z`, `UTC`) into minutes east of UTC. */
export function parseUtcOffset(text: string): number {
  const trimmed = text.trim();
  if (trimmed === 'Z' || trimmed.toUpperCase() === 'UTC') return 0;
  const m = OFFSET_RE.exec(trimmed);
  if (!m) throw new Error(`not a UTC offset: ${text}`);
  const hours = Number(m[2]);
  const minutes = Number(m[3]);
  if (hours > 14 || minutes > 59) throw new Error(`not a UTC offset: ${text}`);
  return (m[1] === '-' ? -1 : 1) * (hours * 60 + minutes);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `YYYY-MM-DD HH:MM:SS` of an instant, read in UTC (the CMS's `*_gmt` fields). */
export function formatCmsDate(date: Date): string {
  return (
    `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`
  );
}

/** `YYYY-MM-DD HH:MM:SS` of an instant in the site's local time (the CMS's `post_date`, `post_modified`). */
export function formatLocalCmsDate(date: Date, offsetMinutes: number): string {
  return formatCmsDate(new Date(date.getTime() + offsetMinutes * 60_000));
}

const CMS_DATE_RE = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/;

/** Reads a `YYYY-MM-DD HH:MM:SS` GMT string. */
export function parseCmsDate(text: string): Date {
  const m = CMS_DATE_RE.exec(text);
  if (!m) throw new Error(`not a CMS date: ${text}`);
  const [y = 0, mo = 1, d = 1, h = 0, mi = 0, s = 0] = m.slice(1).map(Number);
  return new Date(Date.UTC(y, mo - 1, d, h, mi, s));
}

/** Local wall-clock milliseconds (as the plugin stores event times) of a UTC instant. */
export function toLocalMillis(date: Date, offsetMinutes: number): number {
  return date.getTime() + offsetMinutes * 60_000;
}

/** The UTC instant of local wall-clock milliseconds. */
export function fromLocalMillis(localMillis: number, offsetMinutes: number): Date {
  return new Date(localMillis - offsetMinutes * 60_000);
}

/** ISO 8601 with the site's offset: `2025-03-14T09:00:00+10:00`. */
export function formatIsoLocal(date: Date, offsetMinutes: number): string {
  const local = new Date(date.getTime() + offsetMinutes * 60_000).toISOString().slice(0, 19);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${local}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** ISO 8601 with the site's offset of local wall-clock milliseconds. */
export function formatLocalMillisIso(localMillis: number, offsetMinutes: number): string {
  return formatIsoLocal(fromLocalMillis(localMillis, offsetMinutes), offsetMinutes);
}
