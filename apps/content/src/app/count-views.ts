import { countViews, type ArticleRow } from '../store/articles';
import type { ContentDb } from '../store/db';

/** The fetches of one article by one kind of reader that wait for the next UPDATE. */
interface Waiting {
  views: number;
  /** The latest `now` among them: a fetch waits a few milliseconds at most, and counts as of the batch. */
  now: Date;
  fetches: Array<{ resolve: (row: ArticleRow | null) => void; reject: (err: unknown) => void }>;
}

/**
 * Counts the views of article fetches, several fetches of one article at a time in one UPDATE
 * (docs/decisions/0232-cpu-per-request.md). A fetch of an article with no UPDATE under way runs its
 * own at once (`+ 1`, no wait); fetches that arrive while one is under way wait for it to end, then
 * share the next UPDATE (`+ n`), and each gets the row as that UPDATE left it. Views stay exact: an
 * UPDATE that answers the row counted each of its fetches once; one that answers nothing (the
 * article is not visible to them) counted none, and the handler looks further as before.
 * The batches are per article, organisation and kind of reader (a GUEST does not see members-only
 * articles), and per process: replicas each run their own, every one an atomic increment.
 */
export class ViewCounter {
  /** Per article and kind of reader: the fetches waiting for the UPDATE under way; present while one is. */
  private readonly underWay = new Map<string, { waiting?: Waiting }>();

  constructor(private readonly db: ContentDb) {}

  count(organizationId: string, articleId: string, now: Date, excludeMembersOnly: boolean): Promise<ArticleRow | null> {
    const key = `${organizationId}/${articleId}/${excludeMembersOnly}`;
    const running = this.underWay.get(key);
    if (!running) return this.start(key, { organizationId, articleId, excludeMembersOnly }, 1, now);
    const waiting = (running.waiting ??= { views: 0, now, fetches: [] });
    waiting.views += 1;
    if (now > waiting.now) waiting.now = now;
    return new Promise((resolve, reject) => waiting.fetches.push({ resolve, reject }));
  }

  private start(key: string, article: { organizationId: string; articleId: string; excludeMembersOnly: boolean }, views: number, now: Date) {
    const running: { waiting?: Waiting } = {};
    this.underWay.set(key, running);
    const counted = countViews(this.db, article.organizationId, article.articleId, now, article.excludeMembersOnly, views);
    const next = () => {
      const waiting = running.waiting;
      if (!waiting) {
        this.underWay.delete(key);
        return;
      }
      this.start(key, article, waiting.views, waiting.now).then(
        (row) => waiting.fetches.forEach((fetch) => fetch.resolve(row)),
        (err: unknown) => waiting.fetches.forEach((fetch) => fetch.reject(err)),
      );
    };
    counted.then(next, next);
    return counted;
  }
}
