import { Metadata, status } from '@grpc/grpc-js';
import { contentEventsV1 } from '@platform/proto';
import { article, eventually, organisation, startContentHarness, type ContentHarness } from './content-harness';

describe('news articles on the real database and stream', () => {
  let h: ContentHarness;
  let org: ReturnType<typeof organisation>;

  beforeAll(async () => {
    h = await startContentHarness('articles');
    org = organisation(h);
  });
  afterAll(async () => h?.stop());

  const create = (overrides: Parameters<typeof article>[0] extends infer A ? Partial<A> : never = {}) =>
    h.call('createArticle', article({ organizationId: org.id, ...overrides }), org.admin);

  it('creates a DRAFT with sanitised content, its blocks and the fallback excerpt', async () => {
    const created = await create({
      title: 'Élan & Café',
      content: '<p onclick="x()">Hello <b>all</b></p><script>bad()</script><h2>Next</h2>',
      tags: ['agm', ' agm ', 'news'],
    });
    expect(created).toMatchObject({
      status: 'DRAFT',
      content: '<p>Hello <b>all</b></p>\n<h2>Next</h2>',
      excerpt: 'Hello all Next',
      tags: ['agm', 'news'],
      visible: false,
      viewCount: '0',
    });
    expect(created.contentBlocks.map((b) => [b.type, b.text, b.level])).toEqual([
      ['paragraph', 'Hello all', 0],
      ['heading', 'Next', 2],
    ]);
  });

  it('refuses bad input with the field and creates nothing', async () => {
    const before = await h.sql<{ n: string }>('SELECT count(*)::text AS n FROM article');
    await expect(create({ title: ' ', coverImageUrl: 'ftp://x', scheduledAt: new Date(Date.now() - 60_000) })).rejects.toMatchObject({
      code: status.INVALID_ARGUMENT,
    });
    expect(await h.sql<{ n: string }>('SELECT count(*)::text AS n FROM article')).toEqual(before);
  });

  it('refuses members and guests on admin routes, and other organisations everywhere', async () => {
    await expect(h.call('createArticle', article({ organizationId: org.id }), org.member)).rejects.toMatchObject({ code: status.PERMISSION_DENIED });
    const other = organisation(h);
    const created = await create();
    await expect(h.call('getArticle', { organizationId: other.id, articleId: created.id }, other.admin)).rejects.toMatchObject({ code: status.NOT_FOUND });
    await expect(h.call('getArticle', { organizationId: org.id, articleId: created.id }, other.admin)).rejects.toMatchObject({
      code: status.PERMISSION_DENIED,
    });
  });

  it('publishes now: visible at once and announced once through the outbox', async () => {
    const created = await create({ title: 'Now', membersOnly: true, tags: ['agm'], content: '<h2>Agenda</h2><ul><li>Budget</li></ul>' });
    let published: Awaited<ReturnType<typeof create>> | undefined;
    const events = await h.events('content.article.published', async () => {
      published = await h.call('publishArticle', { organizationId: org.id, articleId: created.id }, org.admin);
    });
    expect(events).toHaveLength(1);
    expect(contentEventsV1.ArticlePublished.decode(events[0]!)).toMatchObject({
      articleId: created.id,
      organizationId: org.id,
      title: 'Now',
      membersOnly: true,
    });
    const seen = await h.call('getArticle', { organizationId: org.id, articleId: created.id }, org.member);
    expect(seen).toMatchObject({ status: 'PUBLISHED', visible: true, viewCount: '1' });
    // The counted fetch answers the row as the UPDATE left it: every field as the typed read gives it, updatedAt untouched.
    expect({ ...seen, viewCount: '0' }).toEqual(published);
    await expect(h.call('publishArticle', { organizationId: org.id, articleId: created.id }, org.admin)).rejects.toMatchObject({ code: status.ALREADY_EXISTS });
  });

  it('publishes a scheduled article: hidden until its time, then visible and announced exactly once', async () => {
    const scheduledAt = new Date(Date.now() + 2500);
    const created = await create({ title: 'Later', scheduledAt });
    const events = await h.events('content.article.published', async () => {
      const published = await h.call('publishArticle', { organizationId: org.id, articleId: created.id }, org.admin);
      expect(published).toMatchObject({ status: 'PUBLISHED', visible: false });
      await expect(h.call('getArticle', { organizationId: org.id, articleId: created.id }, org.member)).rejects.toMatchObject({ code: status.NOT_FOUND });
      const listed = await h.call('listArticles', { organizationId: org.id, status: '', tag: '', search: 'later', sort: '' }, org.member);
      expect(listed.totalElements).toBe(0);
      expect(
        await eventually(
          async () => (await h.sql<{ announcement: string }>('SELECT announcement FROM article WHERE id = $1', [created.id]))[0]?.announcement === 'SENT',
        ),
      ).toBe(true);
    });
    expect(events.map((e) => contentEventsV1.ArticlePublished.decode(e).articleId)).toEqual([created.id]);
    const listed = await h.call('listArticles', { organizationId: org.id, status: '', tag: '', search: 'later', sort: '' }, org.member);
    expect(listed.content.map((a) => a.id)).toEqual([created.id]);
  });

  it('lists with status, tag, members-only and accent-insensitive title search; guests never see members-only', async () => {
    const a = await create({ title: 'Crème brûlée night', tags: ['food'], membersOnly: true });
    const b = await create({ title: 'CREME tasting', tags: ['food'] });
    await create({ title: 'Draft crème', tags: ['food'] });
    for (const id of [a.id, b.id]) await h.call('publishArticle', { organizationId: org.id, articleId: id }, org.admin);
    const list = (token: string, extra: Record<string, unknown> = {}) =>
      h.call('listArticles', { organizationId: org.id, status: '', tag: 'food', search: 'crème', sort: 'title,asc', ...extra }, token);
    expect((await list(org.member)).content.map((x) => x.title)).toEqual(['CREME tasting', 'Crème brûlée night']);
    expect((await list(org.guest)).content.map((x) => x.title)).toEqual(['CREME tasting']);
    expect((await list(org.admin)).totalElements).toBe(3);
    expect((await list(org.admin, { status: 'DRAFT' })).content.map((x) => x.title)).toEqual(['Draft crème']);
    expect((await list(org.member, { membersOnly: true })).content.map((x) => x.title)).toEqual(['Crème brûlée night']);
    await expect(h.call('getArticle', { organizationId: org.id, articleId: a.id }, org.guest)).rejects.toMatchObject({ code: status.NOT_FOUND });
    await expect(list(org.member, { sort: 'nope,asc' })).rejects.toMatchObject({ code: status.INVALID_ARGUMENT });
  });

  it("searches LIKE's wildcards as plain characters", async () => {
    const percent = await create({ title: 'Dues up 100% this_year', tags: ['dues'] });
    const other = await create({ title: 'Dues up 1000 this year', tags: ['dues'] });
    for (const id of [percent.id, other.id]) await h.call('publishArticle', { organizationId: org.id, articleId: id }, org.admin);
    const search = async (term: string) =>
      (await h.call('listArticles', { organizationId: org.id, status: '', tag: 'dues', search: term, sort: '' }, org.member)).content.map((a) => a.id);
    expect(await search('100%')).toEqual([percent.id]);
    expect(await search('this_year')).toEqual([percent.id]);
    expect((await search('dues')).sort()).toEqual([percent.id, other.id].sort());
  });

  it('updates the given fields, keeps the others, and follows the content with a fallback excerpt', async () => {
    const created = await create({ title: 'Old', content: '<p>first words</p>', tags: ['x'] });
    const updated = await h.call('updateArticle', { organizationId: org.id, articleId: created.id, title: 'New', content: '<p>second words</p>' }, org.admin);
    expect(updated).toMatchObject({ title: 'New', excerpt: 'second words', tags: ['x'] });
    const retagged = await h.call('updateArticle', { organizationId: org.id, articleId: created.id, tags: ['y', 'z'], excerpt: 'Mine' }, org.admin);
    expect(retagged).toMatchObject({ title: 'New', excerpt: 'Mine', tags: ['y', 'z'] });
  });

  it('archives and unarchives, and soft-deletes', async () => {
    const created = await create({ title: 'Archive me' });
    await h.call('publishArticle', { organizationId: org.id, articleId: created.id }, org.admin);
    expect(await h.call('archiveArticle', { organizationId: org.id, articleId: created.id }, org.admin)).toMatchObject({ status: 'ARCHIVED', visible: false });
    await expect(h.call('getArticle', { organizationId: org.id, articleId: created.id }, org.member)).rejects.toMatchObject({ code: status.NOT_FOUND });
    expect(await h.call('unarchiveArticle', { organizationId: org.id, articleId: created.id }, org.admin)).toMatchObject({
      status: 'PUBLISHED',
      visible: true,
    });
    await h.call('deleteArticle', { organizationId: org.id, articleId: created.id }, org.admin);
    await expect(h.call('getArticle', { organizationId: org.id, articleId: created.id }, org.admin)).rejects.toMatchObject({ code: status.NOT_FOUND });
    expect((await h.sql<{ deleted: boolean }>('SELECT deleted_at IS NOT NULL AS deleted FROM article WHERE id = $1', [created.id]))[0]?.deleted).toBe(true);
  });

  it('counts exactly one view per fetch of a visible article under 1,000 concurrent fetches, and none of a draft', async () => {
    const created = await create({ title: 'Popular' });
    await h.call('publishArticle', { organizationId: org.id, articleId: created.id }, org.admin);
    // The harness's calls have a 10 s deadline; 1,000 at once on a loaded machine may need more (exactness is the point here).
    const metadata = new Metadata();
    metadata.set('authorization', `Bearer ${org.member}`);
    const fetchOnce = () =>
      new Promise<void>((resolve, reject) =>
        h.client.getArticle({ organizationId: org.id, articleId: created.id }, metadata, { deadline: Date.now() + 60_000 }, (err) =>
          err ? reject(err) : resolve(),
        ),
      );
    await Promise.all(Array.from({ length: 1000 }, fetchOnce));
    expect((await h.sql<{ n: string }>('SELECT view_count::text AS n FROM article WHERE id = $1', [created.id]))[0]?.n).toBe('1000');
    const draft = await create({ title: 'Unseen' });
    await h.call('getArticle', { organizationId: org.id, articleId: draft.id }, org.admin);
    expect((await h.sql<{ n: string }>('SELECT view_count::text AS n FROM article WHERE id = $1', [draft.id]))[0]?.n).toBe('0');
    // A GUEST's refused fetch of a members-only article counts nothing either.
    const secret = await create({ title: 'Members view', membersOnly: true });
    await h.call('publishArticle', { organizationId: org.id, articleId: secret.id }, org.admin);
    await expect(h.call('getArticle', { organizationId: org.id, articleId: secret.id }, org.guest)).rejects.toMatchObject({ code: status.NOT_FOUND });
    expect(await h.call('getArticle', { organizationId: org.id, articleId: secret.id }, org.member)).toMatchObject({ viewCount: '1' });
  }, 120_000);
});
