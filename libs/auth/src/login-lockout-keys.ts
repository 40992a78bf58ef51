import { createHash } from 'node:crypto';

/** The account key of the login lockout: the email trimmed and lower-cased, hashed (no address in Redis). */
export function lockoutAccountKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32);
}

/**
 * The Redis keys of an account's login lockout (the gateway's, under its REDIS_KEY_PREFIX): the
 * failure counter and the attempts in flight. One hash tag, so the scripts also run on Redis
 * Cluster. Operators unlock an account by deleting both (`npm run ops -- unlock <email>`).
 */
export function lockoutKeys(prefix: string, email: string): [string, string] {
  return lockoutKeysOfAccount(prefix, lockoutAccountKey(email));
}

/** lockoutKeys by the account key itself (what a reservation holds). */
export function lockoutKeysOfAccount(prefix: string, accountKey: string): [string, string] {
  const base = `${prefix}lockout:{${accountKey}}`;
  return [base, `${base}:inflight`];
}
