import { canonicalBackupCode, classifyMfaCode, newBackupCodes } from './backup-codes';

describe('MFA backup codes', () => {
  it('come ten at a time, distinct, as xxxx-xxxx-xxxx', () => {
    const codes = newBackupCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{4}-[0-9a-hjkmnp-tv-z]{4}-[0-9a-hjkmnp-tv-z]{4}$/);
  });

  it('are read whatever the case, spacing and hyphens, with look-alike letters mapped', () => {
    expect(canonicalBackupCode('ABCD-EFGH-JK01')).toBe('abcdefghjk01');
    expect(canonicalBackupCode(' abcd efgh jkO1 ')).toBe('abcdefghjk01');
    expect(canonicalBackupCode('abcdefghjkI1')).toBe('abcdefghjk11');
  });

  it('are refused when too short, too long or outside the alphabet', () => {
    for (const bad of ['abcd-efgh', 'abcd-efgh-jk01-x', 'abcd-efgh-jku1', '']) expect(canonicalBackupCode(bad)).toBeUndefined();
  });

  it('are told apart from TOTP codes', () => {
    expect(classifyMfaCode('123456')).toEqual({ kind: 'totp', code: '123456' });
    expect(classifyMfaCode('123 456')).toEqual({ kind: 'totp', code: '123456' });
    expect(classifyMfaCode('ABCD-EFGH-JK01')).toEqual({ kind: 'backup', code: 'abcdefghjk01' });
    expect(classifyMfaCode('12345')).toEqual({ kind: 'malformed' });
  });
});
