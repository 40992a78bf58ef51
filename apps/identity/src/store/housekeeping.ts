import { pruneProcessedMessages } from '@platform/messaging';
import type { Logger } from '@platform/telemetry';
import type { IdentityDb } from './db';

const DAY_MS = 24 * 3600 * 1000;
/** Handled-message ids are kept well beyond the stream's 7 days, so no redelivery is handled twice. */
const PROCESSED_MESSAGES_KEPT_MS = 30 * DAY_MS;

/**
 * Deletes what can no longer matter: reset-rate windows that are over (one row per address asked
 * for, known or not, so a flood of made-up addresses cannot grow the table for good), reset codes
 * and MFA challenges a day past their expiry, and old handled-message ids. The audit log is never
 * pruned.
 */
export async function pruneExpired(db: IdentityDb, schema: string, now: Date, resetWindowSeconds: number): Promise<void> {
  const dayAgo = new Date(now.getTime() - DAY_MS);
  await db.passwordResetThrottle.deleteMany({ where: { windowStart: { lt: new Date(now.getTime() - resetWindowSeconds * 1000) } } });
  await db.passwordResetCode.deleteMany({ where: { expiresAt: { lt: dayAgo } } });
  await db.mfaChallenge.deleteMany({ where: { expiresAt: { lt: dayAgo } } });
  await db.$transaction((tx) => pruneProcessedMessages(tx, schema, PROCESSED_MESSAGES_KEPT_MS));
}

/** Runs pruneExpired now and then (every replica may: the deletes are idempotent). */
export function startHousekeeping(options: { db: IdentityDb; schema: string; logger: Logger; resetWindowSeconds: number; everyMs?: number }): { stop(): void } {
  const run = () =>
    pruneExpired(options.db, options.schema, new Date(), options.resetWindowSeconds).catch((err: unknown) => options.logger.warn({ err }, 'housekeeping failed; retrying later'));
  const timer = setInterval(run, options.everyMs ?? 15 * 60 * 1000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
