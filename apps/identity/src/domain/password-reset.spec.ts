import { remainingDelay, resetCodeUsable, resetWithinLimit, RESET_CODE_PATTERN } from './password-reset';

describe('password-reset codes', () => {
  const now = new Date('2026-05-01T10:00:00Z');
  const fresh = { attempts: 0, expiresAt: new Date('2026-05-01T10:15:00Z'), usedAt: null, invalidatedAt: null };

  it('are exactly six digits', () => {
    expect(RESET_CODE_PATTERN.test('012345')).toBe(true);
    for (const bad of ['12345', '1234567', '12a456', ' 123456']) expect(RESET_CODE_PATTERN.test(bad)).toBe(false);
  });

  it('may be tried while unused, not replaced, not expired and with tries left', () => {
    expect(resetCodeUsable(fresh, now)).toBe(true);
    expect(resetCodeUsable({ ...fresh, attempts: 4 }, now)).toBe(true);
  });

  it('are dead after five tries, once used, once replaced by a newer code, or at expiry', () => {
    expect(resetCodeUsable({ ...fresh, attempts: 5 }, now)).toBe(false);
    expect(resetCodeUsable({ ...fresh, usedAt: now }, now)).toBe(false);
    expect(resetCodeUsable({ ...fresh, invalidatedAt: now }, now)).toBe(false);
    expect(resetCodeUsable({ ...fresh, expiresAt: now }, now)).toBe(false);
  });

  it('are issued up to the limit per address and window', () => {
    expect(resetWithinLimit(3, 3)).toBe(true);
    expect(resetWithinLimit(4, 3)).toBe(false);
  });

  it('answer no sooner than the floor, whatever the work took', () => {
    expect(remainingDelay(1000, 1100, 400)).toBe(300);
    expect(remainingDelay(1000, 1500, 400)).toBe(0);
  });
});
