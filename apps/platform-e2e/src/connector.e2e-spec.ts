import pg from 'pg';
import { STACK_LEGACY_SYNC_KEY } from '@platform/testing';
import { ADMIN, http, sleep, startPlatform, type Platform } from './platform';

const LEGACY_SITE_TYPE_ID = '6c0a3b52-6d8e-4c41-9f0e-1a7c5e2b0001';

/**
 * The connector through the gateway, on the real organisation, content, events and documents
 * services and the real legacy site (seed `tiny` with 13 members, so that its member 13, without
 * any member meta, is there): create, test, INITIAL_IMPORT, the imported records through the
 * platform API, the 409s, a FULL_SYNC that creates nothing, a wrong key.
 */
describe('the connector imports a legacy site through the gateway', () => {
  let platform: Platform;
  let api: ReturnType<typeof http>;
  let org: string;
  let owner: string;
  let connectorId: string;
  let site: Record<string, any[]>;

  const put = (path: string, body: unknown, token: string) => api.call('PUT', path, { body, token });
  const base = () => `/api/orgs/${org}/connectors`;
  const pullAll = async (entity: string) => {
    const res = await fetch(`${platform.legacySiteUrl}/api/v1/sync/${entity}?per_page=200`, { headers: { 'x-association-sync-key': STACK_LEGACY_SYNC_KEY } });
    return ((await res.json()) as { data: unknown[] }).data;
  };
  const jobEnded = async (jobId: string) => {
    for (let i = 0; i < 300; i++) {
      const res = await api.get(`${base()}/${connectorId}/sync-jobs/${jobId}`, owner);
      if (res.body.status === 'COMPLETED' || res.body.status === 'FAILED') return res.body;
      await sleep(100);
    }
    throw new Error('the sync job did not end within 30 s');
  };

  beforeAll(async () => {
    platform = await startPlatform('connector', {
      services: ['connector', 'content', 'events', 'documents'],
      organisation: 'real',
      notifications: true,
      env: { LEGACY_SEED_MEMBERS: '13' },
    });
    api = http(platform.baseUrl);
    const admin = (await api.post('/api/auth/system/login', ADMIN)).body.accessToken as string;
    await api.post('/api/auth/org/register', { email: 'owner@legacy.example', password: 'connector password', firstName: 'Olga', lastName: 'Owner' });
    const created = await api.post(
      '/api/admin/orgs/create-with-owner',
      { orgName: 'Migrating Club', orgSlug: 'migrating', ownerEmail: 'owner@legacy.example', ownerFirstName: 'Olga', ownerLastName: 'Owner' },
      admin,
    );
    expect(created.status).toBe(201);
    org = created.body.organization.id;
    owner = (await api.post('/api/auth/org/login', { email: 'owner@legacy.example', password: 'connector password' })).body.accessToken;
    site = Object.fromEntries(
      await Promise.all(
        ['members', 'articles', 'events', 'conferences', 'companies', 'documents', 'notifications'].map(async (e) => [e, await pullAll(e)] as const),
      ),
    );
  });
  afterAll(async () => platform?.stop());

  it('lists the types, creates a LEGACY_SITE connector (201, key never shown) and passes the five checks', async () => {
    const types = await api.get('/api/connectors/types', owner);
    expect(types.status).toBe(200);
    expect(types.body.types[0]).toMatchObject({ id: LEGACY_SITE_TYPE_ID, code: 'LEGACY_SITE', availability: 'AVAILABLE' });

    const res = await api.post(
      base(),
      {
        connectorTypeId: LEGACY_SITE_TYPE_ID,
        name: 'Old site',
        config: { siteUrl: platform.legacySiteUrl, syncKey: STACK_LEGACY_SYNC_KEY, sourceTimezone: '+10:00' },
      },
      owner,
    );
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toContain(res.body.id);
    expect(res.body).toMatchObject({ status: 'ACTIVE', initialized: false, config: { syncKeySet: true, sourceTimezone: '+10:00' } });
    expect(JSON.stringify(res.body)).not.toContain(STACK_LEGACY_SYNC_KEY);
    connectorId = res.body.id;
    expect((await api.get(base(), owner)).body).toMatchObject({ totalElements: 1, content: [expect.objectContaining({ id: connectorId })] });

    const test = await api.post(`${base()}/${connectorId}/test`, {}, owner);
    expect(test.status).toBe(200);
    expect(test.body.checks.map((c: { name: string; passed: boolean }) => [c.name, c.passed])).toEqual([
      ['SITE_REACHABLE', true],
      ['PING_OK', true],
      ['SYNC_KEY_ACCEPTED', true],
      ['PLUGIN_VERSION', true],
      ['ENTITY_TYPES_READABLE', true],
    ]);
    expect((await api.post(`${base()}/${connectorId}/test`, {}, undefined)).status).toBe(401);
  });

  it('runs INITIAL_IMPORT: members, articles, events, conferences, companies and documents arrive with the mapping rules', async () => {
    const started = await api.post(`${base()}/${connectorId}/sync`, { jobType: 'INITIAL_IMPORT' }, owner);
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({ status: 'PENDING', jobType: 'INITIAL_IMPORT' });
    const job = await jobEnded(started.body.id);
    expect({ status: job.status, error: job.errorMessage }).toEqual({ status: 'COMPLETED', error: '' });
    // The site's awkward cases on purpose, and every person still comes over: nothing FAILED.
    const failed = await api.get(`${base()}/${connectorId}/sync-jobs/${job.id}/logs?action=FAILED&size=100`, owner);
    expect(failed.body.content).toEqual([]);
    const memberLines = (await api.get(`${base()}/${connectorId}/sync-jobs/${job.id}/logs?entityType=MEMBERS&size=100`, owner)).body.content as Array<{
      externalId: string;
      action: string;
      platformId: string;
      message: string;
    }>;
    const lineOf = (id: unknown) => memberLines.find((l) => l.externalId === String(id))!;
    // A member re-using an earlier member's address in another case: the same person, one account
    // and one membership linked to both site users, the first one's profile kept; a SKIP saying so.
    const seen = new Map<string, { id: number }>();
    const reused = site['members']!.flatMap((m) => {
      const key = String(m.user_email).toLowerCase();
      const first = seen.get(key);
      if (!first) seen.set(key, m);
      return first ? [{ member: m, first }] : [];
    });
    expect(reused.length).toBeGreaterThan(0);
    for (const { member, first } of reused) {
      expect(lineOf(member.id)).toMatchObject({ action: 'SKIP', platformId: lineOf(first.id).platformId });
      expect(lineOf(member.id).message).toContain(`same person as site user ${first.id}`);
    }
    // A member without any first or last name (every hundredth of the generated site): named from display_name.
    const unnamed = site['members']!.find((m) => !m.first_name && !m.last_name);
    expect(lineOf(unnamed.id)).toMatchObject({ action: 'CREATE', message: 'no first or last name at the site: both taken from display_name' });
    const fetched = Object.values(site).reduce((n, list) => n + list.length, 0);
    expect(job.totals).toMatchObject({ fetched, updated: 0, failed: 0 });
    const trashed = site['events']!.filter((e) => e.post_status === 'trash').length + site['conferences']!.filter((e) => e.post_status === 'trash').length;
    // Trashed events are not imported; notifications that were never published were never sent.
    const unsent = site['notifications']!.filter((n) => n.post_status !== 'publish').length;
    expect(job.totals.skipped).toBe(trashed + unsent + reused.length);
    expect(job.totals.created).toBe(fetched - trashed - unsent - reused.length);
    const logs = await api.get(`${base()}/${connectorId}/sync-jobs/${job.id}/logs?size=100`, owner);
    expect(logs.body.totalElements).toBe(fetched);

    // Members: every site member is in the organisation, by email, with the status of its role.
    const users = await api.get(`/api/orgs/${org}/users?size=100`, owner);
    const byEmail = new Map((users.body.content as Array<{ email: string; status: string }>).map((u) => [u.email.toLowerCase(), u]));
    // One member per address (with the owner), whatever its status; the first site user's names on a shared one.
    const everyone = (
      await Promise.all(
        ['ACTIVE', 'PENDING', 'INACTIVE'].map(async (status) => (await api.get(`/api/orgs/${org}/users?size=100&status=${status}`, owner)).body.content),
      )
    ).flat() as Array<{ email: string; firstName: string; lastName: string }>;
    expect(everyone.map((u) => u.email.toLowerCase()).sort()).toEqual(
      [...new Set(site['members']!.map((m) => String(m.user_email).toLowerCase())), 'owner@legacy.example'].sort(),
    );
    const everyoneByEmail = new Map(everyone.map((u) => [u.email.toLowerCase(), u]));
    for (const { first } of reused) {
      const firstUser = site['members']!.find((m) => m.id === first.id);
      expect(everyoneByEmail.get(String(firstUser.user_email).toLowerCase())).toMatchObject({ firstName: firstUser.first_name, lastName: firstUser.last_name });
    }
    // The member without names: its display name's words (an emoji is not a name).
    const [shownFirst, ...shownLast] = String(unnamed.display_name)
      .split(' ')
      .filter((word) => /\p{L}/u.test(word));
    expect(everyoneByEmail.get(String(unnamed.user_email).toLowerCase())).toMatchObject({ firstName: shownFirst, lastName: shownLast.join(' ') });
    const admin = site['members']!.find((m) => m.role === 'administrator');
    const active = site['members']!.find((m) => m.role === 'association-member');
    expect(byEmail.get(String(active.user_email).toLowerCase())?.status).toBe('ACTIVE');
    expect(byEmail.get(String(admin.user_email).toLowerCase())?.status).toBe('ACTIVE');

    // Articles (drafts included for the owner), events with conferences, documents with their folders.
    const news = await api.get(`/api/orgs/${org}/news?size=100`, owner);
    expect(news.body.totalElements).toBe(site['articles']!.length);
    const published = site['articles']!.find((a) => a.post_status === 'publish');
    expect(news.body.content.find((a: { title: string }) => a.title === published.post_title)).toMatchObject({ status: 'PUBLISHED' });

    const events = await api.get(`/api/orgs/${org}/events?size=100`, owner);
    const imported = site['events']!.length + site['conferences']!.length - trashed;
    expect(events.body.totalElements).toBe(imported);
    // Local wall-clock milliseconds through the connector's +10:00; `private` a DRAFT.
    const titles = [...site['events']!, ...site['conferences']!].map((e) => e.post_title);
    const timed = site['events']!.find(
      (e) =>
        e.post_status === 'publish' &&
        typeof e._event_date_time_start === 'number' &&
        typeof e._event_date_time_end === 'number' &&
        titles.filter((t) => t === e.post_title).length === 1,
    );
    const platformEvent = (events.body.content as Array<{ title: string; startDate: string; status: string }>).find((e) => e.title === timed.post_title);
    expect(platformEvent?.startDate).toBe(new Date(timed._event_date_time_start - 10 * 3_600_000).toISOString());
    // Published, or COMPLETED when already over (as the platform makes ended events).
    const over = timed._event_date_time_end - 10 * 3_600_000 <= Date.now();
    expect(platformEvent?.status).toBe(over ? 'COMPLETED' : 'PUBLISHED');
    const conferences = (events.body.content as Array<{ eventType: string }>).filter((e) => e.eventType === 'CONFERENCE');
    expect(conferences.length).toBe(site['conferences']!.filter((c) => c.post_status !== 'trash').length);

    const documents = await api.get(`/api/orgs/${org}/documents?size=100`, owner);
    expect(documents.body.totalElements).toBe(site['documents']!.length);
    const folders = await api.get(`/api/orgs/${org}/document-folders`, owner);
    expect(folders.status).toBe(200);
    expect(JSON.stringify(folders.body)).toContain('"Document"');

    const connector = await api.get(`${base()}/${connectorId}`, owner);
    expect(connector.body).toMatchObject({ initialized: true, status: 'ACTIVE', lastError: '' });
  });

  it('never runs INITIAL_IMPORT again (409); a FULL_SYNC of the unchanged site creates nothing; the jobs list newest first, with stats', async () => {
    const again = await api.post(`${base()}/${connectorId}/sync`, { jobType: 'INITIAL_IMPORT' }, owner);
    expect(again.status).toBe(409);
    const full = await api.post(`${base()}/${connectorId}/sync`, { jobType: 'FULL_SYNC' }, owner);
    expect(full.status).toBe(201);
    expect((await api.post(`${base()}/${connectorId}/sync`, { jobType: 'FULL_SYNC' }, owner)).status).toBe(409);
    const job = await jobEnded(full.body.id);
    expect(job.status).toBe('COMPLETED');
    expect(job.totals).toMatchObject({ created: 0, updated: 0, failed: 0 });

    const jobs = await api.get(`${base()}/${connectorId}/sync-jobs`, owner);
    expect(jobs.body.content.map((j: { jobType: string }) => j.jobType)).toEqual(['FULL_SYNC', 'INITIAL_IMPORT']);
    const stats = await api.get(`${base()}/${connectorId}/stats`, owner);
    expect(stats.body).toMatchObject({ totalJobs: 2, completedJobs: 2, failedJobs: 0, lastJobStatus: 'COMPLETED' });
  });

  it('a change on the site arrives with the next scheduled INCREMENTAL, which touches only that record', async () => {
    const changed = site['members']!.find((m) => m.role === 'association-member');
    const res = await fetch(`${platform.legacySiteUrl}/api/v1/sync/members/${changed.id}`, {
      method: 'PUT',
      headers: { 'x-association-sync-key': STACK_LEGACY_SYNC_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ job_title: 'Chief Migration Officer' }),
    });
    expect(res.status).toBe(200);
    const scheduled = await put(`${base()}/${connectorId}`, { config: { syncIntervalMinutes: 60 } }, owner);
    expect(scheduled.body.nextSyncAt).not.toBeNull();
    // The interval is an hour: bring the due time forward instead of waiting.
    const { connectionString, schema } = platform.schemas['connector']!;
    const db = new pg.Client({ connectionString, options: `-c search_path=${schema}` });
    await db.connect();
    await db.query(`UPDATE connector SET next_sync_at = now() - interval '1 second' WHERE id = $1`, [connectorId]);
    await db.end();
    let job: { id: string; status: string; jobType: string; totals: Record<string, number> } | undefined;
    for (let i = 0; i < 200 && !job; i++) {
      const jobs = await api.get(`${base()}/${connectorId}/sync-jobs?size=5`, owner);
      job = jobs.body.content.find((j: { trigger: string; status: string }) => j.trigger === 'SCHEDULED' && j.status === 'COMPLETED');
      if (!job) await sleep(100);
    }
    expect(job).toMatchObject({ jobType: 'INCREMENTAL', totals: expect.objectContaining({ updated: 1, created: 0 }) });
    const updates = await api.get(`${base()}/${connectorId}/sync-jobs/${job!.id}/logs?action=UPDATE`, owner);
    expect(updates.body.content.map((l: { entityType: string; externalId: string }) => [l.entityType, l.externalId])).toEqual([
      ['MEMBERS', String(changed.id)],
    ]);
    const connector = await api.get(`${base()}/${connectorId}`, owner);
    expect(Date.parse(connector.body.nextSyncAt)).toBeGreaterThan(Date.now() + 50 * 60_000);
  });

  it('keeps a platform edit when the site changed the same member too: CONFLICT, logged and counted', async () => {
    // A read-only site: the platform's edit is not written back, so both sides now differ.
    expect((await put(`${base()}/${connectorId}`, { config: { writeBack: false } }, owner)).status).toBe(200);
    const member = site['members']!.filter((m) => m.role === 'association-member')[1];
    const users = await api.get(`/api/orgs/${org}/users?size=100&search=${encodeURIComponent(String(member.user_email))}`, owner);
    const user = (users.body.content as Array<{ id: string; email: string }>).find((u) => u.email.toLowerCase() === String(member.user_email).toLowerCase());
    expect((await put(`/api/orgs/${org}/users/${user!.id}`, { jobTitle: 'Edited on the platform' }, owner)).status).toBe(200);
    const res = await fetch(`${platform.legacySiteUrl}/api/v1/sync/members/${member.id}`, {
      method: 'PUT',
      headers: { 'x-association-sync-key': STACK_LEGACY_SYNC_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ job_title: 'Edited on the site' }),
    });
    expect(res.status).toBe(200);

    const started = await api.post(`${base()}/${connectorId}/sync`, { jobType: 'FULL_SYNC' }, owner);
    expect(started.status).toBe(201);
    const job = await jobEnded(started.body.id);
    expect(job).toMatchObject({ status: 'COMPLETED', totals: expect.objectContaining({ conflicts: 1, created: 0 }) });
    const conflicts = await api.get(`${base()}/${connectorId}/sync-jobs/${job.id}/logs?action=CONFLICT`, owner);
    expect(conflicts.body.content.map((l: { entityType: string; externalId: string }) => [l.entityType, l.externalId])).toEqual([
      ['MEMBERS', String(member.id)],
    ]);
    const after = await api.get(`/api/orgs/${org}/users?size=100&search=${encodeURIComponent(String(member.user_email))}`, owner);
    expect((after.body.content as Array<{ id: string; jobTitle: string }>).find((u) => u.id === user!.id)?.jobTitle).toBe('Edited on the platform');
  });

  it('fails the key check with a wrong sync key', async () => {
    const changed = await put(`${base()}/${connectorId}`, { config: { syncKey: 'a-wrong-sync-key-123' } }, owner);
    expect(changed.status).toBe(200);
    const test = await api.post(`${base()}/${connectorId}/test`, {}, owner);
    expect(test.body.success).toBe(false);
    expect(test.body.checks.find((c: { name: string }) => c.name === 'SYNC_KEY_ACCEPTED')).toMatchObject({ passed: false });
    expect(test.body.checks.find((c: { name: string }) => c.name === 'PING_OK')).toMatchObject({ passed: true });
  });
});
