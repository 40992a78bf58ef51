import { createdWithin, parsePeriod } from './period';

describe('log periods', () => {
  it('reads dates as whole UTC days, both included, and instants as given', () => {
    expect(parsePeriod('2026-01-01', '2026-01-31')).toEqual({ from: new Date('2026-01-01T00:00:00Z'), until: new Date('2026-02-01T00:00:00Z') });
    expect(parsePeriod('2026-01-01T10:00:00Z', '')).toEqual({ from: new Date('2026-01-01T10:00:00Z') });
    expect(parsePeriod('', '')).toEqual({});
  });

  it('names bounds that are not dates, or in the wrong order', () => {
    expect(parsePeriod('yesterday', '2026-02-30')).toEqual([
      { field: 'from', message: 'must be a date (YYYY-MM-DD) or an ISO 8601 instant' },
      { field: 'to', message: 'must be a date (YYYY-MM-DD) or an ISO 8601 instant' },
    ]);
    expect(parsePeriod('2026-02-02', '2026-02-01')).toEqual([{ field: 'to', message: 'must not be before from' }]);
  });
});

describe('the period of an audit or email log query', () => {
  it('reads dates as whole UTC days, both included', () => {
    expect(parsePeriod('2026-05-01', '2026-05-02')).toEqual({ from: new Date('2026-05-01T00:00:00Z'), until: new Date('2026-05-03T00:00:00Z') });
  });

  it('reads instants as given, both included', () => {
    expect(parsePeriod('2026-05-01T10:00:00Z', '2026-05-01T11:00:00+01:00')).toEqual({
      from: new Date('2026-05-01T10:00:00Z'),
      until: new Date('2026-05-01T10:00:00.001Z'),
    });
  });

  it('leaves out a bound that is not given', () => {
    expect(parsePeriod('', '')).toEqual({});
    expect(parsePeriod('2026-05-01', '')).toEqual({ from: new Date('2026-05-01T00:00:00Z') });
  });

  it('refuses malformed bounds and a period that ends before it starts', () => {
    expect(parsePeriod('yesterday', '2026-02-30')).toEqual([
      { field: 'from', message: 'must be a date (YYYY-MM-DD) or an ISO 8601 instant' },
      { field: 'to', message: 'must be a date (YYYY-MM-DD) or an ISO 8601 instant' },
    ]);
    expect(parsePeriod('2026-05-02', '2026-05-01')).toEqual([{ field: 'to', message: 'must not be before from' }]);
  });
});

describe('createdWithin', () => {
  it('bounds createdAt by the period, and not at all for an open period', () => {
    const from = new Date('2026-01-01T00:00:00Z');
    const until = new Date('2026-02-01T00:00:00Z');
    expect(createdWithin({ from, until })).toEqual({ createdAt: { gte: from, lt: until } });
    expect(createdWithin({ from })).toEqual({ createdAt: { gte: from, lt: undefined } });
    expect(createdWithin({})).toEqual({});
  });
});
