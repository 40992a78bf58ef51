import { randomInt } from 'node:crypto';

export const BACKUP_CODE_COUNT = 10;
/** Crockford's base32 alphabet (no i, l, o, u): 12 characters carry 60 bits. */
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const GROUPS = 3;
const GROUP_LENGTH = 4;

/** Ten fresh single-use backup codes, formatted `xxxx-xxxx-xxxx`. */
export function newBackupCodes(count = BACKUP_CODE_COUNT): string[] {
  return Array.from({ length: count }, () =>
    Array.from({ length: GROUPS }, () => Array.from({ length: GROUP_LENGTH }, () => ALPHABET[randomInt(0, ALPHABET.length)]).join('')).join('-'),
  );
}

/**
 * A backup code as typed, in its canonical form (the form that is hashed), or undefined when it
 * cannot be one: case, spaces and hyphens are ignored, and the look-alikes o→0, i/l→1 are mapped.
 */
export function canonicalBackupCode(input: string): string | undefined {
  const compact = input.toLowerCase().replace(/[\s-]/g, '').replace(/o/g, '0').replace(/[il]/g, '1');
  if (compact.length !== GROUPS * GROUP_LENGTH) return undefined;
  return [...compact].every((c) => ALPHABET.includes(c)) ? compact : undefined;
}

export type MfaCode = { kind: 'totp'; code: string } | { kind: 'backup'; code: string } | { kind: 'malformed' };

/** What a submitted MFA code is: six digits are a TOTP code, twelve base32 characters a backup code. */
export function classifyMfaCode(input: string): MfaCode {
  const trimmed = input.replace(/\s/g, '');
  if (/^\d{6}$/.test(trimmed)) return { kind: 'totp', code: trimmed };
  const backup = canonicalBackupCode(trimmed);
  return backup ? { kind: 'backup', code: backup } : { kind: 'malformed' };
}
