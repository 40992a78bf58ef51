import type { NotificationsDeps } from '../deps';
import type { RecipientFilter } from '../domain/notification-target';
import { createNotification, type NewNotification } from '../store/notifications';

/**
 * Writes the notification (dated now), one inbox entry per recipient the filter selects and its
 * push job, in one transaction. Answers the notification with its recipient count.
 */
export function writeNotification(deps: Pick<NotificationsDeps, 'db' | 'now'>, notification: Omit<NewNotification, 'createdAt'>, filter: RecipientFilter) {
  return deps.db.$transaction((tx) => createNotification(tx, { ...notification, createdAt: deps.now() }, filter), { timeout: 60_000, maxWait: 10_000 });
}
