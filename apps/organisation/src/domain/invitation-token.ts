import { createHash, randomBytes } from 'node:crypto';
import { ErrorCode, PlatformError } from '@platform/errors';

/** Invitations to join an organisation last 7 days (issue 12). */
export const INVITATION_DAYS = 7;
const DAY_MS = 86_400_000;

/** A new secret token: 32 random bytes, base64url (43 characters). */
export function newInvitationToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored of a token: its SHA-256, hex. A 256-bit random token needs no salt or slow hash. */
export function hashInvitationToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function expiryAfterDays(now: Date, days: number): Date {
  return new Date(now.getTime() + days * DAY_MS);
}

/** The state a client sees: a stored PENDING invitation past its expiry is EXPIRED. */
export type TokenState = 'PENDING' | 'USED' | 'CANCELLED' | 'EXPIRED';

export function tokenState(stored: { used: boolean; cancelled: boolean; expiresAt: Date }, now: Date): TokenState {
  if (stored.used) return 'USED';
  if (stored.cancelled) return 'CANCELLED';
  return stored.expiresAt.getTime() <= now.getTime() ? 'EXPIRED' : 'PENDING';
}

/** 410 with the code an app can show, for a token that no longer works. */
export function tokenGone(state: Exclude<TokenState, 'PENDING'>, what = 'invitation'): PlatformError {
  switch (state) {
    case 'USED':
      return new PlatformError(ErrorCode.INVITATION_USED, `This ${what} has already been used`);
    case 'CANCELLED':
      return new PlatformError(ErrorCode.INVITATION_CANCELLED, `This ${what} was cancelled`);
    case 'EXPIRED':
      return new PlatformError(ErrorCode.INVITATION_EXPIRED, `This ${what} has expired`);
    default: {
      const unreachable: never = state;
      throw new Error(`unknown token state ${String(unreachable)}`);
    }
  }
}

/** Nothing for a usable token; 410 with its code for one that no longer works. */
export function assertTokenUsable(state: TokenState, what = 'invitation'): void {
  if (state !== 'PENDING') throw tokenGone(state, what);
}

/** A token as sent in a path or body: anything else cannot be one of ours (404, as for an unknown token). */
export function isPlausibleToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}
