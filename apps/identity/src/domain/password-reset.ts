/** Password-reset codes: 6 digits (spec section 8), single use, at most 5 tries each. */
export const RESET_CODE_DIGITS = 6;
export const RESET_CODE_MAX_ATTEMPTS = 5;

/** Reset-code tries one address gets in a day, across all its codes (issue 17: a guesser's budget). */
export const RESET_VERIFY_TRIES_PER_DAY = 10;
export const RESET_VERIFY_WINDOW_SECONDS = 24 * 60 * 60;

/** Seconds until a spent daily budget starts again (at least 1). */
export function verifyRetryAfterSeconds(windowStart: Date, now: Date): number {
  return Math.max(1, Math.ceil((windowStart.getTime() + RESET_VERIFY_WINDOW_SECONDS * 1000 - now.getTime()) / 1000));
}

/** The one answer of request and resend, whatever the address and whatever the rate limit did. */
export const RESET_ACCEPTED_MESSAGE = 'If an account exists for this address, a code has been sent to it.';

export const RESET_CODE_PATTERN = /^\d{6}$/;

/** The state of a code when it is presented. */
export interface ResetCodeState {
  attempts: number;
  expiresAt: Date;
  usedAt: Date | null;
  invalidatedAt: Date | null;
}

/** Whether a code may still be tried: not used, not replaced, not expired, tries left. */
export function resetCodeUsable(code: ResetCodeState, now: Date): boolean {
  return code.usedAt === null && code.invalidatedAt === null && code.expiresAt > now && code.attempts < RESET_CODE_MAX_ATTEMPTS;
}

/**
 * The per-address limit on issued codes, as a fixed window: the count restarts when the window that
 * holds it is over. `count` is the number of codes asked for in the window, this one included.
 */
export function resetWithinLimit(count: number, limit: number): boolean {
  return count <= limit;
}

/** How long to wait so that every answer takes at least `floorMs` (known and unknown addresses alike). */
export function remainingDelay(startedMs: number, nowMs: number, floorMs: number): number {
  return Math.max(0, floorMs - (nowMs - startedMs));
}
