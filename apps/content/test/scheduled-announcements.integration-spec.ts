import type { RunningService } from '@platform/grpc-server';
import { serviceOutbox } from '@platform/messaging';
import { contentEventsV1 } from '@platform/proto';
import type { Logger } from '@platform/telemetry';
import { Counter } from 'prom-client';
import { announceDueArticles } from '../src/app/announce-due-articles';
import type { ContentDeps } from '../src/deps';
import { outboxMessages } from '../src/messages/content-messages';
import { startContent } from '../src/main';
import { createContentDb, type ContentDb } from '../src/store/db';
import { article, eventually, organisation, startContentHarness, type ContentHarness } from './content-harness';

const HOUR = 3_600_000;

/** A logger that keeps what the announcement run logs at info. */
function recordingLogger(lines: Array<Record<string, unknown> & { msg: string }>): Logger {
  const logger = {
    info: (fields: Record<string, unknown>, msg: string) => void lines.push({ ...fields, msg }),
    debug: () => undefined,
    warn: () => undefined,
    error: () => undefined,
    child: () => logger,
  };
  return logger as unknown as Logger;
}

const announcedMetric = async (service: RunningService): Promise<number> => {
  const text = await (await fetch(`http://127.0.0.1:${service.adminPort}/metrics`)).text();
  return Number(/^content_articles_announced_total(?:\{[^}]*\})? (\d+)/m.exec(text)?.[1] ?? 0);
};

describe('the scheduled-announcements job with several replicas', () => {
  let h: ContentHarness;
  let org: ReturnType<typeof organisation>;
  let db: ContentDb;

  beforeAll(async () => {
    h = await startContentHarness('announcements', { CONTENT_ANNOUNCE_INTERVAL_MS: '100' });
    org = organisation(h);
    db = createContentDb(h.schema.connectionString, h.schema.schema);
  });
  afterAll(async () => {
    await db?.$disconnect();
    await h?.stop();
  });

  /** `count` PUBLISHED articles whose time is `scheduledAt` (announcement PENDING). */
  const scheduled = async (count: number, title: string, scheduledAt: Date): Promise<string[]> => {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const created = await h.call('createArticle', article({ organizationId: org.id, title: `${title} ${i}`, scheduledAt }), org.admin);
      const published = await h.call('publishArticle', { organizationId: org.id, articleId: created.id }, org.admin);
      expect(published).toMatchObject({ status: 'PUBLISHED', visible: false });
      ids.push(created.id);
    }
    return ids;
  };
  const announcementsOf = async (ids: string[]) =>
    (await h.sql<{ announcement: string }>('SELECT announcement FROM article WHERE id = ANY($1::uuid[])', [ids])).map((r) => r.announcement);
  const decodedIds = (events: Uint8Array[]) => events.map((e) => contentEventsV1.ArticlePublished.decode(e).articleId);

  it('announces each due article exactly once when runs overlap, even without the advisory lock, and logs and counts each', async () => {
    // Due in an hour: the service's own job (real time) leaves them; these runs read the clock two hours on.
    const ids = await scheduled(60, 'Overlapping', new Date(Date.now() + HOUR));
    const later = new Date(Date.now() + 2 * HOUR);
    const lines: Array<Record<string, unknown> & { msg: string }> = [];
    const counters = Array.from({ length: 5 }, (_, i) => new Counter({ name: `announced_${i}`, help: 'test', registers: [] }));
    const deps: ContentDeps = { db, messages: outboxMessages(serviceOutbox(h.schema.schema, h.names)), logger: recordingLogger(lines), now: () => later };
    let answered: number[] = [];
    const events = await h.events('content.article.published', async () => {
      // Five replicas at the same moment, in batches of 7 so that they meet on the rows.
      answered = await Promise.all(counters.map((counter) => announceDueArticles(deps, counter, 7)));
    });
    expect(answered.reduce((a, b) => a + b, 0)).toBe(60);
    expect(decodedIds(events).sort()).toEqual([...ids].sort());
    expect(await announcementsOf(ids)).toEqual(Array(60).fill('SENT'));
    let counted = 0;
    for (const counter of counters) counted += (await counter.get()).values.reduce((sum, v) => sum + v.value, 0);
    expect(counted).toBe(60);
    const logged = lines.filter((l) => l.msg === 'scheduled article announced');
    expect(logged.map((l) => l.articleId).sort()).toEqual([...ids].sort());
    expect(logged[0]).toMatchObject({ organizationId: org.id });
    // Nothing left: a further run announces nothing.
    expect(await announceDueArticles(deps, counters[0]!)).toBe(0);
  }, 90_000);

  it('lets three running replicas announce due articles once each, counted in content_articles_announced_total', async () => {
    const replicas = [await startContent({ ...h.env }), await startContent({ ...h.env })];
    try {
      const services = [h.service as unknown as RunningService, ...replicas];
      const before = (await Promise.all(services.map(announcedMetric))).reduce((a, b) => a + b, 0);
      const ids = await scheduled(20, 'Replicated', new Date(Date.now() + HOUR));
      let visibleBefore = 0;
      const events = await h.events('content.article.published', async () => {
        // Their time comes in three seconds, for every replica at once.
        await h.sql(`UPDATE article SET scheduled_at = now() + interval '3 seconds', published_at = now() + interval '3 seconds' WHERE id = ANY($1::uuid[])`, [
          ids,
        ]);
        visibleBefore = (await h.call('listArticles', { organizationId: org.id, status: '', tag: '', search: 'replicated', sort: '' }, org.member))
          .totalElements;
        expect(await eventually(async () => (await announcementsOf(ids)).every((a) => a === 'SENT'), 150)).toBe(true);
      });
      expect(visibleBefore).toBe(0);
      expect(decodedIds(events).sort()).toEqual([...ids].sort());
      const listed = await h.call('listArticles', { organizationId: org.id, status: '', tag: '', search: 'replicated', sort: '', size: 100 }, org.member);
      expect(listed.totalElements).toBe(20);
      const after = (await Promise.all(services.map(announcedMetric))).reduce((a, b) => a + b, 0);
      expect(after - before).toBe(20);
    } finally {
      for (const replica of replicas) await replica.stop();
    }
  }, 90_000);
});
