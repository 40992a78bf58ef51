import { STACK_LEGACY_SYNC_KEY } from '@platform/testing';
import { ADMIN, holdsSoon, http, sleep, startPlatform, type Platform } from './platform';

const LEGACY_SITE_TYPE_ID = '6c0a3b52-6d8e-4c41-9f0e-1a7c5e2b0001';

type SiteRecord = Record<string, any>;

/**
 * Write-back through the whole platform (spec 4.11): after an import from the real legacy site, an
 * administrator's edit of a member's profile and of an imported event through the gateway reaches
 * the site (organisation and events announce the change, the connector PUTs it), and the next sync
 * brings nothing back to the site.
 */
describe('the connector writes platform changes back to the legacy site', () => {
  let platform: Platform;
  let api: ReturnType<typeof http>;
  let org: string;
  let owner: string;
  let connectorId: string;

  const put = (path: string, body: unknown, token: string) => api.call('PUT', path, { body, token });
  const base = () => `/api/orgs/${org}/connectors`;
  const pull = async (entity: string): Promise<SiteRecord[]> => {
    const res = await fetch(`${platform.legacySiteUrl}/api/v1/sync/${entity}?per_page=200`, { headers: { 'x-association-sync-key': STACK_LEGACY_SYNC_KEY } });
    return ((await res.json()) as { data: SiteRecord[] }).data;
  };
  const siteRecord = async (entity: string, id: unknown) => (await pull(entity)).find((r) => r.id === id);
  const runSync = async (jobType: string) => {
    const started = await api.post(`${base()}/${connectorId}/sync`, { jobType }, owner);
    expect(started.status).toBe(201);
    for (let i = 0; i < 300; i++) {
      const res = await api.get(`${base()}/${connectorId}/sync-jobs/${started.body.id}`, owner);
      if (res.body.status === 'COMPLETED' || res.body.status === 'FAILED') return res.body;
      await sleep(100);
    }
    throw new Error('the sync job did not end within 30 s');
  };

  beforeAll(async () => {
    platform = await startPlatform('connector_writeback', { services: ['connector', 'content', 'events', 'documents'], organisation: 'real' });
    api = http(platform.baseUrl);
    const admin = (await api.post('/api/auth/system/login', ADMIN)).body.accessToken as string;
    await api.post('/api/auth/org/register', { email: 'owner@writeback.example', password: 'write-back password', firstName: 'Wanda', lastName: 'Owner' });
    const created = await api.post(
      '/api/admin/orgs/create-with-owner',
      { orgName: 'Write-back Club', orgSlug: 'write-back', ownerEmail: 'owner@writeback.example', ownerFirstName: 'Wanda', ownerLastName: 'Owner' },
      admin,
    );
    expect(created.status).toBe(201);
    org = created.body.organization.id;
    owner = (await api.post('/api/auth/org/login', { email: 'owner@writeback.example', password: 'write-back password' })).body.accessToken;
    const connector = await api.post(
      base(),
      {
        connectorTypeId: LEGACY_SITE_TYPE_ID,
        name: 'Old site',
        config: { siteUrl: platform.legacySiteUrl, syncKey: STACK_LEGACY_SYNC_KEY, sourceTimezone: '+10:00', enabledEntityTypes: ['MEMBERS', 'EVENTS'] },
      },
      owner,
    );
    expect(connector.status).toBe(201);
    expect(connector.body.config).toMatchObject({ writeBack: true });
    connectorId = connector.body.id;
    expect((await runSync('INITIAL_IMPORT')).status).toBe('COMPLETED');
  });
  afterAll(async () => platform?.stop());

  it("a member's profile edited on the platform appears on the site (PUT /sync/members/{id}); the next sync sends nothing back", async () => {
    const members = await pull('members');
    const users = (await api.get(`/api/orgs/${org}/users?size=100`, owner)).body.content as Array<{ id: string; email: string }>;
    const target = members.find((m) => m.role === 'association-member' && users.some((u) => u.email.toLowerCase() === String(m.user_email).toLowerCase()))!;
    const user = users.find((u) => u.email.toLowerCase() === String(target.user_email).toLowerCase())!;

    const edited = await put(`/api/orgs/${org}/users/${user.id}`, { jobTitle: 'Head of Write-back', city: 'Hobart', isCertified: true }, owner);
    expect(edited.status).toBe(200);
    expect(
      await holdsSoon(async () => {
        const now = await siteRecord('members', target.id);
        return now?.job_title === 'Head of Write-back' && now?.city === 'Hobart';
      }, 100),
    ).toBe(true);
    const written = await siteRecord('members', target.id);
    expect(written).toMatchObject({ job_title: 'Head of Write-back', city: 'Hobart', is_certified: true, first_name: target.first_name, zip: target.zip });

    // The site's copy changed (the write-back): the next sync reads it, and nothing goes back.
    const job = await runSync('INCREMENTAL');
    expect(job.status).toBe('COMPLETED');
    await sleep(1000);
    expect((await siteRecord('members', target.id))?.user_modified_gmt).toBe(written?.user_modified_gmt);
    const listed = (await api.get(`/api/orgs/${org}/users?size=100`, owner)).body.content as Array<{ id: string }>;
    expect(listed.find((u) => u.id === user.id)).toMatchObject({ jobTitle: 'Head of Write-back', city: 'Hobart' });
  });

  it('an imported event edited on the platform appears on the site (PUT /sync/events/{id}), times through +10:00', async () => {
    const siteEvents = await pull('events');
    const events = (await api.get(`/api/orgs/${org}/events?size=100`, owner)).body.content as Array<Record<string, any>>;
    const editable = events.find(
      (e) =>
        (e.status === 'PUBLISHED' || e.status === 'DRAFT') && e.eventType !== 'CONFERENCE' && siteEvents.filter((s) => s.post_title === e.title).length === 1,
    )!;
    expect(editable).toBeDefined();
    const source = siteEvents.find((s) => s.post_title === editable.title)!;
    const startDate = new Date(Date.parse(editable.startDate) + 3_600_000).toISOString();
    const endDate = new Date(Date.parse(editable.endDate) + 3_600_000).toISOString();
    const input = {
      title: `${editable.title} (moved)`,
      description: editable.description,
      eventType: editable.eventType,
      category: editable.category,
      startDate,
      endDate,
      venueName: 'Write-back Hall',
      address: editable.address,
      locationTypeNote: editable.locationTypeNote,
      registrationRequired: editable.registrationRequired,
      waitingListEnabled: editable.waitingListEnabled,
      isFree: editable.isFree,
      currency: editable.currency,
      excerpt: editable.excerpt,
      isAllDay: editable.isAllDay,
      isVirtual: editable.isVirtual,
      cost: editable.cost,
      registrationUrl: editable.registrationUrl,
      featuredImageUrl: editable.featuredImageUrl,
      surveyQuestions: editable.surveyQuestions ?? [],
    };
    const res = await put(`/api/orgs/${org}/events/${editable.id}`, input, owner);
    expect(res.status).toBe(200);
    expect(await holdsSoon(async () => (await siteRecord('events', source.id))?.post_title === input.title, 100)).toBe(true);
    expect(await siteRecord('events', source.id)).toMatchObject({
      post_title: input.title,
      _location_name: 'Write-back Hall',
      _event_date_time_start: Date.parse(startDate) + 10 * 3_600_000,
      _event_date_time_end: Date.parse(endDate) + 10 * 3_600_000,
    });
  });

  it('a DISABLED connector sends nothing', async () => {
    expect((await put(`${base()}/${connectorId}`, { status: 'DISABLED' }, owner)).status).toBe(200);
    const members = await pull('members');
    const users = (await api.get(`/api/orgs/${org}/users?size=100`, owner)).body.content as Array<{ id: string; email: string }>;
    const target = members.find((m) => m.role === 'association-member' && users.some((u) => u.email.toLowerCase() === String(m.user_email).toLowerCase()))!;
    const user = users.find((u) => u.email.toLowerCase() === String(target.user_email).toLowerCase())!;
    expect((await put(`/api/orgs/${org}/users/${user.id}`, { jobTitle: 'Never sent' }, owner)).status).toBe(200);
    await sleep(2000);
    expect((await siteRecord('members', target.id))?.job_title).not.toBe('Never sent');
  });
});
