import type { ArticleRow } from '../store/articles';
import type { ContentDb } from '../store/db';
import { ViewCounter } from './count-views';

/** A database whose view UPDATEs wait until the test ends them, recording each one's increment. */
function heldDatabase() {
  const updates: Array<{ views: number; finish: (rows: ArticleRow[]) => void; fail: (err: Error) => void }> = [];
  const db = {
    $queryRaw: (_sql: TemplateStringsArray, ...values: unknown[]) =>
      new Promise<ArticleRow[]>((finish, fail) => updates.push({ views: values[0] as number, finish, fail })),
  } as unknown as ContentDb;
  return { db, updates };
}

const row = (viewCount: number) => ({ id: 'a', viewCount: BigInt(viewCount) }) as unknown as ArticleRow;
const ORG = '00000000-0000-4000-8000-000000000001';
const ARTICLE = '00000000-0000-4000-8000-000000000002';

describe('ViewCounter', () => {
  it('counts a lone fetch at once, in an UPDATE of its own', async () => {
    const { db, updates } = heldDatabase();
    const fetched = new ViewCounter(db).count(ORG, ARTICLE, new Date(), false);
    expect(updates.map((u) => u.views)).toEqual([1]);
    updates[0]!.finish([row(1)]);
    expect(await fetched).toEqual(row(1));
  });

  it('counts the fetches that arrive during an UPDATE together in the next one, each answered with its row', async () => {
    const { db, updates } = heldDatabase();
    const views = new ViewCounter(db);
    const first = views.count(ORG, ARTICLE, new Date(), false);
    const waiting = [1, 2, 3].map(() => views.count(ORG, ARTICLE, new Date(), false));
    expect(updates.map((u) => u.views)).toEqual([1]);
    updates[0]!.finish([row(1)]);
    expect(await first).toEqual(row(1));
    expect(updates.map((u) => u.views)).toEqual([1, 3]);
    updates[1]!.finish([row(4)]);
    expect(await Promise.all(waiting)).toEqual([row(4), row(4), row(4)]);
    // Nothing under way any more: the next fetch runs at once again.
    void views.count(ORG, ARTICLE, new Date(), false);
    expect(updates.map((u) => u.views)).toEqual([1, 3, 1]);
  });

  it('keeps articles and kinds of reader apart', () => {
    const { db, updates } = heldDatabase();
    const views = new ViewCounter(db);
    void views.count(ORG, ARTICLE, new Date(), false);
    void views.count(ORG, ARTICLE, new Date(), true);
    void views.count(ORG, ORG, new Date(), false);
    expect(updates.map((u) => u.views)).toEqual([1, 1, 1]);
  });

  it('fails every fetch of a batch whose UPDATE fails, and goes on with the next', async () => {
    const { db, updates } = heldDatabase();
    const views = new ViewCounter(db);
    const first = views.count(ORG, ARTICLE, new Date(), false);
    const waiting = views.count(ORG, ARTICLE, new Date(), false);
    updates[0]!.fail(new Error('connection lost'));
    await expect(first).rejects.toThrow('connection lost');
    updates[1]!.fail(new Error('still lost'));
    await expect(waiting).rejects.toThrow('still lost');
    const after = views.count(ORG, ARTICLE, new Date(), false);
    updates[2]!.finish([]);
    expect(await after).toBeNull();
  });
});
