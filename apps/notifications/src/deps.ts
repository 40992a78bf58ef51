import type { Logger } from '@platform/telemetry';
import type { NotificationsDb } from './store/db';

/** What the notifications handlers are given by the service's wiring (main.ts). */
export interface NotificationsDeps {
  db: NotificationsDb;
  /** Whether push credentials are configured (without them, notifications fill inboxes only). */
  pushEnabled: boolean;
  /** Tells the push dispatcher a job is waiting. */
  wakePush: () => void;
  logger: Logger;
  now: () => Date;
  /** Imported notifications older than this many days go to the history only, not into inboxes. */
  importInboxDays: number;
}
