import { SUBJECTS, type ServiceOutbox } from '@platform/messaging';
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

/** The messages the content service publishes, each written to the outbox in the caller's transaction. */
export interface ContentMessages {
  articlePublished(tx: Tx, event: ArticleAnnouncement): Promise<void>;
}

export function outboxMessages({ write }: ServiceOutbox): ContentMessages {
  return {
    articlePublished: async (tx, event) =>
      void (await write(tx, SUBJECTS.articlePublished, {
        ...event,
        publishedAt: event.publishedAt.toISOString(),
        occurredAt: event.occurredAt.toISOString(),
      })),
  };
}
