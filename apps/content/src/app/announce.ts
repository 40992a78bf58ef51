import type { ContentDeps } from '../deps';
import { markAnnouncementSent, type ArticleRow } from '../store/articles';
import type { Tx } from '../store/db';

/** Writes content.article.published for the article (in the caller's transaction) and marks it SENT. */
export async function announceArticle(deps: Pick<ContentDeps, 'messages'>, tx: Tx, article: ArticleRow, now: Date): Promise<void> {
  await deps.messages.articlePublished(tx, {
    articleId: article.id,
    organizationId: article.organizationId,
    title: article.title,
    excerpt: article.excerpt,
    membersOnly: article.membersOnly,
    publishedAt: article.publishedAt ?? now,
    publishedBy: article.publishedBy ?? '',
    occurredAt: now,
  });
  await markAnnouncementSent(tx, article.id);
}
