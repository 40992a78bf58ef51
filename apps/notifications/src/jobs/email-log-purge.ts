import type { ServiceJob } from '@platform/grpc-server/service';
import type { NotificationsDb } from '../store/db';
import { purgeEmailLogs } from '../store/email-log';

const DAY_MS = 24 * 3600 * 1000;

/** Deletes email-log entries older than `retentionDays` (90 by default); answers how many went. */
export function purgeExpiredEmailLogs(db: NotificationsDb, now: Date, retentionDays: number): Promise<number> {
  return purgeEmailLogs(db, new Date(now.getTime() - retentionDays * DAY_MS));
}

/** purgeExpiredEmailLogs every `intervalMs` (HOUSEKEEPING_INTERVAL_MS), run by the service kit. */
export function emailLogPurgeJob(db: NotificationsDb, retentionDays: number, intervalMs: number): ServiceJob {
  return { name: 'email-log-purge', intervalMs, run: () => purgeExpiredEmailLogs(db, new Date(), retentionDays) };
}
