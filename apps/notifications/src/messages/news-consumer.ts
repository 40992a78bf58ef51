import { messageConsumer, SUBJECTS, type MessageConsumer } from '@platform/messaging';
import { newsNotification } from '../domain/news-notification';
import type { Tx } from '../store/db';
import { createNotification } from '../store/notifications';

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
export function newsConsumer(options: NewsConsumerOptions): MessageConsumer<Tx> {
  return messageConsumer({
    durable: 'notifications-news',
    subjects: [SUBJECTS.articlePublished],
    startAt: 'new',
    afterCommit: options.onQueued,
    handle: async ({ event, tx }) => {
      const notification = newsNotification(event);
      await createNotification(tx, { ...notification, createdAt: new Date(), push: options.pushEnabled }, { excludeGuests: notification.membersOnly });
    },
  });
}
