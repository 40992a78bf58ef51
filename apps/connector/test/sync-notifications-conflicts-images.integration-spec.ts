import { randomUUID } from 'node:crypto';
import type { contentV1, eventsV1, notificationsV1 } from '@platform/proto';
import { startConnectorHarness, type ConnectorHarness } from './connector-harness';
import { article, company, event } from './support/site-records';
import { syncCalls } from './support/sync-calls';

const ORG = randomUUID();

const notification = (id: number, type: string, status = 'publish', extra: Record<string, unknown> = {}) => ({
  id,
  post_type: 'notification',
  post_status: status,
  post_title: `Notice &#8220;${id}&#8221;`,
  post_name: `notice-${id}`,
  post_content: '',
  post_excerpt: 'Don&#8217;t miss out &amp; tell a colleague.',
  post_date_gmt: '2025-02-10 23:00:00',
  post_modified_gmt: '2025-02-10 23:00:00',
  _notification_type: type,
  _notification_link_post_id: type === 'post-type' ? 10 : null,
  _notification_link_post_type: type === 'post-type' ? 'post' : null,
  _notification_link_post_slug: type === 'post-type' ? 'post-10' : null,
  _notification_link_url: type === 'external-link' ? 'https://www.example.org/campaigns/1' : null,
  _notification_link_page: type === 'website-page' ? 'about-us' : null,
  ...extra,
});

describe('sync jobs: notifications, CONFLICT and copy-images', () => {
  let h: ConnectorHarness;
  let admin: string;

  beforeAll(async () => {
    h = await startConnectorHarness('sync_notifications');
    admin = h.tokens.org(ORG, 'ADMIN');
  });
  afterAll(async () => h?.stopAll());
  const { createConnector, run, logs } = syncCalls(() => ({ h, organizationId: ORG, token: admin }));

  it('imports the notifications last, entities decoded and links by type, skipping the ones never sent', async () => {
    h.site.set('articles', []);
    h.site.set('notifications', [
      notification(80, 'post-type'),
      notification(81, 'external-link'),
      notification(82, 'website-page'),
      notification(83, 'notification'),
      notification(84, 'notification', 'draft'),
    ]);
    const c = await createConnector({ enabledEntityTypes: ['NOTIFICATIONS', 'ARTICLES'] });
    expect(c.config?.enabledEntityTypes).toEqual(['ARTICLES', 'NOTIFICATIONS']);
    h.site.requests.length = 0;
    const job = await run(c.id, 'INITIAL_IMPORT');
    expect(job).toMatchObject({ status: 'COMPLETED' });
    expect([...new Set(h.site.requests.map((r) => r.path))]).toEqual(['sync/ping', 'sync/articles', 'sync/notifications']);
    expect(job.progress.find((p) => p.entityType === 'NOTIFICATIONS')).toMatchObject({ fetched: 5, created: 4, skipped: 1, failed: 0, done: true });

    const n = (id: string) => h.fakes.store.get<notificationsV1.ImportedNotification>('notifications', id);
    expect(n('80')).toEqual({
      externalId: '80',
      title: 'Notice “80”',
      body: 'Don’t miss out & tell a colleague.',
      sentAt: new Date('2025-02-10T23:00:00Z'),
      data: { type: 'post-type', link: { type: 'post', id: 10, slug: 'post-10' } },
    });
    expect(n('81')?.data).toEqual({ type: 'external-link', link: { type: 'external-link', url: 'https://www.example.org/campaigns/1' } });
    expect(n('82')?.data).toEqual({ type: 'website-page', link: { type: 'website-page', slug: 'about-us' } });
    expect(n('83')?.data).toEqual({ type: 'notification', link: null });
    expect(n('84')).toBeUndefined();
    const lines = await logs(c.id, job.id, { entityType: 'NOTIFICATIONS' });
    expect(lines.content.map((l: { externalId: string; action: string }) => [l.externalId, l.action]).sort()).toEqual([
      ['80', 'CREATE'],
      ['81', 'CREATE'],
      ['82', 'CREATE'],
      ['83', 'CREATE'],
      ['84', 'SKIP'],
    ]);
  });

  it('logs CONFLICT with the reason and counts it when the platform changed a record the source changed too', async () => {
    h.site.set('articles', [article(10), article(11)]);
    h.site.set('notifications', []);
    const c = await createConnector({ enabledEntityTypes: ['ARTICLES'] });
    await run(c.id, 'INITIAL_IMPORT');
    h.fakes.store.editedOnPlatform.set('articles', new Set(['10']));
    h.site.set('articles', [article(10, 'publish', { post_title: 'Changed at the source' }), article(11, 'publish', { post_title: 'Also changed' })]);
    const job = await run(c.id, 'FULL_SYNC');
    expect(job.progress.find((p) => p.entityType === 'ARTICLES')).toMatchObject({ fetched: 2, updated: 1, conflicts: 1 });
    expect(job.totals).toMatchObject({ conflicts: 1 });
    const conflicts = await h.call(
      'listSyncLogs',
      { organizationId: ORG, connectorId: c.id, jobId: job.id, entityType: '', action: 'CONFLICT', size: 10 } as never,
      admin,
    );
    expect(conflicts.content).toEqual([
      expect.objectContaining({
        externalId: '10',
        action: 'CONFLICT',
        message: expect.stringMatching(/changed on the platform .* the platform copy was kept/),
      }),
    ]);
    h.fakes.store.editedOnPlatform.clear();
  });

  it('FULL_SYNC and INCREMENTAL send only what changed since the platform took it: the rest is a SKIP without a call, a CONFLICT and an image not copied go again', async () => {
    const img = (name: string) => `https://site.example/wp-content/uploads/${name}`;
    h.site.set('articles', [article(310), article(311), article(312)]);
    h.site.set('companies', [{ ...company(350), featured_image_url: img('broken-logo.png') }, company(351)]);
    h.fakes.store.failingImages.add(img('broken-logo.png'));
    const c = await createConnector({ enabledEntityTypes: ['ARTICLES', 'COMPANIES'], copyImages: true });
    const sent = (method: 'upsertArticles' | 'upsertCompanies', from: number) =>
      h.fakes.content
        .callsOf(method)
        .slice(from)
        .flatMap((call) => ('articles' in call.request ? call.request.articles : call.request.companies).map((r: { externalId: string }) => r.externalId));
    const calls = () => [h.fakes.content.callsOf('upsertArticles').length, h.fakes.content.callsOf('upsertCompanies').length] as const;
    const actions = async (jobId: string, entityType: string) =>
      (await logs(c.id, jobId, { entityType })).content.map((l: { externalId: string; action: string }) => `${l.externalId} ${l.action}`).sort();

    let [articlesFrom, companiesFrom] = calls();
    const initial = await run(c.id, 'INITIAL_IMPORT');
    expect(sent('upsertArticles', articlesFrom).sort()).toEqual(['310', '311', '312']);

    // 311 changed on the platform and at the source, 312 at the source only.
    h.fakes.store.editedOnPlatform.set('articles', new Set(['311']));
    h.site.set('articles', [article(310), article(311, 'publish', { post_title: 'Both changed' }), article(312, 'publish', { post_title: 'Source changed' })]);
    [articlesFrom, companiesFrom] = calls();
    const full = await run(c.id, 'FULL_SYNC');
    expect(sent('upsertArticles', articlesFrom).sort()).toEqual(['311', '312']);
    // The logo that was not copied goes again (and is tried again); the other company is not sent.
    expect(sent('upsertCompanies', companiesFrom)).toEqual(['350']);
    expect(await actions(full.id, 'ARTICLES')).toEqual(['310 SKIP', '311 CONFLICT', '312 UPDATE']);
    expect(await actions(full.id, 'COMPANIES')).toEqual(['350 SKIP', '351 SKIP']);
    expect(full.totals).toMatchObject({ fetched: 5, skipped: 3, updated: 1, conflicts: 1, failed: 0 });
    // A SKIP without a call still names its platform record.
    const skipped = (await logs(c.id, full.id, { entityType: 'ARTICLES' })).content.find((l: { externalId: string }) => l.externalId === '310');
    const created = (await logs(c.id, initial.id, { entityType: 'ARTICLES' })).content.find((l: { externalId: string }) => l.externalId === '310');
    expect(skipped?.platformId).toBe(created?.platformId);
    expect(skipped?.platformId).toBeTruthy();

    // Again: the CONFLICT stays one (sent, the platform's copy kept), the update is not sent again.
    [articlesFrom] = calls();
    const again = await run(c.id, 'FULL_SYNC');
    expect(sent('upsertArticles', articlesFrom)).toEqual(['311']);
    expect(await actions(again.id, 'ARTICLES')).toEqual(['310 SKIP', '311 CONFLICT', '312 SKIP']);

    // The platform takes the source's copy once the two agree; an INCREMENTAL reads the three again (changed since on the site).
    h.fakes.store.editedOnPlatform.clear();
    h.site.set(
      'articles',
      [article(310), article(311, 'publish', { post_title: 'Both changed' }), article(312, 'publish', { post_title: 'Source changed' })],
      new Date(),
    );
    [articlesFrom] = calls();
    const agreed = await run(c.id, 'INCREMENTAL');
    expect(sent('upsertArticles', articlesFrom)).toEqual(['311']);
    expect(await actions(agreed.id, 'ARTICLES')).toEqual(['310 SKIP', '311 UPDATE', '312 SKIP']);
    h.fakes.store.failingImages.clear();
  });

  it('copy-images: featured images, event covers and company logos go to storage and the platform URL is imported; one not copied keeps the site URL and says why', async () => {
    const img = (name: string) => `https://site.example/wp-content/uploads/${name}`;
    h.site.set('articles', [article(110, 'publish', { featured_image_url: img('a.png') }), article(111, 'publish', { featured_image_url: img('broken.png') })]);
    h.site.set('events', [event(120, 'publish', { featured_image_url: img('cover.jpg') })]);
    h.site.set('companies', [
      { ...company(150), featured_image_url: img('logo.png') },
      { ...company(151), featured_image_url: img('a.png') },
    ]);
    h.fakes.store.failingImages.add(img('broken.png'));
    h.fakes.store.imageRequests.length = 0;
    const c = await createConnector({ enabledEntityTypes: ['ARTICLES', 'EVENTS', 'COMPANIES'], copyImages: true });
    const job = await run(c.id, 'INITIAL_IMPORT');
    expect(job).toMatchObject({ status: 'COMPLETED' });

    const copied = (name: string) => `/api/storage/${ORG}/assets/copy-of-${name}`;
    expect(h.fakes.store.get<contentV1.ImportedArticle>('articles', '110')?.featuredImageUrl).toBe(copied('a.png'));
    expect(h.fakes.store.get<contentV1.ImportedArticle>('articles', '111')?.featuredImageUrl).toBe(img('broken.png'));
    expect(h.fakes.store.get<eventsV1.UpsertEventRecord>('events', '120')?.event?.featuredImageUrl).toBe(copied('cover.jpg'));
    expect(h.fakes.store.get<contentV1.ImportedCompany>('companies', '150')?.logoUrl).toBe(copied('logo.png'));
    expect(h.fakes.store.get<contentV1.ImportedCompany>('companies', '151')?.logoUrl).toBe(copied('a.png'));
    expect(h.fakes.store.imageRequests.sort()).toEqual([img('a.png'), img('a.png'), img('broken.png'), img('cover.jpg'), img('logo.png')].sort());

    const lines = await logs(c.id, job.id, { entityType: 'ARTICLES' });
    const broken = lines.content.find((l: { externalId: string }) => l.externalId === '111');
    expect(broken).toMatchObject({ action: 'CREATE', message: "image not copied (the site's URL is kept): injected image failure" });
  });

  it('without copy-images, the site URLs are imported as they are and nothing is copied', async () => {
    h.fakes.store.imageRequests.length = 0;
    h.site.set('articles', [article(210, 'publish', { featured_image_url: 'https://site.example/wp-content/uploads/z.png' })]);
    const c = await createConnector({ enabledEntityTypes: ['ARTICLES'] });
    await run(c.id, 'INITIAL_IMPORT');
    expect(h.fakes.store.get<contentV1.ImportedArticle>('articles', '210')?.featuredImageUrl).toBe('https://site.example/wp-content/uploads/z.png');
    expect(h.fakes.store.imageRequests).toEqual([]);
  });
});
