import { pruneProcessedMessages, PROCESSED_MESSAGES_KEPT_MS } from '@platform/messaging';
import type { ServiceJob } from './service-jobs';

/** How often the kit's own housekeeping runs by default. */
export const HOUSEKEEPING_INTERVAL_MS = 15 * 60 * 1000;

/**
 * The housekeeping every service gets from the kit: handled-message ids older than 30 days are
 * deleted from `processed_message`. The outbox needs none: the relay deletes each row as soon as
 * JetStream has acknowledged it, and a row still there is an event not yet published, which must
 * never be dropped.
 */
export function platformHousekeeping(schema: string, intervalMs = HOUSEKEEPING_INTERVAL_MS): ServiceJob[] {
  return [{ name: 'processed-messages', intervalMs, run: (sql) => pruneProcessedMessages(sql, schema, PROCESSED_MESSAGES_KEPT_MS) }];
}
