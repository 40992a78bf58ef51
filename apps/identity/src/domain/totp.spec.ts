import { checkTotp, newTotpSecret, totpAt, totpUri } from './totp';

describe('TOTP codes (RFC 6238)', () => {
  const secret = newTotpSecret();
  const now = 1_800_000_015; // 15 s into a step
  const step = Math.floor(now / 30);

  it('accepts the code of the current step and answers its step', () => {
    expect(checkTotp(secret, totpAt(secret, now), now, null)).toEqual({ valid: true, step });
  });

  it('accepts codes of the previous and the next step, not two steps away', () => {
    expect(checkTotp(secret, totpAt(secret, now - 30), now, null)).toEqual({ valid: true, step: step - 1 });
    expect(checkTotp(secret, totpAt(secret, now + 30), now, null)).toEqual({ valid: true, step: step + 1 });
    expect(checkTotp(secret, totpAt(secret, now - 60), now, null).valid).toBe(false);
    expect(checkTotp(secret, totpAt(secret, now + 60), now, null).valid).toBe(false);
  });

  it('never accepts a code twice, nor an older one after a newer', () => {
    expect(checkTotp(secret, totpAt(secret, now), now, step).valid).toBe(false);
    expect(checkTotp(secret, totpAt(secret, now - 30), now, step).valid).toBe(false);
    expect(checkTotp(secret, totpAt(secret, now + 30), now, step)).toEqual({ valid: true, step: step + 1 });
  });

  it('refuses malformed codes and another secret’s code without throwing', () => {
    for (const bad of ['', '12345', '1234567', 'abcdef']) expect(checkTotp(secret, bad, now, null).valid).toBe(false);
    expect(checkTotp(newTotpSecret(), totpAt(secret, now), now, null).valid).toBe(false);
    expect(checkTotp(secret, totpAt(secret, now), now, step + 10).valid).toBe(false);
  });

  it('makes an otpauth URI naming the issuer and the account', () => {
    expect(totpUri(secret, 'Association Platform', 'ann@example.org')).toBe(
      `otpauth://totp/Association%20Platform:ann%40example.org?secret=${secret}&issuer=Association%20Platform`,
    );
  });
});
