import { outboxWriter, SUBJECTS, type MessagingNames } from '@platform/messaging';
import type { Tx } from '../store/db';

export interface ArticleAnnouncement {
  articleId: string;
  organizationId: string;
  title: string;
  excerpt: string;
  membersOnly: boolean;
  publishedAt: Date;
  /** '' when unknown. */
  publishedBy: string;
  occurredAt: Date;
}

/** The events the content service publishes, each written to the outbox in the caller's transaction. */
export interface ContentEvents {
  articlePublished(tx: Tx, event: ArticleAnnouncement): Promise<void>;
}

export function outboxEvents(schema: string, names: MessagingNames): ContentEvents {
  const write = outboxWriter(schema, names);
  return {
    articlePublished: async (tx, event) =>
      void (await write(tx, SUBJECTS.articlePublished, {
        ...event,
        publishedAt: event.publishedAt.toISOString(),
        occurredAt: event.occurredAt.toISOString(),
      })),
  };
}
