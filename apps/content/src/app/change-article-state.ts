import type { ContentDeps } from '../deps';
import { isRefusal, transition, type Announcement, type ArticleAction, type ArticleStatus } from '../domain/article-state';
import { articleNotFound, stateConflict } from '../domain/errors';
import { getArticleById, lockArticle, updateArticle, type ArticleRow } from '../store/articles';
import { announceArticle } from './announce';

/**
 * Publish, archive or unarchive by the state table (domain/article-state.ts), with the article
 * locked; publishing now writes content.article.published in the same transaction.
 */
export function changeArticleState(deps: ContentDeps, organizationId: string, articleId: string, action: ArticleAction, by: string): Promise<ArticleRow> {
  return deps.db.$transaction(async (tx) => {
    const article = await lockArticle(tx, organizationId, articleId);
    if (!article) throw articleNotFound();
    const now = deps.now();
    const result = transition(
      {
        status: article.status as ArticleStatus,
        scheduledAt: article.scheduledAt,
        publishedAt: article.publishedAt,
        announcement: article.announcement as Announcement,
      },
      action,
      now,
    );
    if (isRefusal(result)) throw stateConflict(result.refused);
    const { next } = result;
    const updated = await updateArticle(tx, article.id, {
      status: next.status,
      publishedAt: next.publishedAt,
      announcement: result.announceNow ? 'PENDING' : next.announcement,
      ...(action === 'publish' ? { publishedBy: by } : {}),
    });
    if (result.announceNow) {
      await announceArticle(deps, tx, updated, now);
      deps.logger.info({ articleId, organizationId }, 'article published and announced');
      return getArticleById(tx, article.id);
    }
    return updated;
  });
}
