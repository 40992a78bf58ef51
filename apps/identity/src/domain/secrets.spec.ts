import { deriveKey, keyedHash, normaliseEmail, randomDigits, randomToken, sha256 } from './secrets';

const KEY = '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff';

describe('secrets', () => {
  it('draws digit strings of the asked length, leading zeros kept, all digits in use', () => {
    const drawn = Array.from({ length: 2000 }, () => randomDigits(6));
    expect(drawn.every((code) => /^\d{6}$/.test(code))).toBe(true);
    expect(new Set(drawn.join('')).size).toBe(10);
  });

  it('derives one key per purpose, and keyed hashes differ by key', () => {
    const a = deriveKey(KEY, 'identity/mfa-backup-codes');
    const b = deriveKey(KEY, 'something-else');
    expect(a).toHaveLength(32);
    expect(a.equals(deriveKey(KEY, 'identity/mfa-backup-codes'))).toBe(true);
    expect(keyedHash(a, 'abcd')).not.toBe(keyedHash(b, 'abcd'));
    expect(keyedHash(a, 'abcd')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('makes long URL-safe tokens, hashes them, and reads emails lower-cased and trimmed', () => {
    expect(randomToken()).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(sha256('x')).toMatch(/^[0-9a-f]{64}$/);
    expect(normaliseEmail('  Ann@Example.ORG ')).toBe('ann@example.org');
  });
});
