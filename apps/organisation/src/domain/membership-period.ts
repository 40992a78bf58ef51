/**
 * Membership periods in calendar dates (midnight UTC, as the `date` columns hold them). A period
 * includes its end date: a membership lapses the day after endDate.
 */
const DAY_MS = 86_400_000;

/** The calendar day of an instant (UTC). */
export function dayOf(instant: Date): Date {
  return new Date(Date.UTC(instant.getUTCFullYear(), instant.getUTCMonth(), instant.getUTCDate()));
}

/**
 * `months` calendar months after `date`, on the same day of the month, or on the month's last day
 * when it is shorter (31 January + 1 month = 28 or 29 February; 29 February + 12 months = 28 February).
 */
export function addMonths(date: Date, months: number): Date {
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(date.getUTCDate(), lastDay)));
}

/** The default end of a period starting on `start`: the same day `durationMonths` later (see addMonths). */
export function defaultEndDate(start: Date, durationMonths: number): Date {
  return addMonths(start, durationMonths);
}

/** A renewal extends from the later of the current end date and today by the type's duration. */
export function renewedEndDate(currentEnd: Date, today: Date, durationMonths: number): Date {
  return addMonths(currentEnd.getTime() >= today.getTime() ? currentEnd : today, durationMonths);
}

/** Whole days from `today` to `endDate` (0 on the last day, negative once lapsed). */
export function daysUntil(endDate: Date, today: Date): number {
  return Math.round((dayOf(endDate).getTime() - dayOf(today).getTime()) / DAY_MS);
}

/** Reminder offsets before endDate, largest first: each is sent once. */
export const RENEWAL_REMINDER_DAYS = [30, 7] as const;
export type ReminderDay = (typeof RENEWAL_REMINDER_DAYS)[number];

/**
 * The reminder due for an ACTIVE assignment today, if any: the 7-day one from 7 days before
 * endDate, else the 30-day one from 30 days before; each only when not sent yet. A reminder the job
 * missed (the service was down that day) still goes out later, but never one that is already
 * superseded (no 30-day reminder inside the last 7 days).
 */
export function dueReminder(daysLeft: number, sent: { reminder30: boolean; reminder7: boolean }): ReminderDay | undefined {
  if (daysLeft < 0) return undefined;
  if (daysLeft <= 7) return sent.reminder7 ? undefined : 7;
  if (daysLeft <= 30) return sent.reminder30 ? undefined : 30;
  return undefined;
}
