import { pruneProcessedMessages } from '@platform/messaging';
import type { Logger } from '@platform/telemetry';
import type { NotificationsDb } from './db';
import { purgeEmailLogs } from './email-log';

const DAY_MS = 24 * 3600 * 1000;
/** Handled-message ids are kept well beyond the stream's 7 days, so no redelivery is handled twice. */
const PROCESSED_MESSAGES_KEPT_MS = 30 * DAY_MS;

/** Deletes email-log entries past their retention (90 days by default) and old handled-message ids. */
export async function pruneExpired(db: NotificationsDb, schema: string, now: Date, retentionDays: number): Promise<{ emailLogs: number }> {
  const emailLogs = await purgeEmailLogs(db, new Date(now.getTime() - retentionDays * DAY_MS));
  await db.$transaction((tx) => pruneProcessedMessages(tx, schema, PROCESSED_MESSAGES_KEPT_MS));
  return { emailLogs };
}

/** Runs pruneExpired at start and then at every interval (every replica may: the deletes are idempotent). */
export function startHousekeeping(options: { db: NotificationsDb; schema: string; logger: Logger; retentionDays: number; everyMs: number }): { stop(): void } {
  const run = () =>
    pruneExpired(options.db, options.schema, new Date(), options.retentionDays).then(
      ({ emailLogs }) => {
        if (emailLogs > 0) options.logger.info({ emailLogs }, 'purged email-log entries past retention');
      },
      (err: unknown) => options.logger.warn({ err }, 'housekeeping failed; retrying later'),
    );
  const first = setTimeout(run, 5_000);
  first.unref();
  const timer = setInterval(run, options.everyMs);
  timer.unref();
  return {
    stop: () => {
      clearTimeout(first);
      clearInterval(timer);
    },
  };
}
