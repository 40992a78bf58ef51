import { assertTokenUsable, expiryAfterDays, hashInvitationToken, isPlausibleToken, newInvitationToken, tokenState } from './invitation-token';

describe('invitation tokens', () => {
  it('are 32 random bytes in base64url, different every time, stored as a SHA-256', () => {
    const a = newInvitationToken();
    const b = newInvitationToken();
    expect(Buffer.from(a, 'base64url')).toHaveLength(32);
    expect(a).not.toBe(b);
    expect(isPlausibleToken(a)).toBe(true);
    expect(hashInvitationToken(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashInvitationToken(a)).not.toBe(hashInvitationToken(b));
  });

  it('refuses what could never be a token', () => {
    expect(isPlausibleToken('')).toBe(false);
    expect(isPlausibleToken('x'.repeat(44))).toBe(false);
    expect(isPlausibleToken(`${'a'.repeat(42)}/`)).toBe(false);
  });

  it('is used, cancelled, expired or pending, in that order of precedence', () => {
    const now = new Date('2026-11-26T12:00:00Z');
    const later = expiryAfterDays(now, 7);
    expect(later.toISOString()).toBe('2026-12-03T12:00:00.000Z');
    expect(tokenState({ used: false, cancelled: false, expiresAt: later }, now)).toBe('PENDING');
    expect(tokenState({ used: false, cancelled: false, expiresAt: now }, now)).toBe('EXPIRED');
    expect(tokenState({ used: true, cancelled: false, expiresAt: now }, now)).toBe('USED');
    expect(tokenState({ used: false, cancelled: true, expiresAt: later }, now)).toBe('CANCELLED');
  });

  it('answers 410 codes an app can show for a token that no longer works', () => {
    expect(() => assertTokenUsable('PENDING')).not.toThrow();
    expect(() => assertTokenUsable('USED')).toThrow(expect.objectContaining({ code: 'INVITATION_USED' }));
    expect(() => assertTokenUsable('CANCELLED')).toThrow(expect.objectContaining({ code: 'INVITATION_CANCELLED' }));
    expect(() => assertTokenUsable('EXPIRED')).toThrow(expect.objectContaining({ code: 'INVITATION_EXPIRED' }));
  });
});
