import type { Counter } from 'prom-client';
import type { ContentDeps } from '../deps';
import { lockDueAnnouncements } from '../store/articles';
import { announceArticle } from './announce';

/**
 * Announces every scheduled article whose time has come: each is locked (SKIP LOCKED), its event
 * written to the outbox and its announcement marked SENT in one transaction, so it is announced
 * exactly once even when several replicas run this at the same moment. Answers how many.
 */
export async function announceDueArticles(deps: ContentDeps, announced: Counter<string>, batch = 100): Promise<number> {
  let total = 0;
  for (;;) {
    const now = deps.now();
    const count = await deps.db.$transaction(async (tx) => {
      const due = await lockDueAnnouncements(tx, now, batch);
      for (const { id } of due) {
        const article = await tx.article.findUniqueOrThrow({ where: { id } });
        await announceArticle(deps, tx, article, now);
        deps.logger.info({ articleId: id, organizationId: article.organizationId, publishedAt: article.publishedAt }, 'scheduled article announced');
      }
      return due.length;
    });
    total += count;
    announced.inc(count);
    if (count < batch) return total;
  }
}
