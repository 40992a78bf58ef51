import { formatDate, formatDateTime, formatEventWhen, formatFileSize, formatMoney, todayIn } from './format';

const brussels = { locale: 'en-GB', timeZone: 'Europe/Brussels' };

describe('dates and amounts as the viewer reads them', () => {
  it('shows a moment and a day in the viewer zone, nothing for none or garbage', () => {
    expect(formatDateTime('2030-04-01T18:00:00Z', brussels)).toBe('1 Apr 2030, 20:00');
    expect(formatDateTime('2030-04-01T18:00:00Z', { locale: 'en-GB', timeZone: 'America/New_York' })).toBe('1 Apr 2030, 14:00');
    expect(formatDate('2030-12-31T23:30:00Z', brussels)).toBe('1 Jan 2031');
    expect(formatDateTime(undefined)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });

  it('shows an event as one range: same day once, across days both, all-day by days only', () => {
    expect(formatEventWhen('2030-04-01T18:00:00Z', '2030-04-01T20:00:00Z', false, brussels)).toBe('Mon, 1 Apr 2030, 20:00–22:00');
    expect(formatEventWhen('2030-04-01T18:00:00Z', '2030-04-02T08:00:00Z', false, brussels)).toMatch(/^Mon,? 1 Apr 2030, 20:00\s?–\s?Tue,? 2 Apr 2030, 10:00$/);
    expect(formatEventWhen('2030-04-01T10:00:00Z', undefined, false, brussels)).toBe('Mon, 1 Apr 2030, 12:00');
    expect(formatEventWhen('2030-04-01T10:00:00Z', '2030-04-01T10:00:00Z', true, brussels)).toMatch(/^Mon,? 1 Apr 2030$/);
    expect(formatEventWhen(null, null)).toBe('');
  });

  it('shows file sizes and money through Intl', () => {
    expect(formatFileSize(512, 'en-GB')).toBe('512 bytes');
    expect(formatFileSize('12345', 'en-GB')).toBe('12 kB');
    expect(formatFileSize(1_500_000, 'en-GB')).toBe('1.5 MB');
    expect(formatFileSize(undefined)).toBe('');
    expect(formatMoney(12.5, 'EUR', 'en-GB')).toBe('€12.50');
    expect(formatMoney(null, 'EUR')).toBe('');
    expect(formatMoney(3, 'not a code')).toBe('3 not a code');
  });

  it('knows today in the viewer zone', () => {
    expect(todayIn(new Date('2030-04-01T23:30:00Z'), 'Europe/Brussels')).toBe('2030-04-02');
    expect(todayIn(new Date('2030-04-01T23:30:00Z'), 'UTC')).toBe('2030-04-01');
  });
});
