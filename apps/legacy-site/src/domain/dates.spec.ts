import { formatCmsDate, formatIsoLocal, formatLocalCmsDate, fromLocalMillis, parseCmsDate, parseUtcOffset, toLocalMillis } from './dates';

describe('CMS dates', () => {
  it.each([
    ['+10:00', 600],
    ['-05:30', -330],
    ['+0930', 570],
    ['Z', 0],
    ['UTC', 0],
  ])('reads the offset %s', (text, minutes) => {
    expect(parseUtcOffset(text)).toBe(minutes);
  });

  it.each(['10', '+25:00', 'Australia/Brisbane', '+10:60'])('refuses the offset %s', (text) => {
    expect(() => parseUtcOffset(text)).toThrow();
  });

  it('writes and reads YYYY-MM-DD HH:MM:SS in UTC', () => {
    const d = new Date('2025-02-10T23:00:05.789Z');
    expect(formatCmsDate(d)).toBe('2025-02-10 23:00:05');
    expect(parseCmsDate('2025-02-10 23:00:05').toISOString()).toBe('2025-02-10T23:00:05.000Z');
  });

  it('writes local dates with the site offset', () => {
    const d = new Date('2025-02-10T23:00:00Z');
    expect(formatLocalCmsDate(d, 600)).toBe('2025-02-11 09:00:00');
    expect(formatIsoLocal(d, 600)).toBe('2025-02-11T09:00:00+10:00');
    expect(formatIsoLocal(d, -330)).toBe('2025-02-10T17:30:00-05:30');
  });

  it('converts between UTC instants and local wall-clock milliseconds', () => {
    const local = Date.UTC(2026, 2, 14, 7, 30);
    expect(fromLocalMillis(local, 600).toISOString()).toBe('2026-03-13T21:30:00.000Z');
    expect(toLocalMillis(new Date('2026-03-13T21:30:00Z'), 600)).toBe(local);
  });
});
