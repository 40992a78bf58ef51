import { generateSecret, generateSync, generateURI, verifySync } from 'otplib';

/** RFC 6238 defaults, which every authenticator app uses: SHA-1, 6 digits, 30-second steps. */
export const TOTP_PERIOD_SECONDS = 30;
/** Codes of the previous and the next step are accepted too (clock drift, typing time). */
export const TOTP_WINDOW_STEPS = 1;

export type TotpCheck = { valid: true; step: number } | { valid: false };

export const newTotpSecret = (): string => generateSecret({ length: 20 });

/** The otpauth:// URI an authenticator app reads from a QR code. */
export const totpUri = (secret: string, issuer: string, accountName: string): string => generateURI({ issuer, label: accountName, secret });

/** The code of the step holding `epochSeconds` (tests, and nothing else, need it). */
export const totpAt = (secret: string, epochSeconds: number): string => generateSync({ secret, epoch: epochSeconds });

/**
 * Checks a TOTP code within ±1 step of `epochSeconds`. A code whose step is not after
 * `lastUsedStep` is refused, so no code is ever accepted twice (nor an older one after a newer).
 * The caller records the returned step atomically (see MfaStore.consumeTotpStep).
 */
export function checkTotp(secret: string, code: string, epochSeconds: number, lastUsedStep: number | null): TotpCheck {
  if (!/^\d{6}$/.test(code)) return { valid: false };
  try {
    const result = verifySync({
      secret,
      token: code,
      epoch: epochSeconds,
      epochTolerance: TOTP_WINDOW_STEPS * TOTP_PERIOD_SECONDS,
      ...(lastUsedStep === null ? {} : { afterTimeStep: lastUsedStep }),
    });
    // TOTP results carry the matched step (HOTP's, in the same union, do not).
    return result.valid && 'timeStep' in result ? { valid: true, step: result.timeStep } : { valid: false };
  } catch {
    // otplib throws for inputs it cannot check (e.g. a last step beyond the window): not valid.
    return { valid: false };
  }
}
