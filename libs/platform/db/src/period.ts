import type { FieldViolation } from '@platform/errors';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;
const DAY_MS = 24 * 3600 * 1000;

export interface Period {
  /** Inclusive. */
  from?: Date;
  /** Exclusive. */
  until?: Date;
}

function parseBound(value: string, field: 'from' | 'to'): { date: Date; dateOnly: boolean } | FieldViolation | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  const dateOnly = DATE_ONLY.test(trimmed);
  const date = dateOnly ? new Date(`${trimmed}T00:00:00.000Z`) : INSTANT.test(trimmed) ? new Date(trimmed) : new Date(NaN);
  if (Number.isNaN(date.getTime()) || (dateOnly && date.toISOString().slice(0, 10) !== trimmed)) {
    return { field, message: 'must be a date (YYYY-MM-DD) or an ISO 8601 instant' };
  }
  return { date, dateOnly };
}

const isViolation = (value: unknown): value is FieldViolation => typeof value === 'object' && value !== null && 'field' in value;

/**
 * The period of a log query (audit log, email log): `from` and `to` are dates (whole days, UTC, both included) or instants
 * (both included), as in the audit log. Answers the period or the violations.
 */
export function parsePeriod(from: string, to: string): Period | FieldViolation[] {
  const start = parseBound(from, 'from');
  const end = parseBound(to, 'to');
  const violations = [start, end].filter(isViolation);
  if (violations.length > 0) return violations;
  const period: Period = {};
  if (start && !isViolation(start)) period.from = start.date;
  if (end && !isViolation(end)) period.until = new Date(end.date.getTime() + (end.dateOnly ? DAY_MS : 1));
  if (period.from && period.until && period.until <= period.from) return [{ field: 'to', message: 'must not be before from' }];
  return period;
}

/** A page of a log table (audit log, email log) over a period. */
export interface PeriodPage {
  period: Period;
  skip: number;
  take: number;
}

/** The condition on `createdAt` of a period (none when it is open at both ends). */
export function createdWithin(period: Period): { createdAt?: { gte?: Date; lt?: Date } } {
  return period.from || period.until ? { createdAt: { gte: period.from, lt: period.until } } : {};
}
