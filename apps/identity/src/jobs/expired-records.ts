import type { ServiceJob } from '@platform/grpc-server/service';
import type { IdentityDb } from '../store/db';

const DAY_MS = 24 * 3600 * 1000;

/**
 * Deletes what can no longer matter: reset-rate windows and daily reset-code try budgets that are
 * over (one row per address asked for, known or not, so a flood of made-up addresses cannot grow the table for good), reset codes
 * and MFA challenges a day past their expiry. Answers how many rows went. The audit log is never
 * pruned; handled-message ids are the kit's housekeeping.
 */
export async function pruneExpiredRecords(db: IdentityDb, now: Date, resetWindowSeconds: number): Promise<number> {
  const dayAgo = new Date(now.getTime() - DAY_MS);
  const windows = await db.passwordResetThrottle.deleteMany({ where: { windowStart: { lt: new Date(now.getTime() - resetWindowSeconds * 1000) } } });
  // The daily reset-code try budgets are 24-hour windows: one older than a day is over.
  const budgets = await db.passwordResetVerifyThrottle.deleteMany({ where: { windowStart: { lt: dayAgo } } });
  const codes = await db.passwordResetCode.deleteMany({ where: { expiresAt: { lt: dayAgo } } });
  const challenges = await db.mfaChallenge.deleteMany({ where: { expiresAt: { lt: dayAgo } } });
  return windows.count + budgets.count + codes.count + challenges.count;
}

/** pruneExpiredRecords every 15 minutes, run by the service kit. */
export function expiredRecordsJob(db: IdentityDb, resetWindowSeconds: number): ServiceJob {
  return { name: 'expired-records', intervalMs: 15 * 60 * 1000, run: () => pruneExpiredRecords(db, new Date(), resetWindowSeconds) };
}
