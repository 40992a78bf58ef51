import { changeLockKey } from './change-lock';

describe('changeLockKey', () => {
  it('is a signed 64-bit integer, the same for a schema every time and different between schemas', () => {
    const key = changeLockKey('legacy_site');
    expect(key).toMatch(/^-?\d{1,19}$/);
    const n = BigInt(key);
    expect(n >= -(2n ** 63n) && n < 2n ** 63n).toBe(true);
    expect(changeLockKey('legacy_site')).toBe(key);
    expect(changeLockKey('legacy_site_2')).not.toBe(key);
  });

  it('refuses a name that is not a plain schema name (the key is written into SQL)', () => {
    expect(() => changeLockKey('x; DROP TABLE users')).toThrow();
  });
});
