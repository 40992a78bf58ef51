import { consumeEvents, SUBJECTS, type RunningConsumer, type ServiceEventSource } from '@platform/messaging';
import { newsNotification } from '../domain/news-notification';
import type { Tx } from '../store/db';
import { createNotification } from '../store/notifications';
import { afterEachCommit } from './after-each-commit';

export interface NewsConsumerOptions {
  pushEnabled: boolean;
  /** After the transaction: the push dispatcher looks at once. */
  onQueued?: () => void;
}

/**
 * content.article.published → one notification to the organisation's ACTIVE members (an inbox
 * entry each and a push job), `data.type` NEWS and `data.articleId`; a members-only article leaves
 * GUESTs out. Written in the transaction that records the message, so a redelivery adds nothing.
 * Starts at new messages: a first deployment does not announce a week of old articles.
 */
export function consumeNewsEvents(source: ServiceEventSource<Tx>, options: NewsConsumerOptions): Promise<RunningConsumer> {
  return consumeEvents(afterEachCommit(source, options.onQueued), {
    durable: 'notifications-news',
    subjects: [SUBJECTS.articlePublished],
    startAt: 'new',
    handle: async ({ event, tx }) => {
      const notification = newsNotification(event);
      await createNotification(tx, { ...notification, createdAt: new Date(), push: options.pushEnabled }, { excludeGuests: notification.membersOnly });
    },
  });
}
