import { pullAll, startTestSite, type TestSite } from './support/harness';
import { mapArticle } from './support/reference-mapping';

const ENTITIES = ['members', 'articles', 'events', 'conferences', 'documents', 'companies', 'notifications'];

describe('a generated site', () => {
  let t: TestSite;
  beforeAll(async () => {
    t = await startTestSite({
      seed: {
        kind: 'generated',
        seed: 42,
        sizes: { members: 40, articles: 25, events: 10, conferences: 3, documents: 26, companies: 6, notifications: 9, pages: 4 },
      },
    });
  });
  afterAll(async () => {
    await t.stop();
  });

  it('serves every entity, each record once, whatever the page size', async () => {
    for (const entity of ENTITIES) {
      const whole = await pullAll(t, entity, '', 200);
      const paged = await pullAll(t, entity, '', 7);
      expect([entity, paged.map((r) => r.id)]).toEqual([entity, whole.map((r) => r.id)]);
      expect(new Set(whole.map((r) => r.id)).size).toBe(whole.length);
    }
    expect((await pullAll(t, 'members')).length).toBe(40);
    expect((await pullAll(t, 'articles')).length).toBe(25);
  });

  it('lets the administrator and the members sign in', async () => {
    await expect(t.login('admin', 'admin')).resolves.toEqual(expect.any(String));
    const members = await pullAll(t, 'members');
    const member = members.find((m) => m.role === 'association-member');
    await expect(t.login(member.user_login, 'password')).resolves.toEqual(expect.any(String));
  });

  it('serves the featured images and files its records point at', async () => {
    const articles = await pullAll(t, 'articles');
    const documents = await pullAll(t, 'documents');
    const urls = [
      ...articles
        .map((a) => a.featured_image_url)
        .filter(Boolean)
        .slice(0, 5),
      ...documents.map((d) => d.file_url).filter((u) => u && !u.includes('/missing/')),
    ];
    expect(urls.length).toBeGreaterThan(5);
    for (const url of urls) expect([url, (await fetch(url)).status]).toEqual([url, 200]);
    expect(documents.some((d) => d.file_url?.includes('/missing/'))).toBe(true);
  });

  it('serves articles in block markup and classic HTML that map to comment-free content blocks', async () => {
    const articles = await pullAll(t, 'articles');
    const blockMarkup = articles.filter((a) => a.post_content.includes('<!-- wp:'));
    expect(blockMarkup.length).toBeGreaterThan(articles.length / 2);
    expect(blockMarkup.length).toBeLessThan(articles.length);
    for (const article of articles) {
      const { content, summary } = mapArticle(article);
      expect([article.id, content.includes('<!--'), content.length > 0, summary.length > 0]).toEqual([article.id, false, true, true]);
    }
  });

  it('includes members whose emails differ only in case', async () => {
    const members = await pullAll(t, 'members');
    const emails = members.map((m) => m.email as string);
    expect(new Set(emails).size).toBe(emails.length);
    expect(new Set(emails.map((e) => e.toLowerCase())).size).toBeLessThan(emails.length);
  });
});
