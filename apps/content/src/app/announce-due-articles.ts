import type { Counter } from 'prom-client';
import type { ContentDeps } from '../deps';
import { getArticleById, lockDueAnnouncements } from '../store/articles';
import { announceArticle } from './announce';

/**
 * Announces every scheduled article whose time has come: each is locked (SKIP LOCKED), its event
 * written to the outbox and its announcement marked SENT in one transaction, so it is announced
 * exactly once even when several replicas run this at the same moment. Answers how many.
 */
export async function announceDueArticles(deps: ContentDeps, counted: Counter<string>, batch = 100): Promise<number> {
  let total = 0;
  for (;;) {
    const now = deps.now();
    const announced: Array<{ articleId: string; organizationId: string; publishedAt: Date | null }> = [];
    const count = await deps.db.$transaction(
      async (tx) => {
        announced.length = 0;
        const due = await lockDueAnnouncements(tx, now, batch);
        for (const { id } of due) {
          const article = await getArticleById(tx, id);
          await announceArticle(deps, tx, article, now);
          announced.push({ articleId: id, organizationId: article.organizationId, publishedAt: article.publishedAt });
        }
        return due.length;
      },
      // A batch is up to `batch` articles of three statements each: room for a loaded database.
      { maxWait: 10_000, timeout: 60_000 },
    );
    // Logged once committed: a batch rolled back announced nothing.
    for (const fields of announced) deps.logger.info(fields, 'scheduled article announced');
    total += count;
    counted.inc(count);
    if (count < batch) return total;
  }
}
