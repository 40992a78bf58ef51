import { LegacyError } from './errors';
import { parseSince } from './since';

describe('parseSince', () => {
  const jan1 = Date.UTC(2025, 0, 1);

  it('means no filter when empty', () => {
    expect(parseSince(undefined)).toBeUndefined();
    expect(parseSince('')).toBeUndefined();
  });

  it.each([
    ['2025-01-01T00:00:00Z', jan1],
    ['2025-01-01T00:00:00.000Z', jan1],
    ['2025-01-01T10:00:00+10:00', jan1],
    ['2025-01-01T10:00:00+1000', jan1],
    ['2024-12-31T19:00:00-05:00', jan1],
    ['2025-01-01T00:00:00', jan1],
    ['2025-01-01 00:00:00', jan1],
    ['2025-01-01T00:00', jan1],
    ['2025-01-01', jan1],
    ['2025-01-01T10:00:00 10:00', jan1],
    [String(jan1 / 1000), jan1],
    [`${jan1 / 1000}.5`, jan1 + 500],
  ])('reads %s', (text, ms) => {
    expect(parseSince(text)?.getTime()).toBe(ms);
  });

  it('keeps microseconds down to the millisecond, never later than given', () => {
    expect(parseSince('2025-01-01T00:00:00.123456Z')?.getTime()).toBe(jan1 + 123);
  });

  it.each(['yesterday', '2025-13-01T00:00:00Z', '2025-01-01T25:00:00Z', '-5', 'abc123', '2025/01/01'])('refuses %s with rest_invalid_param', (text) => {
    expect(() => parseSince(text)).toThrow(LegacyError);
    try {
      parseSince(text);
    } catch (error) {
      expect((error as LegacyError).toBody()).toMatchObject({ code: 'rest_invalid_param', data: { status: 400 } });
    }
  });

  it('refuses a repeated parameter', () => {
    expect(() => parseSince(['2025-01-01', '2025-02-01'])).toThrow(LegacyError);
  });
});
