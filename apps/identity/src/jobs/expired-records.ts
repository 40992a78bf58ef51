import type { ServiceJob } from '@platform/grpc-server/service';
import type { IdentityDb } from '../store/db';
import { deleteMfaChallengesExpiredBefore } from '../store/mfa';
import { deleteResetCodesExpiredBefore, deleteResetRequestWindowsStartedBefore, deleteResetVerifyBudgetsStartedBefore } from '../store/password-resets';

const DAY_MS = 24 * 3600 * 1000;

/**
 * Deletes what can no longer matter: reset-rate windows and daily reset-code try budgets that are
 * over (one row per address asked for, known or not, so a flood of made-up addresses cannot grow the table for good), reset codes
 * and MFA challenges a day past their expiry. Answers how many rows went. The audit log is never
 * pruned; handled-message ids are the kit's housekeeping.
 */
export async function pruneExpiredRecords(db: IdentityDb, now: Date, resetWindowSeconds: number): Promise<number> {
  const dayAgo = new Date(now.getTime() - DAY_MS);
  const windows = await deleteResetRequestWindowsStartedBefore(db, new Date(now.getTime() - resetWindowSeconds * 1000));
  // The daily reset-code try budgets are 24-hour windows: one older than a day is over.
  const budgets = await deleteResetVerifyBudgetsStartedBefore(db, dayAgo);
  const codes = await deleteResetCodesExpiredBefore(db, dayAgo);
  const challenges = await deleteMfaChallengesExpiredBefore(db, dayAgo);
  return windows + budgets + codes + challenges;
}

/** pruneExpiredRecords every 15 minutes, run by the service kit. */
export function expiredRecordsJob(db: IdentityDb, resetWindowSeconds: number): ServiceJob {
  return { name: 'expired-records', intervalMs: 15 * 60 * 1000, run: () => pruneExpiredRecords(db, new Date(), resetWindowSeconds) };
}
