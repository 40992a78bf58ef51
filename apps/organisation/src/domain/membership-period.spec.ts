import { parseIsoDate } from './member-fields';
import { addMonths, daysUntil, dueReminder, renewedEndDate } from './membership-period';

const d = (text: string) => parseIsoDate(text) as Date;
const iso = (date: Date) => date.toISOString().slice(0, 10);

describe('membership periods', () => {
  it('adds months, keeping the day or taking the last day of a shorter month', () => {
    expect(iso(addMonths(d('2026-01-15'), 12))).toBe('2027-01-15');
    expect(iso(addMonths(d('2026-01-31'), 1))).toBe('2026-02-28');
    expect(iso(addMonths(d('2028-01-31'), 1))).toBe('2028-02-29');
    expect(iso(addMonths(d('2028-02-29'), 12))).toBe('2029-02-28');
    expect(iso(addMonths(d('2026-11-30'), 3))).toBe('2027-02-28');
  });

  it('renews from the later of the end date and today', () => {
    expect(iso(renewedEndDate(d('2026-06-30'), d('2026-03-01'), 12))).toBe('2027-06-30');
    expect(iso(renewedEndDate(d('2025-06-30'), d('2026-03-01'), 12))).toBe('2027-03-01');
  });

  it('counts days and picks the reminder due, once each', () => {
    expect(daysUntil(d('2026-03-31'), new Date('2026-03-01T23:59:00Z'))).toBe(30);
    expect(dueReminder(31, { reminder30: false, reminder7: false })).toBeUndefined();
    expect(dueReminder(30, { reminder30: false, reminder7: false })).toBe(30);
    expect(dueReminder(12, { reminder30: true, reminder7: false })).toBeUndefined();
    expect(dueReminder(7, { reminder30: true, reminder7: false })).toBe(7);
    expect(dueReminder(3, { reminder30: false, reminder7: false })).toBe(7);
    expect(dueReminder(3, { reminder30: false, reminder7: true })).toBeUndefined();
    expect(dueReminder(-1, { reminder30: false, reminder7: false })).toBeUndefined();
  });
});
