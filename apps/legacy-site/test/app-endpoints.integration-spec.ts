import { ADMIN_PASSWORD, startTestSite, SYNC_KEY, type TestSite } from './support/harness';

const APP_ENDPOINTS = [
  '/events',
  '/conferences',
  '/members',
  '/documents',
  '/companies',
  '/notifications',
  '/pages',
  '/posts',
  '/home',
  '/search',
  '/contact',
  '/user',
  '/enquiries',
  '/utilities',
  '/admin',
];
const ids = (items: { id: number }[]) => items.map((i) => i.id);

describe('app endpoints (/api/v1, Bearer token)', () => {
  let t: TestSite;
  let member: string;
  let admin: string;
  let pending: string;
  beforeAll(async () => {
    t = await startTestSite();
    // After the fixtures' last change and before their published events: 1 March 2026.
    t.clock.now = new Date('2026-03-01T00:00:00Z');
    member = await t.login('olivia.brown');
    admin = await t.login('admin', ADMIN_PASSWORD);
    pending = await t.login('zoe.nguyen');
  });
  afterAll(async () => {
    await t.stop();
  });

  describe('authentication', () => {
    it.each(
      APP_ENDPOINTS.flatMap((p) => [
        ['GET', p],
        ['POST', p],
      ]),
    )('%s %s answers 400 jwt_auth_bad_request without a token', async (method, path) => {
      const res = await t.call(method, path);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: 'jwt_auth_bad_request', message: expect.any(String), data: { status: 400 } });
    });

    it.each(APP_ENDPOINTS)('GET %s answers 401 jwt_auth_invalid_token to a bad token', async (path) => {
      const res = await t.call('GET', path, { token: 'eyJhbGciOiJIUzI1NiJ9.e30.bad' });
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('jwt_auth_invalid_token');
    });

    it.each(['/enquiries', '/admin'])('%s answers 403 rest_forbidden to a member who is not an administrator', async (path) => {
      for (const method of ['GET', 'POST']) {
        const res = await t.call(method, path, { token: member });
        expect(res.status).toBe(403);
        expect(res.body).toEqual({ code: 'rest_forbidden', message: expect.any(String), data: { status: 403 } });
      }
    });

    it('answers 404 to other methods on app routes', async () => {
      expect((await t.call('PUT', '/events', { token: member })).status).toBe(404);
      expect((await t.call('DELETE', '/user', { token: member })).status).toBe(404);
    });
  });

  it.each(APP_ENDPOINTS.filter((p) => p !== '/search'))('GET and POST %s both answer 200 to an administrator', async (path) => {
    for (const method of ['GET', 'POST']) {
      const res = await t.call(method, path, {
        token: admin,
        body: method === 'POST' && path === '/contact' ? { subject: 'Hi', message: 'Hello' } : undefined,
      });
      expect([method, path, res.status]).toEqual([method, path, path === '/contact' && method === 'POST' ? 201 : 200]);
    }
  });

  describe('/events and /conferences', () => {
    it('lists upcoming published events soonest first, with local ISO times', async () => {
      const res = await t.call('GET', '/events', { token: member });
      expect(res.body).toMatchObject({ total: 2, page: 1, per_page: 20, total_pages: 1 });
      expect(ids(res.body.data)).toEqual([20, 22]);
      expect(res.body.data[0]).toMatchObject({
        title: 'Networking Breakfast',
        start: '2026-03-14T07:30:00+10:00',
        end: '2026-03-14T09:00:00+10:00',
        start_ms: 1773473400000,
        all_day: false,
        is_virtual: false,
        location: { city: 'South Brisbane', zip_code: '4101' },
        attending_count: 42,
        is_attending: false,
        featured_image: `${t.url}/wp-content/uploads/2025/12/networking-breakfast.png`,
      });
      expect(res.body.data[1]).toMatchObject({ id: 22, location: null, is_virtual: true });
    });

    it('shows private events to administrators only, and never drafts or trash', async () => {
      const res = await t.call('GET', '/events?scope=all', { token: admin });
      expect(ids(res.body.data).sort()).toEqual([20, 22, 23]);
      expect((await t.call('GET', '/events?id=24', { token: admin })).status).toBe(404);
      expect((await t.call('GET', '/events?id=23', { token: member })).status).toBe(404);
    });

    it('takes parameters from a POST body as well as the query', async () => {
      const res = await t.call('POST', '/events', { token: member, body: { per_page: 1, page: 2 } });
      expect(res.body).toMatchObject({ page: 2, per_page: 1, total: 2 });
      expect(ids(res.body.data)).toEqual([22]);
    });

    it('records attendance with POST action=attend and removes it with unattend', async () => {
      const attend = await t.call('POST', '/events', { token: member, body: { action: 'attend', id: 20 } });
      expect(attend.status).toBe(200);
      expect(attend.body).toMatchObject({ id: 20, is_attending: true, attending_count: 43 });
      const again = await t.call('POST', '/events', { token: member, body: { action: 'attend', id: 20 } });
      expect(again.body.attending_count).toBe(43);
      const sync = await t.call('GET', `/sync/events?since=${encodeURIComponent(t.clock.now.toISOString())}`);
      expect(ids(sync.body.data)).toEqual([20]);
      expect(sync.body.data[0]._event_attending_count).toBe(43);
      const leave = await t.call('POST', '/events', { token: member, body: { action: 'unattend', id: 20 } });
      expect(leave.body).toMatchObject({ is_attending: false, attending_count: 42 });
    });

    it('answers 400 to an unknown action or scope and 404 to attending an invisible event', async () => {
      expect((await t.call('POST', '/events', { token: member, body: { action: 'dance', id: 20 } })).status).toBe(400);
      expect((await t.call('GET', '/events?scope=soon', { token: member })).status).toBe(400);
      expect((await t.call('POST', '/events', { token: member, body: { action: 'attend', id: 24 } })).status).toBe(404);
    });

    it('lists conferences with their times', async () => {
      const res = await t.call('GET', '/conferences', { token: member });
      expect(ids(res.body.data)).toEqual([30]);
      expect(res.body.data[0]).toMatchObject({ start: '2026-08-19T09:00:00+10:00', end: '2026-08-21T17:00:00+10:00', cost: '$450' });
    });
  });

  describe('/posts and /pages', () => {
    it('lists published articles newest first, without content, with the excerpt fallback', async () => {
      const res = await t.call('GET', '/posts', { token: member });
      expect(ids(res.body.data)).toEqual([12, 10]);
      expect(res.body.data[0].content).toBeUndefined();
      expect(res.body.data[0].excerpt).toMatch(/^Thank you to the 412 members/);
      expect(res.body.data[1]).toMatchObject({ author: { id: 1, name: 'Site Administrator' }, categories: [{ slug: 'news' }, { slug: 'awards-recognition' }] });
    });

    it('filters by category and tag, and answers one article with its content by slug or id', async () => {
      expect(ids((await t.call('GET', '/posts?category=news', { token: member })).body.data)).toEqual([10]);
      expect(ids((await t.call('GET', '/posts?tag=safety', { token: member })).body.data)).toEqual([12]);
      const one = await t.call('GET', '/posts?slug=annual-general-meeting-awards-night', { token: member });
      expect(one.body).toMatchObject({ id: 10, content: expect.stringContaining('<strong>Friday 14 March</strong>') });
      expect((await t.call('GET', '/posts?id=13', { token: member })).status).toBe(404);
      expect(ids((await t.call('GET', '/posts', { token: admin })).body.data)).toEqual([12, 10, 14]);
    });

    it('lists pages in menu order and answers one by slug', async () => {
      const list = await t.call('GET', '/pages', { token: member });
      expect(list.body.data.map((p: any) => p.slug)).toEqual(['about-us', 'privacy-policy']);
      const one = await t.call('POST', '/pages', { token: member, body: { slug: 'privacy-policy' } });
      expect(one.body).toMatchObject({ id: 2, title: 'Privacy Policy', content: expect.any(String) });
      expect((await t.call('GET', '/pages?slug=nope', { token: member })).status).toBe(404);
    });
  });

  describe('/documents', () => {
    it('lists published documents of all types with their folder and the folder tree', async () => {
      const res = await t.call('GET', '/documents', { token: member });
      expect(ids(res.body.data).sort((a, b) => a - b)).toEqual([40, 41, 42, 44, 45, 46]);
      const minutes = res.body.data.find((d: any) => d.id === 40);
      expect(minutes).toMatchObject({ file_type: 'pdf', mime_type: 'application/pdf', folder: { id: 12, name: '2025', path: ['Board', 'Minutes', '2025'] } });
      expect(res.body.folders).toEqual(expect.arrayContaining([{ id: 11, name: 'Minutes', slug: 'minutes', parent: 10, taxonomy: 'document_folder' }]));
    });

    it('filters by type and by folder, subfolders included', async () => {
      expect(ids((await t.call('GET', '/documents?type=policy', { token: member })).body.data)).toEqual([42]);
      expect(ids((await t.call('GET', '/documents?type=document&folder=board', { token: member })).body.data)).toEqual([40]);
      expect(ids((await t.call('GET', '/documents?type=recall&folder=30', { token: member })).body.data)).toEqual([44]);
    });

    it('answers 400 to an unknown type or a folder without a type', async () => {
      expect((await t.call('GET', '/documents?type=memo', { token: member })).status).toBe(400);
      expect((await t.call('GET', '/documents?folder=board', { token: member })).status).toBe(400);
    });
  });

  describe('/members', () => {
    it('lists members and administrators who are not excluded from the listing', async () => {
      const res = await t.call('GET', '/members', { token: member });
      expect(ids(res.body.data)).toEqual([3, 2]);
      expect(res.body.data[0]).toMatchObject({ display_name: "Jack O'Brien", company: "O'Brien & Sons Plumbing", is_certified: true });
      expect(ids((await t.call('GET', '/members?search=olivia', { token: member })).body.data)).toEqual([2]);
    });

    it('answers one listed member by id, 404 for one excluded from the listing', async () => {
      expect((await t.call('GET', '/members?id=3', { token: member })).body.id).toBe(3);
      expect((await t.call('GET', '/members?id=7', { token: member })).status).toBe(404);
      expect((await t.call('GET', '/members?id=7', { token: admin })).status).toBe(200);
    });

    it('answers 403 to an account pending review', async () => {
      const res = await t.call('GET', '/members', { token: pending });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('rest_forbidden');
    });
  });

  describe('/companies, /notifications, /home, /search, /utilities', () => {
    it('lists published companies with their logo', async () => {
      const res = await t.call('GET', '/companies', { token: member });
      expect(res.body.data).toEqual([
        expect.objectContaining({ id: 50, name: 'Coastal Building Pty Ltd', logo: `${t.url}/wp-content/uploads/2022/03/coastal-building-logo.png` }),
      ]);
    });

    it('lists notifications newest first with their link', async () => {
      const res = await t.call('GET', '/notifications', { token: member });
      expect(ids(res.body.data)).toEqual([61, 60, 62, 64, 63]);
      expect(res.body.data[0]).toMatchObject({
        type: 'post-type',
        link: { type: 'event', id: 20, slug: 'networking-breakfast' },
        date: '2025-12-15T13:00:00+10:00',
      });
      expect(res.body.data.find((n: any) => n.id === 63).link).toBeNull();
    });

    it('gathers the home screen', async () => {
      const res = await t.call('GET', '/home', { token: member });
      expect(res.body.user).toMatchObject({ id: 2, role: 'association-member' });
      expect(ids(res.body.latest_posts)).toEqual([12, 10]);
      expect(ids(res.body.upcoming_events)).toEqual([20, 22]);
      expect(res.body.notifications).toHaveLength(5);
    });

    it('searches titles across content types, and needs a query', async () => {
      const res = await t.call('POST', '/search', { token: member, body: { q: 'board' } });
      expect(res.body).toMatchObject({ query: 'board', total: 1 });
      expect(res.body.data[0]).toMatchObject({ id: 40, type: 'document' });
      const missing = await t.call('GET', '/search', { token: member });
      expect(missing.status).toBe(400);
      expect(missing.body.code).toBe('rest_missing_callback_param');
    });

    it('describes the site', async () => {
      const res = await t.call('GET', '/utilities', { token: member });
      expect(res.body).toMatchObject({ api_version: 'v1', plugin_version: '1.2.0', timezone: '+10:00', site_url: t.url });
    });
  });

  describe('/contact and /enquiries', () => {
    it('takes an enquiry that administrators list and close', async () => {
      expect((await t.call('GET', '/contact', { token: member })).body.subjects).toContain('Membership');
      const missing = await t.call('POST', '/contact', { token: member, body: { subject: 'Renewal' } });
      expect(missing.status).toBe(400);
      const sent = await t.call('POST', '/contact', { token: member, body: { subject: 'Renewal', message: 'How do I renew?' } });
      expect(sent.status).toBe(201);
      const list = await t.call('GET', '/enquiries?status=new', { token: admin });
      const mine = list.body.data.find((e: any) => e.id === sent.body.id);
      expect(mine).toMatchObject({ subject: 'Renewal', email: 'olivia.brown@example.com', name: 'Olivia Brown', status: 'new' });
      const closed = await t.call('POST', '/enquiries', { token: admin, body: { id: sent.body.id, status: 'closed' } });
      expect(closed.body.status).toBe('closed');
      expect((await t.call('POST', '/enquiries', { token: admin, body: { id: sent.body.id, status: 'lost' } })).status).toBe(400);
      expect((await t.call('POST', '/enquiries', { token: admin, body: { id: 99999, status: 'read' } })).status).toBe(404);
    });
  });

  describe('/user', () => {
    it('answers the caller profile and updates own fields, which the next sync picks up', async () => {
      const jack = await t.login('jack.obrien');
      const profile = await t.call('GET', '/user', { token: jack });
      expect(profile.body).toMatchObject({ id: 3, username: 'jack.obrien', role: 'association-member', birthday: '1971-02-28', devices: [] });
      const before = t.clock.advance(1000);
      const updated = await t.call('POST', '/user', { token: jack, body: { job_title: 'Owner', city: 'Manly' } });
      expect(updated.body).toMatchObject({ job_title: 'Owner', city: 'Manly' });
      const sync = await t.call('GET', `/sync/members?since=${encodeURIComponent(before.toISOString())}`);
      expect(ids(sync.body.data)).toEqual([3]);
    });

    it('refuses fields a member cannot change', async () => {
      const res = await t.call('POST', '/user', { token: member, body: { role: 'administrator' } });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('rest_invalid_param');
    });
  });

  describe('/admin', () => {
    it('regenerates the sync key: the new key works, the old one is refused', async () => {
      const res = await t.call('POST', '/admin', { token: admin, body: { action: 'generate_sync_key' } });
      expect(res.body).toMatchObject({ sync_key: expect.stringMatching(/^[0-9a-f]{48}$/), sync_key_generated: true });
      expect((await t.call('GET', '/sync/members', { key: res.body.sync_key })).status).toBe(200);
      expect((await t.call('GET', '/sync/members', { key: SYNC_KEY })).status).toBe(401);
      await t.call('POST', '/admin', { token: admin, body: { action: 'delete_sync_key' } });
      expect((await t.call('GET', '/sync/members', { key: res.body.sync_key })).status).toBe(503);
      const status = await t.call('GET', '/admin', { token: admin });
      expect(status.body).toMatchObject({ sync_key_generated: false, sync_key_hint: null });
    });

    it('turns read-only mode on and off', async () => {
      const on = await t.call('POST', '/admin', { token: admin, body: { action: 'set_read_only', read_only: true } });
      expect(on.body.read_only).toBe(true);
      const edit = await t.call('POST', '/user', { token: member, body: { city: 'Cairns' } });
      expect(edit.status).toBe(403);
      expect(edit.body.code).toBe('association_read_only');
      const off = await t.call('POST', '/admin', { token: admin, body: { action: 'set_read_only', read_only: false } });
      expect(off.body.read_only).toBe(false);
      expect((await t.call('POST', '/user', { token: member, body: { city: 'Cairns' } })).status).toBe(200);
    });

    it('creates an invitation login link whose key works once', async () => {
      const res = await t.call('POST', '/admin', { token: admin, body: { action: 'create_login_link', user_id: 7 } });
      const key = res.body.login_link.key;
      const login = await t.call('POST', '/auth/login_deeplink', { body: { key } });
      expect(login.body.user_email).toBe('mei.chen@example.com');
      expect((await t.call('POST', '/admin', { token: admin, body: { action: 'create_login_link', user_id: 999 } })).status).toBe(404);
    });

    it('answers 400 to an unknown action', async () => {
      expect((await t.call('POST', '/admin', { token: admin, body: { action: 'explode' } })).status).toBe(400);
    });
  });
});
