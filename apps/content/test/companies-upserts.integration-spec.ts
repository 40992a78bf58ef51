import { status } from '@grpc/grpc-js';
import type { contentV1 } from '@platform/proto';
import { article, organisation, sleep, startContentHarness, type ContentHarness } from './content-harness';

const imported = (externalId: string, overrides: Partial<contentV1.ImportedArticle> = {}): contentV1.ImportedArticle => ({
  externalId,
  title: `Article ${externalId}`,
  content: '<!-- wp:paragraph -->\n<p>Imported text</p>\n<!-- /wp:paragraph -->\n<!-- wp:paragraph --><p></p><!-- /wp:paragraph -->',
  excerpt: '',
  slug: `article-${externalId}`,
  status: 'PUBLISHED',
  featuredImageUrl: '',
  authorName: 'Site Admin',
  authorEmail: 'admin@site.example',
  category: 'News',
  tags: ['a'],
  sourceCreatedAt: new Date('2025-02-10T23:00:00Z'),
  sourceUpdatedAt: new Date('2025-02-12T01:30:00Z'),
  membersOnly: false,
  ...overrides,
});

describe('companies and the connector upserts', () => {
  let h: ContentHarness;
  let org: ReturnType<typeof organisation>;

  beforeAll(async () => {
    h = await startContentHarness('companies');
    org = organisation(h);
  });
  afterAll(async () => h?.stop());

  it('lets admins write companies and members read the published ones', async () => {
    const base = {
      organizationId: org.id,
      description: 'Builders',
      website: 'https://acme.example',
      contactPhone: '+61 7 0000',
      contactEmail: 'hi@acme.example',
      logoUrl: '',
    };
    const acme = await h.call('createCompany', { ...base, companyName: 'Acmé Pty', status: '' }, org.admin);
    await h.call('createCompany', { ...base, companyName: 'Hidden Ltd', status: 'DRAFT' }, org.admin);
    await expect(h.call('createCompany', { ...base, companyName: 'Nope', status: '' }, org.member)).rejects.toMatchObject({ code: status.PERMISSION_DENIED });
    await expect(h.call('createCompany', { ...base, companyName: '', website: 'nope', status: '' }, org.admin)).rejects.toMatchObject({
      code: status.INVALID_ARGUMENT,
    });
    const list = (token: string, search = '') => h.call('listCompanies', { organizationId: org.id, search, status: '', sort: '' }, token);
    expect((await list(org.member)).content.map((c) => c.companyName)).toEqual(['Acmé Pty']);
    expect((await list(org.admin)).totalElements).toBe(2);
    expect((await list(org.member, 'ACME')).content.map((c) => c.id)).toEqual([acme.id]);
    await expect(list(org.guest)).rejects.toMatchObject({ code: status.PERMISSION_DENIED });
    expect(await h.call('updateCompany', { organizationId: org.id, companyId: acme.id, contactPhone: '123' }, org.admin)).toMatchObject({
      contactPhone: '123',
      companyName: 'Acmé Pty',
    });
    await h.call('deleteCompany', { organizationId: org.id, companyId: acme.id }, org.admin);
    await expect(h.call('getCompany', { organizationId: org.id, companyId: acme.id }, org.member)).rejects.toMatchObject({ code: status.NOT_FOUND });
  });

  it('keeps an article edited on the platform: SKIP while the source is unchanged, CONFLICT when the source changed too', async () => {
    const upsert = (articles: contentV1.ImportedArticle[]) => h.call('upsertArticles', { organizationId: org.id, articles }, h.tokens.service('connector'));
    const first = await upsert([imported('30'), imported('31')]);
    const edited = first.results[0]!.id;
    await h.call('updateArticle', { organizationId: org.id, articleId: edited, title: 'Corrected by the office' }, org.admin);

    const unchangedAtSource = await upsert([imported('30'), imported('31')]);
    expect(unchangedAtSource.results.map((r) => r.action)).toEqual(['SKIP', 'SKIP']);
    const changedAtSource = await upsert([imported('30', { title: 'Changed on the site' }), imported('31', { title: 'Changed on the site too' })]);
    expect(changedAtSource.results.map((r) => r.action)).toEqual(['CONFLICT', 'UPDATE']);
    expect(changedAtSource).toMatchObject({ updated: 1, conflicts: 1 });
    const titles = await h.sql<{ external_id: string; title: string }>(
      "SELECT external_id, title FROM article WHERE external_id IN ('30', '31') ORDER BY external_id",
    );
    expect(titles).toEqual([
      { external_id: '30', title: 'Corrected by the office' },
      { external_id: '31', title: 'Changed on the site too' },
    ]);
    // The next sync with the source as it is now: nothing new on either side.
    expect(
      (await upsert([imported('30', { title: 'Changed on the site' }), imported('31', { title: 'Changed on the site too' })])).results.map((r) => r.action),
    ).toEqual(['CONFLICT', 'SKIP']);
  });

  it('upserts articles by externalId: CREATE, then SKIP when unchanged, UPDATE when a field changed; never announced', async () => {
    const upsert = (articles: contentV1.ImportedArticle[]) => h.call('upsertArticles', { organizationId: org.id, articles }, h.tokens.service('connector'));
    const events = await h.events('content.article.published', async () => {
      const first = await upsert([imported('10'), imported('11', { status: 'draft' }), imported('', {})]);
      expect(first.results.map((r) => r.action)).toEqual(['CREATE', 'CREATE', 'ERROR']);
      expect(first).toMatchObject({ created: 2, failed: 1 });
      const again = await upsert([imported('10'), imported('11', { status: 'draft', title: 'Changed' })]);
      expect(again.results.map((r) => r.action)).toEqual(['SKIP', 'UPDATE']);
      // Published on the site later (a draft turning PUBLISHED), and one whose time is still to come:
      // the announcement job (every 200 ms) passes over both once their time has come.
      const later = await upsert([imported('11', { title: 'Changed' }), imported('12', { sourceCreatedAt: new Date(Date.now() + 300) })]);
      expect(later.results.map((r) => r.action)).toEqual(['UPDATE', 'CREATE']);
      await sleep(1200);
    });
    expect(events).toEqual([]);
    const announcements = await h.sql<{ external_id: string; status: string; announcement: string }>(
      "SELECT external_id, status, announcement FROM article WHERE external_id IN ('11', '12') ORDER BY external_id",
    );
    expect(announcements).toEqual([
      { external_id: '11', status: 'PUBLISHED', announcement: 'NONE' },
      { external_id: '12', status: 'PUBLISHED', announcement: 'NONE' },
    ]);
    const [row] = await h.sql<{ content: string; excerpt: string; status: string; announcement: string }>(
      "SELECT content, excerpt, status, announcement FROM article WHERE external_id = '10'",
    );
    expect(row).toEqual({ content: '<p>Imported text</p>', excerpt: 'Imported text', status: 'PUBLISHED', announcement: 'NONE' });
    await expect(h.call('upsertArticles', { organizationId: org.id, articles: [] }, org.admin)).rejects.toMatchObject({ code: status.PERMISSION_DENIED });
    await expect(upsert(Array.from({ length: 501 }, (_, i) => imported(String(i))))).rejects.toMatchObject({ code: status.INVALID_ARGUMENT });
  });

  it('takes the same change made on both sides as the new common ground: SKIP, then a later source change is an UPDATE', async () => {
    const upsert = (articles: contentV1.ImportedArticle[]) => h.call('upsertArticles', { organizationId: org.id, articles }, h.tokens.service('connector'));
    const [created] = (await upsert([imported('40')])).results;
    await h.call('updateArticle', { organizationId: org.id, articleId: created!.id, title: 'Fixed on both sides' }, org.admin);
    expect((await upsert([imported('40', { title: 'Fixed on both sides' })])).results.map((r) => r.action)).toEqual(['SKIP']);
    expect((await upsert([imported('40', { title: 'Changed again on the site' })])).results.map((r) => r.action)).toEqual(['UPDATE']);
  });

  it('makes slugs unique in the order of the batch: a slug taken before or earlier in the batch gets the external id, one given up earlier is free', async () => {
    const upsert = (articles: contentV1.ImportedArticle[]) => h.call('upsertArticles', { organizationId: org.id, articles }, h.tokens.service('connector'));
    const slugs = async () =>
      Object.fromEntries(
        (await h.sql<{ external_id: string; slug: string }>("SELECT external_id, slug FROM article WHERE external_id LIKE 's%'")).map((r) => [
          r.external_id,
          r.slug,
        ]),
      );
    await h.call('createArticle', article({ organizationId: org.id, title: 'Written here', slug: 'taken' }), org.admin);
    const first = await upsert([
      imported('s1', { slug: 'twice' }),
      imported('s2', { slug: 'twice' }),
      imported('s3', { slug: 'taken' }),
      imported('s5', { slug: 'beta' }),
      imported('s4', { slug: 'alpha' }),
    ]);
    expect(first.results.map((r) => r.action)).toEqual(['CREATE', 'CREATE', 'CREATE', 'CREATE', 'CREATE']);
    expect(await slugs()).toEqual({ s1: 'twice', s2: 'twice-s2', s3: 'taken-s3', s5: 'beta', s4: 'alpha' });

    // s4 and s5 swap their slugs, s1 gives its slug up, and two new articles ask for the ones given up.
    const second = await upsert([
      imported('s6', { slug: 'alpha' }),
      imported('s4', { slug: 'beta' }),
      imported('s5', { slug: 'alpha' }),
      imported('s1', { slug: 'renamed' }),
      imported('s7', { slug: 'twice' }),
    ]);
    expect(second.results.map((r) => r.action)).toEqual(['CREATE', 'UPDATE', 'UPDATE', 'UPDATE', 'CREATE']);
    expect(await slugs()).toMatchObject({ s6: 'alpha-s6', s4: 'beta-s4', s5: 'alpha', s1: 'renamed', s7: 'twice' });
    const fetched = await h.call('getArticle', { organizationId: org.id, articleId: second.results[2]!.id }, org.member);
    expect(fetched).toMatchObject({ slug: 'alpha' });
  });

  it('takes a full batch of 500 at once: each record answered in order with its article, stored once', async () => {
    const upsert = (articles: contentV1.ImportedArticle[]) => h.call('upsertArticles', { organizationId: org.id, articles }, h.tokens.service('connector'));
    const batch = Array.from({ length: 500 }, (_, i) => imported(`b${i}`, { slug: i % 2 ? `shared-${i % 10}` : '' }));
    const first = await upsert(batch);
    expect(first).toMatchObject({ created: 500, failed: 0 });
    const stored = await h.sql<{ id: string; external_id: string; slug: string | null }>(
      "SELECT id, external_id, slug FROM article WHERE external_id LIKE 'b%'",
    );
    const byExternalId = new Map(stored.map((r) => [r.external_id, r]));
    expect(first.results.map((r) => byExternalId.get(r.externalId)?.id)).toEqual(first.results.map((r) => r.id));
    expect(stored).toHaveLength(500);
    expect(byExternalId.get('b1')?.slug).toBe('shared-1');
    expect(byExternalId.get('b11')?.slug).toBe('shared-1-b11');
    const changed = batch.map((r, i) => (i % 3 === 0 ? { ...r, title: `${r.title} again` } : r));
    expect((await upsert(changed)).results.map((r) => r.action)).toEqual(changed.map((_, i) => (i % 3 === 0 ? 'UPDATE' : 'SKIP')));
  });

  it('upserts companies by externalId the same way', async () => {
    const company = (externalId: string, name: string): contentV1.ImportedCompany => ({
      externalId,
      companyName: name,
      description: '',
      website: '',
      contactPhone: '',
      contactEmail: '',
      logoUrl: '',
      status: 'publish',
    });
    const upsert = (companies: contentV1.ImportedCompany[]) => h.call('upsertCompanies', { organizationId: org.id, companies }, h.tokens.service('connector'));
    expect((await upsert([company('7', 'Seven')])).results.map((r) => r.action)).toEqual(['CREATE']);
    expect((await upsert([company('7', 'Seven'), company('7', 'Twice')])).results.map((r) => r.action)).toEqual(['SKIP', 'ERROR']);
    expect((await upsert([company('7', 'Seven Ltd')])).results.map((r) => r.action)).toEqual(['UPDATE']);
  });
});
