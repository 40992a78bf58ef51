import type { AddressInfo } from 'node:net';
import { MEMBER_UPDATE_FIELDS } from '../src/domain/updates';
import { ADMIN_PASSWORD, pullAll, startTestSite, unreachableSite, type TestSite } from './support/harness';
import { MEMBER_SOURCE_FIELDS } from './support/reference-mapping';

const CMS_DATE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const ids = (records: { id: number }[]) => records.map((r) => r.id);

describe('sync API (/api/v1/sync)', () => {
  let t: TestSite;
  beforeAll(async () => {
    t = await startTestSite();
  });
  afterAll(async () => {
    await t.stop();
  });

  describe('ping', () => {
    it('answers {"status":"ok"} without a key', async () => {
      const res = await t.call('GET', '/sync/ping', { key: null });
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('ok');
    });

    it('answers 503 while the database is unreachable', async () => {
      const down = unreachableSite();
      const server = down.app.listen(0, '127.0.0.1');
      await new Promise((resolve) => server.once('listening', resolve));
      const port = (server.address() as AddressInfo).port;
      const ping = await fetch(`http://127.0.0.1:${port}/api/v1/sync/ping`);
      expect(ping.status).toBe(503);
      expect(await ping.json()).toMatchObject({ code: 'association_database_unavailable', data: { status: 503 } });
      await new Promise((resolve) => server.close(resolve));
      await down.stop();
    });
  });

  describe('the seven pulls', () => {
    it.each([
      ['members', 8],
      ['articles', 5],
      ['events', 5],
      ['conferences', 2],
      ['documents', 7],
      ['companies', 2],
      ['notifications', 5],
    ])('GET /sync/%s answers the page envelope with page 1 and 50 per page by default', async (entity, total) => {
      const res = await t.call('GET', `/sync/${entity}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ data: expect.any(Array), total, page: 1, per_page: 50, total_pages: 1 });
      expect(res.body.data).toHaveLength(total);
      const got = ids(res.body.data);
      expect(got).toEqual([...got].sort((a, b) => a - b));
    });

    it('member records carry id, email, first_name and every source field of the member mapping', async () => {
      const res = await t.call('GET', '/sync/members?per_page=200');
      for (const record of res.body.data) {
        expect(Object.keys(record)).toEqual(expect.arrayContaining(['id', 'email', ...MEMBER_SOURCE_FIELDS]));
        expect(record.email).toBe(record.user_email);
        expect(record.user_registered).toMatch(CMS_DATE);
        expect(typeof record.is_certified).toBe('boolean');
        expect(typeof record.is_exclude_listing).toBe('boolean');
      }
      const olivia = res.body.data.find((r: any) => r.id === 2);
      expect(olivia).toMatchObject({
        email: 'olivia.brown@example.com',
        first_name: 'Olivia',
        role: 'association-member',
        is_certified: true,
        renewal_date: '2026-06-30',
        user_registered: '2019-05-20 03:04:05',
      });
      const legacy = res.body.data.find((r: any) => r.id === 6);
      expect(legacy).toMatchObject({ first_name: null, mobile_number: null, is_certified: false, role: 'lapsed-member' });
    });

    it('keeps duplicate emails that differ only in case as separate members', async () => {
      const res = await t.call('GET', '/sync/members');
      const emails = res.body.data.map((r: any) => r.email.toLowerCase());
      expect(emails.filter((e: string) => e === 'jack.obrien@example.com')).toHaveLength(2);
    });

    it('article records carry CMS dates, statuses, author, categories, tags and the full-size featured image', async () => {
      const res = await t.call('GET', '/sync/articles');
      expect(res.body.data.map((r: any) => r.post_status)).toEqual(['publish', 'publish', 'draft', 'private', 'trash']);
      const agm = res.body.data[0];
      expect(agm).toMatchObject({
        id: 10,
        post_type: 'post',
        post_title: 'Annual General Meeting &amp; Awards Night',
        post_name: 'annual-general-meeting-awards-night',
        post_date_gmt: '2025-02-10 23:00:00',
        post_date: '2025-02-11 09:00:00',
        post_modified_gmt: '2025-02-12 01:30:00',
        author: { id: 1, display_name: 'Site Administrator', user_email: 'admin@association.example' },
        categories: [
          { term_id: 1, name: 'News', slug: 'news' },
          { term_id: 2, name: 'Awards &amp; Recognition', slug: 'awards-recognition' },
        ],
        tags: [
          { term_id: 4, name: 'agm', slug: 'agm' },
          { term_id: 5, name: 'awards', slug: 'awards' },
        ],
        featured_image_url: `${t.url}/wp-content/uploads/2025/02/agm-awards-night.png`,
      });
      expect(agm.featured_image.sizes.full.url).toBe(agm.featured_image_url);
      expect(res.body.data[1].post_excerpt).toBe('');
    });

    it('event records carry their times as local Unix milliseconds and null for missing meta', async () => {
      const res = await t.call('GET', '/sync/events');
      const [breakfast, , sundowner] = res.body.data;
      expect(breakfast).toMatchObject({
        id: 20,
        _event_date_time_start: 1773473400000,
        _event_date_time_end: 1773478800000,
        _event_all_day: false,
        _event_is_virtual: false,
        _event_cost: '$25',
        _location_city: 'South Brisbane',
        _event_attending_count: 42,
      });
      expect(sundowner).toMatchObject({ id: 23, post_status: 'private', _event_date_time_end: null, _event_cost: null, _event_url: null });
    });

    it('conference records use the _conference_ meta keys', async () => {
      const res = await t.call('GET', '/sync/conferences');
      expect(res.body.data[0]).toMatchObject({ id: 30, _conference_date_time_start: 1787130000000, _conference_is_virtual: false, _conference_cost: '$450' });
    });

    it('document records of the three types carry their file URL and folder terms with their hierarchy', async () => {
      const res = await t.call('GET', '/sync/documents');
      const byId = new Map(res.body.data.map((r: any) => [r.id, r]));
      expect(res.body.data.map((r: any) => r.post_type)).toEqual(['document', 'document', 'policy', 'policy', 'recall', 'recall', 'document']);
      expect(byId.get(40)).toMatchObject({
        _document_file: `${t.url}/wp-content/uploads/2025/03/board-minutes-march-2025.pdf`,
        file_url: `${t.url}/wp-content/uploads/2025/03/board-minutes-march-2025.pdf`,
        folder_taxonomy: 'document_folder',
        folders: [{ term_id: 12, name: '2025', parent: 11, path: ['Board', 'Minutes', '2025'] }],
      });
      expect(byId.get(41)).toMatchObject({ folders: [] });
      expect(byId.get(42)).toMatchObject({ _policy_file: `${t.url}/wp-content/uploads/2023/06/code-of-conduct.pdf?ver=2`, folder_taxonomy: 'policy_folder' });
      expect(byId.get(45)).toMatchObject({ _recall_file: null, file_url: null, folders: [] });
    });

    it('company and notification records carry their meta', async () => {
      const companies = await t.call('GET', '/sync/companies');
      expect(companies.body.data[0]).toMatchObject({ id: 50, _company_url: 'https://coastal-building.example.com', _company_phone: '(07) 5500 1234' });
      expect(companies.body.data[1]).toMatchObject({ id: 52, _company_phone: null, featured_image: null });
      const notifications = await t.call('GET', '/sync/notifications');
      expect(notifications.body.data.map((r: any) => r._notification_type)).toEqual([
        'external-link',
        'post-type',
        'website-page',
        'notification',
        'post-type',
      ]);
      expect(notifications.body.data[1]).toMatchObject({
        _notification_link_post_id: 20,
        _notification_link_post_type: 'event',
        _notification_link_post_slug: 'networking-breakfast',
        post_date: '2025-12-15 13:00:00',
      });
    });
  });

  describe('paging', () => {
    it('pages in id order without overlap or gaps', async () => {
      const first = await t.call('GET', '/sync/members?per_page=3&page=1');
      const third = await t.call('GET', '/sync/members?per_page=3&page=3');
      expect(first.body).toMatchObject({ total: 8, page: 1, per_page: 3, total_pages: 3 });
      expect(ids(first.body.data)).toEqual([1, 2, 3]);
      expect(ids(third.body.data)).toEqual([7, 8]);
      expect(ids(await pullAll(t, 'members', '', 3))).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    });

    it('answers an empty page past the end', async () => {
      const res = await t.call('GET', '/sync/members?page=9');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ data: [], total: 8, page: 9 });
    });

    it('accepts per_page 200', async () => {
      expect((await t.call('GET', '/sync/articles?per_page=200')).status).toBe(200);
    });

    it.each(['per_page=201', 'per_page=0', 'page=0', 'page=abc', 'per_page=-5', 'per_page=1.5'])('answers 400 rest_invalid_param to %s', async (query) => {
      const res = await t.call('GET', `/sync/members?${query}`);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'rest_invalid_param', data: { status: 400 } });
    });
  });

  describe('since', () => {
    it.each([
      ['an ISO 8601 UTC time', '2025-01-01T00:00:00Z'],
      ['an ISO 8601 time with an offset', encodeURIComponent('2025-01-01T10:00:00+10:00')],
      ['an offset whose + arrived as a space', '2025-01-01T10:00:00+10:00'],
      ['Unix seconds', String(Date.UTC(2025, 0, 1) / 1000)],
      ['an ISO date', '2025-01-01'],
    ])('filters members modified after %s', async (_what, since) => {
      const res = await t.call('GET', `/sync/members?since=${since}`);
      expect(res.status).toBe(200);
      expect(ids(res.body.data)).toEqual([2, 5, 7]);
      expect(res.body.total).toBe(3);
    });

    it('includes a record modified exactly at the since time', async () => {
      const res = await t.call('GET', '/sync/articles?since=2025-04-01T00:00:00Z');
      expect(ids(res.body.data)).toEqual([12, 13]);
    });

    it('answers 400 to a since that is not a date', async () => {
      const res = await t.call('GET', '/sync/events?since=yesterday');
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'rest_invalid_param', data: { status: 400, params: { since: expect.any(String) } } });
    });
  });

  describe('sync key', () => {
    it.each(['members', 'articles'])('answers 401 to /sync/%s without the key', async (entity) => {
      const res = await t.call('GET', `/sync/${entity}`, { key: null });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ code: 'association_sync_key_missing', message: expect.any(String), data: { status: 401 } });
    });

    it('answers 401 to a wrong key', async () => {
      const res = await t.call('GET', '/sync/events', { key: 'wrong-key' });
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('association_sync_key_invalid');
    });

    it('answers 401 to a PUT without the key', async () => {
      const res = await t.call('PUT', '/sync/members/2', { key: null, body: { job_title: 'x' } });
      expect(res.status).toBe(401);
    });
  });

  describe('PUT /sync/members/{id}', () => {
    it('applies a partial update, bumps the modified time and answers the record', async () => {
      const before = t.clock.now;
      t.clock.advance(1000);
      const res = await t.call('PUT', '/sync/members/3', { body: { job_title: 'Managing Director', is_certified: false, mobile_number: null } });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: 3, job_title: 'Managing Director', is_certified: false, mobile_number: null, first_name: 'Jack' });
      const since = await t.call('GET', `/sync/members?since=${encodeURIComponent(before.toISOString())}`);
      expect(ids(since.body.data)).toEqual([3]);
    });

    it('changes the email unless another member has it in any case', async () => {
      const taken = await t.call('PUT', '/sync/members/2', { body: { email: 'MEI.CHEN@example.com' } });
      expect(taken.status).toBe(400);
      expect(taken.body.code).toBe('existing_user_email');
      const ok = await t.call('PUT', '/sync/members/2', { body: { user_email: 'olivia@example.com' } });
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({ email: 'olivia@example.com', user_email: 'olivia@example.com' });
    });

    /** The member's record as the connector pulls it. */
    const memberRecord = async (id: number) => {
      const res = await t.call('GET', '/sync/members?per_page=200');
      return res.body.data.find((r: any) => r.id === id);
    };
    /** Every field PUT /sync/members/{id} takes, with the record's current values. */
    const fullProfile = (record: Record<string, unknown>) => Object.fromEntries(MEMBER_UPDATE_FIELDS.map((key) => [key, record[key]]));

    it('takes back a full unchanged profile when another member has the same address in another case', async () => {
      // Fixture users 3 (Jack.OBrien@Example.com) and 4 (jack.obrien@example.com) are such a pair.
      const before = await memberRecord(3);
      t.clock.advance(1000);
      const res = await t.call('PUT', '/sync/members/3', { body: fullProfile(before) });
      expect({ status: res.status, code: res.body.code }).toEqual({ status: 200, code: undefined });
      const { user_modified_gmt: _changed, ...unchanged } = before;
      expect(res.body).toEqual({ ...unchanged, user_modified_gmt: expect.any(String) });
      expect(res.body.user_modified_gmt).not.toBe(before.user_modified_gmt);
      expect(await memberRecord(3)).toEqual(res.body);
      // The other of the pair, writing back its own address (the lower-case one).
      const four = await t.call('PUT', '/sync/members/4', { body: { email: 'jack.obrien@example.com', first_name: 'Jack' } });
      expect({ status: four.status, email: four.body.email }).toEqual({ status: 200, email: 'jack.obrien@example.com' });
      expect((await memberRecord(3)).email).toBe('Jack.OBrien@Example.com');
    });

    it("refuses another member's address in any case, with the rest of an unchanged profile or alone", async () => {
      const jack = await memberRecord(3);
      const other = (await memberRecord(5)).email as string;
      const cases = [other, other.toUpperCase(), other.toLowerCase(), other[0]!.toUpperCase() + other.slice(1)];
      for (const address of cases) {
        for (const body of [{ ...fullProfile(jack), email: address, user_email: address }, { email: address }, { user_email: address }]) {
          const res = await t.call('PUT', '/sync/members/3', { body });
          expect({ address, status: res.status, body: res.body }).toEqual({
            address,
            status: 400,
            body: { code: 'existing_user_email', message: expect.any(String), data: { status: 400 } },
          });
        }
      }
      // The pair's other member is "another member" too, once the address really changes.
      const taken = await t.call('PUT', '/sync/members/2', { body: { email: 'JACK.OBRIEN@example.com' } });
      expect(taken.body.code).toBe('existing_user_email');
      expect(await memberRecord(3)).toEqual(jack);
    });

    it('answers 404 rest_user_invalid_id for an unknown or malformed id', async () => {
      for (const id of ['9999', 'abc']) {
        const res = await t.call('PUT', `/sync/members/${id}`, { body: { job_title: 'x' } });
        expect(res.status).toBe(404);
        expect(res.body).toMatchObject({ code: 'rest_user_invalid_id', data: { status: 404 } });
      }
    });

    it.each([
      ['an unknown field', { favourite_colour: 'blue' }],
      ['a malformed date', { birthday: '14/07/1985' }],
      ['a malformed email', { email: 'not-an-email' }],
      ['no field at all', {}],
      ['a JSON array', [1, 2]],
      ['a mismatching id', { id: 5, city: 'Cairns' }],
    ])('answers 400 to %s', async (_what, body) => {
      const res = await t.call('PUT', '/sync/members/2', { body });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'rest_invalid_param', data: { status: 400 } });
    });

    it('answers 400 rest_invalid_json to a body that is not JSON', async () => {
      const res = await t.call('PUT', '/sync/members/2', { body: '{"job_title": ', headers: { 'content-type': 'application/json' } });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('rest_invalid_json');
    });
  });

  describe('PUT /sync/events/{id}', () => {
    it('applies a partial update of fields and meta and bumps post_modified_gmt', async () => {
      t.clock.advance(60_000);
      const res = await t.call('PUT', '/sync/events/20', {
        body: { post_title: 'Networking Breakfast (moved)', _event_date_time_start: 1773477000000, _event_is_virtual: true, _event_cost: null },
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id: 20,
        post_title: 'Networking Breakfast (moved)',
        _event_date_time_start: 1773477000000,
        _event_is_virtual: true,
        _event_cost: null,
        _event_date_time_end: 1773478800000,
      });
      const stamp = new Date(t.clock.now.getTime() - (t.clock.now.getTime() % 1000)).toISOString().replace('T', ' ').slice(0, 19);
      expect(res.body.post_modified_gmt).toBe(stamp);
    });

    it('answers 404 rest_post_invalid_id for a post that is not an event', async () => {
      for (const id of ['10', '30', '99999']) {
        const res = await t.call('PUT', `/sync/events/${id}`, { body: { post_title: 'x' } });
        expect(res.status).toBe(404);
        expect(res.body.code).toBe('rest_post_invalid_id');
      }
    });

    it('answers 400 to an unknown status or a non-integer time', async () => {
      expect((await t.call('PUT', '/sync/events/20', { body: { post_status: 'archived' } })).status).toBe(400);
      expect((await t.call('PUT', '/sync/events/20', { body: { _event_date_time_start: 'soon' } })).status).toBe(400);
    });
  });

  describe('pulls while records change', () => {
    it('returns every record exactly once when records on pages already read and still to read change', async () => {
      const seen: number[] = [];
      const first = await t.call('GET', '/sync/members?per_page=3&page=1');
      seen.push(...ids(first.body.data));
      t.clock.advance(1000);
      await t.call('PUT', '/sync/members/2', { body: { city: 'Cairns' } });
      await t.call('PUT', '/sync/members/8', { body: { city: 'Cairns' } });
      for (let page = 2; page <= first.body.total_pages; page++) {
        seen.push(...ids((await t.call('GET', `/sync/members?per_page=3&page=${page}`)).body.data));
      }
      expect(seen).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    });

    it('returns a record changed during a sync to the next sync, which passes the time the previous one started', async () => {
      const syncStarted = t.clock.advance(5000);
      await pullAll(t, 'members', '', 3);
      // The change lands in the very millisecond the sync started, then another one later.
      await t.call('PUT', '/sync/members/6', { body: { city: 'Hobart' } });
      t.clock.advance(1);
      await t.call('PUT', '/sync/members/4', { body: { city: 'Hobart' } });
      const next = await pullAll(t, 'members', `&since=${encodeURIComponent(syncStarted.toISOString())}`, 3);
      expect(ids(next)).toEqual([4, 6]);
    });
  });

  describe('since pulls while records enter the selection', () => {
    it('neither repeats nor skips a record when one with a lower id changes mid-pull, and the next sync has it', async () => {
      const syncStarted = t.clock.advance(60_000);
      await t.call('PUT', '/sync/members/5', { body: { city: 'Darwin' } });
      await t.call('PUT', '/sync/members/7', { body: { city: 'Darwin' } });
      await t.call('PUT', '/sync/members/8', { body: { city: 'Darwin' } });
      const since = `&since=${encodeURIComponent(syncStarted.toISOString())}`;
      const first = await t.call('GET', `/sync/members?per_page=2&page=1${since}`);
      expect(ids(first.body.data)).toEqual([5, 7]);
      const nextSyncStarted = t.clock.advance(1000);
      await t.call('PUT', '/sync/members/1', { body: { city: 'Darwin' } });
      const second = await t.call('GET', `/sync/members?per_page=2&page=2${since}`);
      expect(ids(second.body.data)).toEqual([8]);
      const next = await pullAll(t, 'members', `&since=${encodeURIComponent(nextSyncStarted.toISOString())}`);
      expect(ids(next)).toEqual([1]);
    });
  });

  describe('read-only mode', () => {
    let ro: TestSite;
    beforeAll(async () => {
      ro = await startTestSite({ config: { readOnly: true } });
    });
    afterAll(async () => {
      await ro.stop();
    });

    it('refuses both PUTs with 403 and keeps the pulls working', async () => {
      const member = await ro.call('PUT', '/sync/members/2', { body: { city: 'Cairns' } });
      expect(member.status).toBe(403);
      expect(member.body).toMatchObject({ code: 'association_read_only', data: { status: 403 } });
      const event = await ro.call('PUT', '/sync/events/20', { body: { post_title: 'x' } });
      expect(event.status).toBe(403);
      expect((await ro.call('GET', '/sync/members')).status).toBe(200);
    });
  });

  describe('without a generated sync key', () => {
    let bare: TestSite;
    beforeAll(async () => {
      bare = await startTestSite({ syncKey: null });
    });
    afterAll(async () => {
      await bare.stop();
    });

    it('answers 503 to pulls and PUTs, with or without a key header, and 200 to ping', async () => {
      for (const [method, path] of [
        ['GET', '/sync/members'],
        ['GET', '/sync/notifications'],
        ['PUT', '/sync/members/2'],
        ['PUT', '/sync/events/20'],
      ]) {
        const res = await bare.call(method!, path!, { key: null, body: method === 'PUT' ? { city: 'x' } : undefined });
        expect([path, res.status, res.body.code]).toEqual([path, 503, 'association_sync_key_not_generated']);
        expect((await bare.call(method!, path!, { key: 'anything', body: method === 'PUT' ? { city: 'x' } : undefined })).status).toBe(503);
      }
      expect((await bare.call('GET', '/sync/ping', { key: null })).status).toBe(200);
    });
  });

  describe('routes that do not exist', () => {
    it.each([
      ['GET', '/sync/unknown'],
      ['POST', '/sync/members'],
      ['DELETE', '/sync/members/2'],
      ['PUT', '/sync/articles/10'],
      ['GET', '/wp/v2/posts'],
      ['GET', '/nothing'],
      ['GET', 'ROOT/'],
      ['GET', 'ROOT/wp-json/wp/v2/users'],
      ['GET', 'ROOT/api/v2/sync/ping'],
    ])('%s %s answers 404 rest_no_route in the error shape', async (method, path) => {
      const res = await t.call(method, path.startsWith('ROOT') ? `${t.url}${path.slice(4)}` : path, { key: null });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: 'rest_no_route', message: expect.any(String), data: { status: 404 } });
    });
  });

  describe('OPTIONS', () => {
    it.each([
      ['/sync/members'],
      ['/sync/members/2'],
      ['/sync/events/20'],
      ['/sync/ping'],
      ['/events'],
      ['/admin'],
      ['/auth'],
      ['/nothing'],
      ['ROOT/wp-content/uploads/2024/03/agm-2024.png'],
    ])('OPTIONS %s answers 404 rest_no_route, with or without key and token, and no Allow list', async (path) => {
      const token = await t.login('admin', ADMIN_PASSWORD);
      const target = path.startsWith('ROOT') ? `${t.url}${path.slice(4)}` : path;
      for (const auth of [{ key: null }, { token }]) {
        const res = await t.call('OPTIONS', target, auth);
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ code: 'rest_no_route', message: expect.any(String), data: { status: 404 } });
        expect(res.headers.get('allow')).toBeNull();
      }
    });
  });

  describe('uploads', () => {
    it('serves the files that document and image URLs point at, the same bytes each time', async () => {
      const docs = await t.call('GET', '/sync/documents');
      for (const record of docs.body.data.filter((r: any) => r.file_url && !r.file_url.includes('/missing/'))) {
        const a = await fetch(record.file_url);
        const b = await fetch(record.file_url);
        expect([record.id, a.status]).toEqual([record.id, 200]);
        expect(Buffer.from(await a.arrayBuffer()).equals(Buffer.from(await b.arrayBuffer()))).toBe(true);
      }
      const pdf = await fetch(`${t.url}/wp-content/uploads/2025/03/board-minutes-march-2025.pdf`);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      expect(
        Buffer.from(await pdf.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
      const image = await fetch(`${t.url}/wp-content/uploads/2025/02/agm-awards-night-150x150.png`);
      expect(image.headers.get('content-type')).toBe('image/png');
      const bytes = Buffer.from(await image.arrayBuffer());
      expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([150, 150]);
    });

    it('answers 404 for a file gone from the server, an unknown type or a path outside uploads', async () => {
      for (const path of ['/wp-content/uploads/missing/old-price-list.csv', '/wp-content/uploads/2025/01/x.exe', '/wp-content/uploads/../../etc/passwd']) {
        const res = await fetch(`${t.url}${path}`);
        expect([path, res.status]).toEqual([path, 404]);
      }
    });
  });
});
