import { randomUUID } from 'node:crypto';
import type { contentV1, eventsV1, notificationsV1 } from '@platform/proto';
import { eventually } from '@platform/testing';
import { LEGACY_SITE_TYPE_ID } from '../src/domain/connector-types';
import { startConnectorHarness, type ConnectorHarness } from './connector-harness';
import { article, company, event } from './support/site-records';

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

  const createConnector = async (config: Record<string, unknown> = {}) =>
    h.call(
      'createConnector',
      {
        organizationId: ORG,
        connectorTypeId: LEGACY_SITE_TYPE_ID,
        name: `Site ${randomUUID()}`,
        status: '',
        config: {
          siteUrl: h.site.url,
          syncKey: h.site.key,
          sourceTimezone: '+10:00',
          enabledEntityTypes: [],
          fieldMappings: {},
          replaceFieldMappings: false,
          ...config,
        },
      } as never,
      admin,
    );
  const run = async (connectorId: string, jobType: string) => {
    const pending = await h.call('startSync', { organizationId: ORG, connectorId, jobType }, admin);
    return eventually(async () => {
      const job = await h.call('getSyncJob', { organizationId: ORG, connectorId, jobId: pending.id }, admin);
      if (job.status !== 'COMPLETED' && job.status !== 'FAILED') throw new Error(`still ${job.status}`);
      return job;
    }, 8000);
  };
  const logs = (connectorId: string, jobId: string, entityType: string) =>
    h.call('listSyncLogs', { organizationId: ORG, connectorId, jobId, entityType, action: '', size: 100 } as never, admin);

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
    const lines = await logs(c.id, job.id, 'NOTIFICATIONS');
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

    const lines = await logs(c.id, job.id, 'ARTICLES');
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
