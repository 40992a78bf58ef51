import { STACK_LEGACY_SYNC_KEY } from '@platform/testing';
import { ADMIN, http, sleep, startPlatform, type Platform } from './platform';

const LEGACY_SITE_TYPE_ID = '6c0a3b52-6d8e-4c41-9f0e-1a7c5e2b0001';
const ALL_TYPES = ['ARTICLES', 'MEMBERS', 'EVENTS', 'CONFERENCES', 'COMPANIES', 'DOCUMENTS', 'NOTIFICATIONS'];

type SiteRecord = Record<string, any>;

interface SyncLogLine {
  entityType: string;
  externalId: string;
  action: string;
  platformId?: string | null;
  message: string;
}

interface SyncJobView {
  id: string;
  status: string;
  jobType: string;
  errorMessage: string;
  startedAt: string;
  totals: Record<string, number>;
  progress: Array<{ entityType: string; fetched: number; done: boolean }>;
}

/** An organisation of its own for each case, with its owner (address and token) and its connector. */
interface Club {
  org: string;
  ownerEmail: string;
  owner: string;
  connectorId: string;
}

/**
 * The connector's failure cases through the gateway, on the real organisation, content, events,
 * documents and notifications services and the real legacy site (seed `small`, read 5 records a
 * page and written 5 a call, so that a sync lasts long enough to be interrupted): the site going
 * down mid-import, the connector process killed mid-job, the site refusing the sync key, and
 * copy-images putting articles' featured images into the platform's storage. After each recovery
 * the platform holds each site record once.
 */
describe('the connector through the gateway when things go wrong', () => {
  let platform: Platform;
  let api: ReturnType<typeof http>;
  let admin: string;
  /** The site's sync key: the stack's, until the last case generates another on the site. */
  let siteKey = STACK_LEGACY_SYNC_KEY;

  const put = (path: string, body: unknown, token: string) => api.call('PUT', path, { body, token });
  const base = (club: Club) => `/api/orgs/${club.org}/connectors/${club.connectorId}`;
  const job = async (club: Club, jobId: string): Promise<SyncJobView> => (await api.get(`${base(club)}/sync-jobs/${jobId}`, club.owner)).body;
  const connector = async (club: Club) => (await api.get(base(club), club.owner)).body;

  const pullAll = async (entity: string): Promise<SiteRecord[]> => {
    const res = await fetch(`${platform.legacySiteUrl}/api/v1/sync/${entity}?per_page=200`, { headers: { 'x-association-sync-key': siteKey } });
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: SiteRecord[] }).data;
  };

  const newClub = async (slug: string, config: Record<string, unknown> = {}): Promise<Club> => {
    const email = `owner@${slug}.example`;
    const password = `${slug} owner password`;
    await api.post('/api/auth/org/register', { email, password, firstName: 'Olga', lastName: 'Owner' });
    const created = await api.post(
      '/api/admin/orgs/create-with-owner',
      { orgName: `Club ${slug}`, orgSlug: slug, ownerEmail: email, ownerFirstName: 'Olga', ownerLastName: 'Owner' },
      admin,
    );
    expect(created.status).toBe(201);
    const org = created.body.organization.id as string;
    const owner = (await api.post('/api/auth/org/login', { email, password })).body.accessToken as string;
    const res = await api.post(
      `/api/orgs/${org}/connectors`,
      {
        connectorTypeId: LEGACY_SITE_TYPE_ID,
        name: 'Old site',
        config: { siteUrl: platform.legacySiteUrl, syncKey: siteKey, sourceTimezone: '+10:00', enabledEntityTypes: ALL_TYPES, ...config },
      },
      owner,
    );
    expect(res.status).toBe(201);
    return { org, ownerEmail: email, owner, connectorId: res.body.id };
  };

  const startSync = async (club: Club, jobType: string): Promise<SyncJobView> => {
    const res = await api.post(`${base(club)}/sync`, { jobType }, club.owner);
    expect(res.status).toBe(201);
    return res.body;
  };

  const ended = async (club: Club, jobId: string, timeoutMs = 60_000): Promise<SyncJobView> => {
    for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await sleep(100)) {
      const now = await job(club, jobId);
      if (now.status === 'COMPLETED' || now.status === 'FAILED') return now;
    }
    throw new Error(`the sync job did not end within ${timeoutMs} ms`);
  };

  /** Waits until the job runs and has read `records` records: an interruption now lands mid-import. */
  const midway = async (club: Club, jobId: string, records: number): Promise<SyncJobView> => {
    for (const deadline = Date.now() + 30_000; Date.now() < deadline; await sleep(50)) {
      const now = await job(club, jobId);
      if (now.status === 'COMPLETED' || now.status === 'FAILED') throw new Error(`the job ended (${now.status}) before it could be interrupted`);
      if (now.status === 'RUNNING' && now.totals.fetched >= records) return now;
    }
    throw new Error(`the job did not read ${records} records within 30 s`);
  };

  /** Every item of a paged platform list (at most 100 a page, 0-based). */
  const listAll = async <T>(path: string, token: string): Promise<T[]> => {
    const items: T[] = [];
    for (let page = 0; ; page++) {
      const res = await api.get(`${path}${path.includes('?') ? '&' : '?'}size=100&page=${page}`, token);
      expect(res.status).toBe(200);
      items.push(...res.body.content);
      if (page + 1 >= res.body.totalPages) return items;
    }
  };

  /**
   * Each site record the job imported is on the platform once, as the club's owner sees it: per
   * type, the platform shows the site's records less those the job left out, each with its line
   * and reason (FAILED: refused by the mapping or the service; a SKIP without a platform record: a
   * trashed event, a notification never sent). Members are compared by address; imported
   * notifications are in the owner's inbox (site users whose addresses differ only in case are one
   * member). A duplicate shows as one too many.
   */
  const expectEachRecordOnce = async (club: Club, done: SyncJobView) => {
    const lines = await listAll<SyncLogLine>(`${base(club)}/sync-jobs/${done.id}/logs`, club.owner);
    // One line per record read: a job run again keeps no lines of its earlier try.
    const records = new Set(lines.map((l) => `${l.entityType}:${l.externalId}`));
    expect({ lines: lines.length, records: records.size }).toEqual({ lines: done.totals.fetched, records: done.totals.fetched });
    const leftOut = lines.filter((l) => l.action === 'FAILED' || (l.action === 'SKIP' && !l.platformId));
    expect(leftOut.filter((l) => l.message === '')).toEqual([]);
    const left = new Set(leftOut.map((l) => `${l.entityType}:${l.externalId}`));
    const imported = async (entity: string, type: string) => (await pullAll(entity)).filter((r) => !left.has(`${type}:${r.id}`));
    const events = [...(await imported('events', 'EVENTS')), ...(await imported('conferences', 'CONFERENCES'))];
    const site = {
      // One member per address whatever its case: two site users sharing one are one person.
      members: [...new Set((await imported('members', 'MEMBERS')).map((m) => String(m.user_email).toLowerCase()))].sort(),
      articles: (await imported('articles', 'ARTICLES')).length,
      events: events.length,
      companies: (await imported('companies', 'COMPANIES')).length,
      documents: (await imported('documents', 'DOCUMENTS')).length,
      notifications: (await imported('notifications', 'NOTIFICATIONS')).length,
    };
    // Current memberships and INACTIVE ones (site roles without membership), the owner aside.
    const users = [
      ...(await listAll<{ email: string }>(`/api/orgs/${club.org}/users`, club.owner)),
      ...(await listAll<{ email: string }>(`/api/orgs/${club.org}/users?status=INACTIVE`, club.owner)),
    ];
    const count = async (path: string) => (await api.get(`${path}?size=1`, club.owner)).body.totalElements as number;
    const onPlatform = {
      members: users
        .map((u) => u.email.toLowerCase())
        .filter((e) => e !== club.ownerEmail)
        .sort(),
      articles: await count(`/api/orgs/${club.org}/news`),
      events: await count(`/api/orgs/${club.org}/events`),
      companies: await count(`/api/orgs/${club.org}/companies`),
      documents: await count(`/api/orgs/${club.org}/documents`),
      notifications: await count('/api/notifications'),
    };
    expect(onPlatform).toEqual(site);
  };

  beforeAll(async () => {
    platform = await startPlatform('connector_failures', {
      services: ['connector', 'content', 'events', 'documents'],
      organisation: 'real',
      notifications: true,
      env: {
        LEGACY_SEED: 'small',
        CONNECTOR_PAGE_SIZE: '5',
        CONNECTOR_BATCH_SIZE: '5',
        // A killed process's job runs again once its heartbeat is 3 s old (5 minutes by default).
        CONNECTOR_JOB_STALE_MS: '3000',
        // The site's notifications are dated around 2026-01-01: all of them into the inboxes.
        NOTIFICATIONS_IMPORT_INBOX_DAYS: '3650',
      },
    });
    api = http(platform.baseUrl);
    admin = (await api.post('/api/auth/system/login', ADMIN)).body.accessToken;
  });
  afterAll(async () => platform?.stop());

  it('the site going down mid-import fails the job and puts the connector in ERROR; once it is back, INITIAL_IMPORT runs again and imports each record once', async () => {
    const club = await newClub('site-down');
    const first = await startSync(club, 'INITIAL_IMPORT');
    await midway(club, first.id, 20);
    await platform.stopApp('legacy-site');

    const failed = await ended(club, first.id);
    expect(failed.status).toBe('FAILED');
    expect(failed.errorMessage).toMatch(/^The legacy site failed: the site cannot be reached: /);
    expect(failed.progress.some((p) => !p.done)).toBe(true);
    expect(await connector(club)).toMatchObject({ status: 'ERROR', lastError: failed.errorMessage, initialized: false });

    await platform.startAgain('legacy-site');
    // The first import did not complete: INITIAL_IMPORT may run again (it is 409 only once one completed).
    const again = await ended(club, (await startSync(club, 'INITIAL_IMPORT')).id);
    expect({ status: again.status, error: again.errorMessage }).toEqual({ status: 'COMPLETED', error: '' });
    expect(await connector(club)).toMatchObject({ status: 'ACTIVE', lastError: '', initialized: true });
    expect((await api.post(`${base(club)}/sync`, { jobType: 'INITIAL_IMPORT' }, club.owner)).status).toBe(409);
    await expectEachRecordOnce(club, again);
  });

  it('a job whose connector process is killed (SIGKILL) runs again from the start once the process is back, and completes without duplicates', async () => {
    const club = await newClub('killed');
    const started = await startSync(club, 'INITIAL_IMPORT');
    const before = await midway(club, started.id, 20);
    await platform.stopApp('connector', { signal: 'SIGKILL' });
    const killedAt = Date.now();
    await platform.startAgain('connector');

    const done = await ended(club, started.id);
    expect({ status: done.status, error: done.errorMessage }).toEqual({ status: 'COMPLETED', error: '' });
    // The same job, claimed again after the kill (its start is the second claim's).
    expect(Date.parse(done.startedAt)).toBeGreaterThan(Date.parse(before.startedAt));
    expect(Date.parse(done.startedAt)).toBeGreaterThanOrEqual(killedAt);
    expect(done.progress.every((p) => p.done)).toBe(true);
    const jobs = await api.get(`${base(club)}/sync-jobs`, club.owner);
    expect(jobs.body.content.map((j: SyncJobView) => [j.id, j.status])).toEqual([[started.id, 'COMPLETED']]);
    expect(await connector(club)).toMatchObject({ status: 'ACTIVE', lastError: '', initialized: true });
    await expectEachRecordOnce(club, done);
  });

  it('a job whose connector process stops gracefully (SIGTERM, a rolling deploy) is PENDING again and, once the process is back, completes without duplicates', async () => {
    const club = await newClub('stopped');
    const started = await startSync(club, 'INITIAL_IMPORT');
    await midway(club, started.id, 20);
    await platform.stopApp('connector');
    await platform.startAgain('connector');

    const done = await ended(club, started.id);
    expect({ status: done.status, error: done.errorMessage }).toEqual({ status: 'COMPLETED', error: '' });
    expect(done.progress.every((p) => p.done)).toBe(true);
    expect(await connector(club)).toMatchObject({ status: 'ACTIVE', lastError: '', initialized: true });
    await expectEachRecordOnce(club, done);
  });

  it('copy-images: the featured images of imported articles are copied into the platform storage and the articles point there, not at the site', async () => {
    const club = await newClub('images', { enabledEntityTypes: ['ARTICLES'], copyImages: true });
    const done = await ended(club, (await startSync(club, 'INITIAL_IMPORT')).id);
    expect({ status: done.status, error: done.errorMessage }).toEqual({ status: 'COMPLETED', error: '' });

    const articles = await pullAll('articles');
    const withImage = articles.filter((a) => typeof a.featured_image_url === 'string' && a.featured_image_url !== '');
    expect(withImage.length).toBeGreaterThan(0);
    const news = await listAll<{ externalId: string; featuredImageUrl: string }>(`/api/orgs/${club.org}/news`, club.owner);
    expect(news).toHaveLength(articles.length);
    for (const source of withImage) {
      const imported = news.find((a) => a.externalId === String(source.id));
      expect(imported?.featuredImageUrl).toMatch(new RegExp(`^/api/storage/${club.org}/assets/[0-9a-f-]+$`));
      // The platform serves the very bytes the site serves, publicly.
      const [copy, original] = await Promise.all([fetch(`${platform.baseUrl}${imported!.featuredImageUrl}`), fetch(source.featured_image_url)]);
      expect(copy.status).toBe(200);
      expect(copy.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await copy.arrayBuffer()).equals(Buffer.from(await original.arrayBuffer()))).toBe(true);
    }
    expect(news.filter((a) => a.featuredImageUrl.startsWith(platform.legacySiteUrl!))).toEqual([]);
    // No line says an image was not copied.
    const lines = await listAll<SyncLogLine>(`${base(club)}/sync-jobs/${done.id}/logs`, club.owner);
    expect(lines.filter((l) => l.message.includes('image not copied'))).toEqual([]);
  });

  it("the site's 401 (its key changed after a passing test) fails the job with a clear message and puts the connector in ERROR; the new key brings it back", async () => {
    const club = await newClub('key-changed', { enabledEntityTypes: ['ARTICLES', 'COMPANIES'] });
    const test = await api.post(`${base(club)}/test`, {}, club.owner);
    expect(test.body.success).toBe(true);

    // The site's administrator generates a new key in the plugin settings.
    const login = await fetch(`${platform.legacySiteUrl}/api/v1/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'admin' }),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const generated = await fetch(`${platform.legacySiteUrl}/api/v1/admin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ action: 'generate_sync_key' }),
    });
    expect(generated.status).toBe(200);
    siteKey = ((await generated.json()) as { sync_key: string }).sync_key;

    const refused = await ended(club, (await startSync(club, 'INITIAL_IMPORT')).id);
    const message = "The legacy site refused the sync key (401 association_sync_key_invalid): check the connector's sync key";
    expect({ status: refused.status, error: refused.errorMessage }).toEqual({ status: 'FAILED', error: message });
    expect(refused.totals.fetched).toBe(0);
    expect(await connector(club)).toMatchObject({ status: 'ERROR', lastError: message });
    const check = await api.post(`${base(club)}/test`, {}, club.owner);
    expect(check.body.checks.find((c: { name: string }) => c.name === 'SYNC_KEY_ACCEPTED')).toMatchObject({ passed: false });

    // The administrator puts the new key in: the next sync completes and the connector is ACTIVE again.
    expect((await put(base(club), { config: { syncKey: siteKey } }, club.owner)).status).toBe(200);
    const recovered = await ended(club, (await startSync(club, 'INITIAL_IMPORT')).id);
    expect({ status: recovered.status, error: recovered.errorMessage }).toEqual({ status: 'COMPLETED', error: '' });
    expect(await connector(club)).toMatchObject({ status: 'ACTIVE', lastError: '' });

    // A wrong key set on the connector after that is the same 401.
    expect((await put(base(club), { config: { syncKey: 'a-wrong-sync-key-123' } }, club.owner)).status).toBe(200);
    const wrong = await ended(club, (await startSync(club, 'FULL_SYNC')).id);
    expect({ status: wrong.status, error: wrong.errorMessage }).toEqual({ status: 'FAILED', error: message });
    expect(await connector(club)).toMatchObject({ status: 'ERROR', lastError: message });
  });
});
