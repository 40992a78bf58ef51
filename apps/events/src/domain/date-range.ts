import type { FieldViolation } from '@platform/errors';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The `from` and `to` of an event list: a date (YYYY-MM-DD, UTC) or an ISO 8601 timestamp. A `to`
 * date means the whole day. Events that end on or after `from` and start on or before `to` match.
 */
export function parseRange(from: string, to: string): { from?: Date; to?: Date } | FieldViolation[] {
  const out: FieldViolation[] = [];
  const read = (field: string, value: string, endOfDay: boolean): Date | undefined => {
    const v = value.trim();
    if (v === '') return undefined;
    const ms = Date.parse(DATE.test(v) ? `${v}T00:00:00.000Z` : v);
    if (Number.isNaN(ms) || !/^\d{4}-\d{2}-\d{2}/.test(v)) {
      out.push({ field, message: 'must be a date (YYYY-MM-DD) or an ISO 8601 timestamp' });
      return undefined;
    }
    return new Date(DATE.test(v) && endOfDay ? ms + 86_400_000 - 1 : ms);
  };
  const range = { from: read('from', from, false), to: read('to', to, true) };
  if (range.from && range.to && range.to < range.from) out.push({ field: 'to', message: 'must not be before from' });
  return out.length > 0 ? out : range;
}
