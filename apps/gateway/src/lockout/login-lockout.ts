import { randomUUID } from 'node:crypto';
import { lockoutAccountKey, lockoutKeysOfAccount } from '@platform/auth';
import type { RedisConnection } from '@platform/redis';
import { RESERVE_ATTEMPT, SETTLE_ATTEMPT } from './lockout-scripts';

export interface LoginLockoutOptions {
  /** `REDIS_KEY_PREFIX`. */
  prefix: string;
  /** The failure that reaches this count locks the account. */
  maxFailedAttempts: number;
  /** How long a lock lasts, and how long failures are remembered without a new one. */
  lockoutSeconds: number;
  /** How long a reservation holds if its attempt never settles (a crashed gateway): the RPC deadline plus a margin. */
  reservationMs: number;
  now?: () => number;
}

/** An attempt allowed to check a password; settle it exactly once. */
export interface Reservation {
  account: string;
  attemptId: string;
}

export type ReserveResult = { allowed: true; reservation: Reservation } | { allowed: false; reason: 'locked' | 'busy'; retryAfterSeconds: number };

/** `failure`: wrong credentials (401). `neutral`: anything else that is not a success (403, 400, 5xx). */
export type AttemptOutcome = 'success' | 'failure' | 'neutral';

export type SettleResult = { lockedNow: false } | { lockedNow: true; lockedUntil: Date };

/**
 * Per-account login lockout in Redis. Before the password is checked, `reserve` takes one of the
 * attempts the account has left, atomically with the lock check; after the check, `settle` records
 * its outcome and releases the reservation. Accounts are keyed by a hash of the lower-cased email,
 * so Redis holds no addresses.
 */
export class LoginLockout {
  private readonly now: () => number;

  constructor(
    private readonly redis: RedisConnection,
    private readonly options: LoginLockoutOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  async reserve(email: string): Promise<ReserveResult> {
    const account = accountKeyOf(email);
    const attemptId = randomUUID();
    const [state, ms] = (await RESERVE_ATTEMPT.run(this.redis, this.keys(account), [
      this.now(),
      this.options.maxFailedAttempts,
      this.options.lockoutSeconds * 1000,
      this.options.lockoutSeconds * 1000,
      attemptId,
      this.options.reservationMs,
    ])) as [number, number];
    if (state === 1) return { allowed: true, reservation: { account, attemptId } };
    return { allowed: false, reason: state === 0 ? 'locked' : 'busy', retryAfterSeconds: Math.max(1, Math.ceil(ms / 1000)) };
  }

  async settle(reservation: Reservation, outcome: AttemptOutcome): Promise<SettleResult> {
    const [locked, until] = (await SETTLE_ATTEMPT.run(this.redis, this.keys(reservation.account), [
      this.now(),
      this.options.maxFailedAttempts,
      this.options.lockoutSeconds * 1000,
      this.options.lockoutSeconds * 1000,
      reservation.attemptId,
      outcome,
    ])) as [number, number];
    return locked === 1 ? { lockedNow: true, lockedUntil: new Date(until) } : { lockedNow: false };
  }

  /** Forgets an account's failures and lock (its password was just reset or changed). */
  async clear(email: string): Promise<void> {
    await this.redis.del(...this.keys(accountKeyOf(email)));
  }

  /** Both keys share a hash tag, so the scripts also run on Redis Cluster (@platform/auth's lockoutKeys). */
  private keys(account: string): [string, string] {
    return lockoutKeysOfAccount(this.options.prefix, account);
  }
}

/** The account key: the email trimmed and lower-cased, hashed. */
export const accountKeyOf = lockoutAccountKey;
