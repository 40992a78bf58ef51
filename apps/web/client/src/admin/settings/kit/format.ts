/**
 * Dates and amounts for the console, in the viewer's own timezone and locale (the browser's), as
 * docs/web.md asks: the API speaks UTC instants, people read local time.
 */
export function formatDateTime(value: string | null | undefined, locale?: string): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** An amount with its currency (`12,50 €`), or '' without one. */
export function formatMoney(amount: number | string | null | undefined, currency: string | undefined, locale?: string): string {
  if (amount === null || amount === undefined || amount === '' || !currency) return '';
  const value = typeof amount === 'number' ? amount : Number(amount);
  if (!Number.isFinite(value)) return '';
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(value);
}

/** Bytes as people read them (1.5 MB). */
export function formatBytes(bytes: number | string | null | undefined, locale?: string): string {
  const value = Number(bytes ?? 0);
  if (!Number.isFinite(value) || value < 0) return '';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let unit = 0;
  let scaled = value;
  while (scaled >= 1024 && unit < units.length - 1) {
    scaled /= 1024;
    unit++;
  }
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(scaled)} ${units[unit]}`;
}

/**
 * A `datetime-local` input's value (local wall-clock time, no zone) for a UTC instant, and back:
 * what a person types is their own local time.
 */
export function toLocalInput(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export function fromLocalInput(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}
