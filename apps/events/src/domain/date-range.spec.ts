import { parseRange } from './date-range';

describe('the from and to of an event list', () => {
  it('reads dates as whole UTC days and timestamps as given', () => {
    expect(parseRange('2027-01-01', '2027-01-31')).toEqual({ from: new Date('2027-01-01T00:00:00.000Z'), to: new Date('2027-01-31T23:59:59.999Z') });
    expect(parseRange('2027-01-01T10:00:00Z', '')).toEqual({ from: new Date('2027-01-01T10:00:00Z'), to: undefined });
  });

  it('names a value that is not a date, and a to before from', () => {
    expect(parseRange('soon', '')).toEqual([{ field: 'from', message: expect.stringContaining('date') }]);
    expect(parseRange('2027-02-01', '2027-01-01')).toEqual([{ field: 'to', message: 'must not be before from' }]);
  });
});
