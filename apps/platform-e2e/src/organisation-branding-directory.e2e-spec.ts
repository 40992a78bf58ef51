import { ADMIN, http, startPlatform, type JsonResponse, type Platform } from './platform';

const decode = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString());

/** A 4xx problem+json naming the field (for validation) and never a stack trace. */
function expectProblem(res: JsonResponse, status: number, field?: string, message?: RegExp) {
  expect({ status: res.status, contentType: res.headers.get('content-type') }).toEqual({
    status,
    contentType: expect.stringContaining('application/problem+json'),
  });
  expect(res.body).toMatchObject({ status, code: expect.any(String), detail: expect.any(String) });
  if (field) {
    const errors = (res.body.errors ?? []) as Array<{ field: string; message: string }>;
    expect(errors).toEqual(expect.arrayContaining([expect.objectContaining({ field, ...(message ? { message: expect.stringMatching(message) } : {}) })]));
  }
  expect(JSON.stringify(res.body)).not.toMatch(/at .*\.(ts|js):\d+/);
}

/** Issue 12 through the gateway on the real services: branding, legal pages and the member directory. */
describe('organisation branding, legal pages and directory through the gateway', () => {
  let platform: Platform;
  let api: ReturnType<typeof http>;
  let admin: string;
  let orgId: string;
  let otherOrgId: string;
  const tokens: Record<string, string> = {};
  const ids: Record<string, string> = {};

  const put = (path: string, body: unknown, token?: string) => api.call('PUT', path, { body, token });
  const register = (email: string, firstName: string, lastName: string) =>
    api.post('/api/auth/org/register', { email, password: 'member password', firstName, lastName });
  const orgLogin = async (email: string, organizationId: string) => {
    const res = await api.post('/api/auth/org/login', { email, password: 'member password', organizationId });
    expect(res.status).toBe(200);
    return res.body.accessToken as string;
  };
  const createOrg = async (slug: string) => {
    await register(`owner@${slug}.example`, 'Olga', 'Owner');
    const created = await api.post(
      '/api/admin/orgs/create-with-owner',
      { orgName: `Org ${slug}`, orgSlug: slug, ownerEmail: `owner@${slug}.example`, ownerFirstName: 'Olga', ownerLastName: 'Owner', sendWelcomeEmail: false },
      admin,
    );
    expect(created.status).toBe(201);
    const id = created.body.organization.id as string;
    return { id, token: await orgLogin(`owner@${slug}.example`, id) };
  };
  const rolesOf = async (id: string) => {
    const res = await api.get(`/api/orgs/${id}/roles`, admin);
    return Object.fromEntries((res.body as Array<{ name: string; roleId: string }>).map((r) => [r.name, r.roleId]));
  };
  /** Registers the account and adds it with the role (ACTIVE, or PENDING when invited); logs it in when asked. */
  const addMember = async (key: string, firstName: string, lastName: string, roleId: string, opts: { login?: boolean; invite?: boolean } = {}) => {
    const email = `${key}@brand.example`;
    await register(email, firstName, lastName);
    const added = await api.post(
      `/api/orgs/${orgId}/users`,
      { email, firstName, lastName, roleId, sendInvitationEmail: opts.invite ?? false },
      tokens['owner'],
    );
    expect(added.status).toBe(201);
    ids[key] = added.body.id;
    if (opts.login) tokens[key] = await orgLogin(email, orgId);
  };

  beforeAll(async () => {
    platform = await startPlatform('org-branding-directory', { organisation: 'real' });
    api = http(platform.baseUrl);
    admin = (await api.post('/api/auth/system/login', ADMIN)).body.accessToken;
    ({ id: orgId, token: tokens['owner'] } = await createOrg('brand'));
    ids['owner'] = decode(tokens['owner']!).sub;
    ({ id: otherOrgId, token: tokens['otherOwner'] } = await createOrg('brand-other'));
    const roles = await rolesOf(orgId);
    await addMember('admin', 'Adam', 'Admin', roles['ADMIN']!, { login: true });
    await addMember('manager', 'Mona', 'Manager', roles['MANAGER']!, { login: true });
    await addMember('member', 'Mia', 'Member', roles['MEMBER']!, { login: true });
    await addMember('guest', 'Gil', 'Guest', roles['GUEST']!, { login: true });
    await addMember('hidden', 'Hedy', 'Hidden', roles['MEMBER']!);
    await addMember('suspended', 'Sam', 'Suspended', roles['MEMBER']!);
    await addMember('pending', 'Pat', 'Pending', roles['MEMBER']!, { invite: true });
    await addMember('leaver', 'Lee', 'Leaver', roles['MEMBER']!);
    const owner = tokens['owner']!;
    expect(
      (await put(`/api/orgs/${orgId}/users/${ids['member']}`, { phoneNumber: '+44 20 7946 0000', jobTitle: 'Treasurer', city: 'Leeds' }, owner)).status,
    ).toBe(200);
    expect((await put(`/api/orgs/${orgId}/users/${ids['hidden']}`, { isExcludedFromListing: true }, owner)).status).toBe(200);
    expect((await put(`/api/orgs/${orgId}/users/${ids['suspended']}`, { status: 'SUSPENDED' }, owner)).status).toBe(200);
    expect((await api.call('DELETE', `/api/orgs/${orgId}/users/${ids['leaver']}`, { token: owner })).status).toBe(204);
  });
  afterAll(async () => platform?.stop());

  it("the OpenAPI document lists every route with the spec's path and method", async () => {
    const { paths } = (await api.get('/api/docs/openapi.json')).body as { paths: Record<string, Record<string, unknown>> };
    const expected: Array<[string, string]> = [
      ['get', '/api/orgs/{orgId}/branding'],
      ['put', '/api/orgs/{orgId}/branding'],
      ['get', '/api/public/orgs/{slug}/branding'],
      ['get', '/api/orgs/{id}/legal-pages'],
      ['put', '/api/orgs/{id}/legal-pages'],
      ['get', '/api/public/orgs/{slug}/legal-pages'],
      ['get', '/api/orgs/{organizationId}/directory'],
      ['get', '/api/orgs/{organizationId}/directory/config'],
      ['put', '/api/orgs/{organizationId}/directory/config'],
    ];
    for (const [method, path] of expected) expect({ path, method, listed: paths[path]?.[method] !== undefined }).toEqual({ path, method, listed: true });
  });

  describe('branding', () => {
    const defaults = { primaryColor: '#1d4ed8', secondaryColor: '#64748b', fontFamily: 'system-ui, sans-serif', logoUrl: '' };

    it('answers the defaults before any branding, to members and on the public route', async () => {
      const read = await api.get(`/api/orgs/${orgId}/branding`, tokens['guest']);
      expect(read.status).toBe(200);
      expect(read.body).toEqual(defaults);
      const open = await api.get('/api/public/orgs/brand/branding');
      expect(open.status).toBe(200);
      expect(open.body).toEqual(defaults);
      expect((await api.get(`/api/orgs/${orgId}/branding`)).status).toBe(401);
    });

    it('an admin sets it (absent fields kept); members and the public see it', async () => {
      const res = await put(
        `/api/orgs/${orgId}/branding`,
        { primaryColor: '#0A0', secondaryColor: '#112233', logoUrl: 'https://cdn.brand.example/logo.png' },
        tokens['admin'],
      );
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        primaryColor: '#0A0',
        secondaryColor: '#112233',
        fontFamily: defaults.fontFamily,
        logoUrl: 'https://cdn.brand.example/logo.png',
      });
      // An uploaded LOGO asset's URL, as the documents service gives it.
      const assetUrl = `/api/storage/${orgId}/assets/6f1c7f2e-3b1a-4c55-9d3e-1a2b3c4d5e6f`;
      const font = await put(`/api/orgs/${orgId}/branding`, { fontFamily: '"Source Sans 3", sans-serif', logoUrl: assetUrl }, tokens['owner']);
      expect(font.status).toBe(200);
      const expected = { primaryColor: '#0A0', secondaryColor: '#112233', fontFamily: '"Source Sans 3", sans-serif', logoUrl: assetUrl };
      expect(font.body).toEqual(expected);
      expect((await api.get(`/api/orgs/${orgId}/branding`, tokens['member'])).body).toEqual(expected);
      expect((await api.get('/api/public/orgs/brand/branding')).body).toEqual(expected);
      // The other organisation keeps the defaults.
      expect((await api.get('/api/public/orgs/brand-other/branding')).body).toEqual(defaults);
    });

    it('bad colours, fonts, logo URLs and unknown fields are 400 naming the field, and change nothing', async () => {
      const before = (await api.get(`/api/orgs/${orgId}/branding`, tokens['owner'])).body;
      const path = `/api/orgs/${orgId}/branding`;
      for (const bad of ['red', '#12', '#abcd', '#1234567', '#ggg', '', ' #fff', 'rgb(0,0,0)']) {
        expectProblem(await put(path, { primaryColor: bad }, tokens['owner']), 400, 'primaryColor', /#rgb or #rrggbb/);
      }
      expectProblem(await put(path, { secondaryColor: '#12345z' }, tokens['owner']), 400, 'secondaryColor', /#rgb or #rrggbb/);
      expectProblem(await put(path, { primaryColor: 123 }, tokens['owner']), 400, 'primaryColor');
      expectProblem(await put(path, { fontFamily: 'Arial; } body { display: none' }, tokens['owner']), 400, 'fontFamily');
      for (const url of ['javascript:alert(1)', 'data:image/png;base64,AAAA', 'ftp://files.example/logo.png', '//evil.example/logo.png', 'not a url']) {
        expectProblem(await put(path, { logoUrl: url }, tokens['owner']), 400, 'logoUrl', /http or https URL/);
      }
      const unknown = await put(path, { colour: '#fff' }, tokens['owner']);
      expectProblem(unknown, 400);
      expect(JSON.stringify(unknown.body)).toContain('colour is not a known field');
      expect((await api.get(path, tokens['owner'])).body).toEqual(before);
    });

    it('PUT is for the organisation admins: 403 for lesser roles and for another organisation, 404 on the public route for unknown slugs', async () => {
      const path = `/api/orgs/${orgId}/branding`;
      const before = (await api.get(path, tokens['owner'])).body;
      for (const who of ['manager', 'member', 'guest', 'otherOwner']) {
        expectProblem(await put(path, { primaryColor: '#000' }, tokens[who]), 403);
      }
      expectProblem(await api.get(path, tokens['otherOwner']), 403);
      expect((await api.get(path, tokens['owner'])).body).toEqual(before);
      expectProblem(await api.get('/api/public/orgs/no-such-org/branding'), 404);
      expectProblem(await api.get('/api/public/orgs/Not_A_Slug!/branding'), 400, 'slug');
    });
  });

  describe('legal pages', () => {
    it('are empty before they are written, then sanitised: no script, event handler or javascript: URL', async () => {
      const empty = await api.get(`/api/orgs/${orgId}/legal-pages`, tokens['guest']);
      expect(empty.status).toBe(200);
      expect(empty.body).toEqual({ termsOfService: '', privacyPolicy: '', cookiePolicy: '' });

      const res = await put(
        `/api/orgs/${orgId}/legal-pages`,
        {
          termsOfService: '<h1>Terms</h1><p onclick="steal()" onmouseover="x()">Be kind.</p><script>alert("terms")</script>',
          privacyPolicy:
            '<p>Ask <a href="javascript:alert(1)">us</a> or <a href="mailto:privacy@brand.example">write</a>.</p><img src="https://brand.example/a.png" onerror="alert(2)">',
          cookiePolicy: '<p>Only what we need.</p><iframe src="https://evil.example"></iframe><style>p{display:none}</style>',
        },
        tokens['admin'],
      );
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        termsOfService: '<h1>Terms</h1><p>Be kind.</p>',
        privacyPolicy:
          '<p>Ask <a rel="noopener noreferrer">us</a> or <a href="mailto:privacy@brand.example" rel="noopener noreferrer">write</a>.</p><img src="https://brand.example/a.png" />',
        cookiePolicy: '<p>Only what we need.</p>',
      });
      const text = JSON.stringify(res.body);
      expect(text).not.toMatch(/<script|onclick|onmouseover|onerror|javascript:|<iframe|<style/i);
      expect((await api.get(`/api/orgs/${orgId}/legal-pages`, tokens['member'])).body).toEqual(res.body);
      const open = await api.get('/api/public/orgs/brand/legal-pages');
      expect(open.status).toBe(200);
      expect(open.body).toEqual(res.body);
      // Absent pages are kept.
      const one = await put(`/api/orgs/${orgId}/legal-pages`, { cookiePolicy: '<p>No cookies.</p>' }, tokens['owner']);
      expect(one.body).toEqual({ ...res.body, cookiePolicy: '<p>No cookies.</p>' });
    });

    it('a page over 200 KB is 413, and nothing is saved', async () => {
      const before = (await api.get(`/api/orgs/${orgId}/legal-pages`, tokens['owner'])).body;
      const big = await put(
        `/api/orgs/${orgId}/legal-pages`,
        { termsOfService: `<p>${'x'.repeat(200 * 1024)}</p>`, cookiePolicy: '<p>changed</p>' },
        tokens['owner'],
      );
      expectProblem(big, 413);
      expect(big.body.code).toBe('PAYLOAD_TOO_LARGE');
      expect(big.body.detail).toMatch(/termsOfService/);
      expect((await api.get(`/api/orgs/${orgId}/legal-pages`, tokens['owner'])).body).toEqual(before);
      expectProblem(await put(`/api/orgs/${orgId}/legal-pages`, { privacyPolicy: 42 }, tokens['owner']), 400, 'privacyPolicy');
    });

    it('PUT is for the organisation admins; public routes answer only live organisations', async () => {
      const path = `/api/orgs/${orgId}/legal-pages`;
      for (const who of ['manager', 'member', 'guest', 'otherOwner']) expectProblem(await put(path, { termsOfService: '<p>mine</p>' }, tokens[who]), 403);
      expectProblem(await api.get(path, tokens['otherOwner']), 403);

      const gone = await createOrg('brand-gone');
      expect((await put(`/api/orgs/${gone.id}/legal-pages`, { termsOfService: '<p>t</p>' }, gone.token)).status).toBe(200);
      expect((await api.get('/api/public/orgs/brand-gone/legal-pages')).status).toBe(200);
      expect((await api.call('DELETE', `/api/orgs/${gone.id}`, { token: gone.token })).status).toBe(204);
      expectProblem(await api.get('/api/public/orgs/brand-gone/legal-pages'), 404);
      expectProblem(await api.get('/api/public/orgs/brand-gone/branding'), 404);
      expectProblem(await api.get(`/api/orgs/${gone.id}/legal-pages`, admin), 404);
    });
  });

  describe('directory', () => {
    const path = () => `/api/orgs/${orgId}/directory`;
    const listed = (res: JsonResponse) => (res.body.content as Array<{ firstName: string; lastName: string }>).map((e) => `${e.firstName} ${e.lastName}`);

    it('lists ACTIVE members not excluded from listing, without email or phone by default; admins see the same', async () => {
      const res = await api.get(path(), tokens['member']);
      expect(res.status).toBe(200);
      expect(listed(res)).toEqual(['Adam Admin', 'Gil Guest', 'Mona Manager', 'Mia Member', 'Olga Owner']);
      expect(res.body).toMatchObject({ totalElements: 5, totalPages: 1, page: 0, size: 20 });
      const mia = (res.body.content as Array<Record<string, unknown>>).find((e) => e['id'] === ids['member']);
      expect(mia).toEqual({
        id: ids['member'],
        firstName: 'Mia',
        lastName: 'Member',
        displayName: '',
        email: null,
        phoneNumber: null,
        jobTitle: 'Treasurer',
        company: '',
        city: 'Leeds',
        isCertified: false,
        roles: ['MEMBER'],
        joinedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      });
      expect(JSON.stringify(res.body)).not.toMatch(/@brand\.example|7946|Hidden|Suspended|Pending|Leaver/);
      const asAdmin = await api.get(path(), tokens['owner']);
      expect(asAdmin.body).toEqual(res.body);
    });

    it('shows email and phone once the config does', async () => {
      const config = await put(`${path()}/config`, { showEmail: true, showPhone: true }, tokens['admin']);
      expect(config.status).toBe(200);
      expect(config.body).toEqual({ visibility: 'MEMBERS_ONLY', showEmail: true, showPhone: true, allowMemberSearch: true });
      const res = await api.get(`${path()}?search=mia`, tokens['manager']);
      expect(res.body.content).toEqual([expect.objectContaining({ id: ids['member'], email: 'member@brand.example', phoneNumber: '+44 20 7946 0000' })]);
      expect((await put(`${path()}/config`, { showEmail: false, showPhone: false }, tokens['owner'])).status).toBe(200);
      const hidden = await api.get(`${path()}?search=mia`, tokens['manager']);
      expect(hidden.body.content).toEqual([expect.objectContaining({ id: ids['member'], email: null, phoneNumber: null })]);
    });

    it('search: names only while emails are hidden, never hidden members, and 400 once search is turned off', async () => {
      expect(listed(await api.get(`${path()}?search=MONA`, tokens['member']))).toEqual(['Mona Manager']);
      expect((await api.get(`${path()}?search=hedy`, tokens['member'])).body.totalElements).toBe(0);
      expect((await api.get(`${path()}?search=suspended`, tokens['member'])).body.totalElements).toBe(0);
      expect((await api.get(`${path()}?search=${encodeURIComponent('member@brand')}`, tokens['member'])).body.totalElements).toBe(0);
      expect((await put(`${path()}/config`, { allowMemberSearch: false }, tokens['owner'])).body.allowMemberSearch).toBe(false);
      for (const who of ['member', 'owner']) expectProblem(await api.get(`${path()}?search=mona`, tokens[who]), 400, 'search', /not allowed/);
      expect((await api.get(path(), tokens['member'])).body.totalElements).toBe(5);
      expect((await put(`${path()}/config`, { allowMemberSearch: true }, tokens['owner'])).status).toBe(200);
    });

    it('pages and sorts; bad paging and sorts are 400', async () => {
      const first = await api.get(`${path()}?size=2&sort=firstName,desc`, tokens['member']);
      expect(listed(first)).toEqual(['Olga Owner', 'Mona Manager']);
      expect(first.body).toMatchObject({ totalElements: 5, totalPages: 3, size: 2 });
      expect(listed(await api.get(`${path()}?size=2&page=2&sort=firstName,desc`, tokens['member']))).toEqual(['Adam Admin']);
      expectProblem(await api.get(`${path()}?sort=email,asc`, tokens['member']), 400, 'sort');
      expectProblem(await api.get(`${path()}?size=101`, tokens['member']), 400, 'size');
    });

    it('ADMINS_ONLY: only OWNER and ADMIN (and platform admins) read it', async () => {
      expect((await put(`${path()}/config`, { visibility: 'ADMINS_ONLY' }, tokens['owner'])).body.visibility).toBe('ADMINS_ONLY');
      for (const who of ['manager', 'member']) expectProblem(await api.get(path(), tokens[who]), 403);
      for (const token of [tokens['owner'], tokens['admin'], admin]) expect((await api.get(path(), token)).body.totalElements).toBe(5);
      expect((await put(`${path()}/config`, { visibility: 'MEMBERS_ONLY' }, tokens['owner'])).status).toBe(200);
      expect((await api.get(path(), tokens['member'])).status).toBe(200);
    });

    it('never for GUESTs or another organisation; the config is for the organisation admins, with its values checked', async () => {
      expectProblem(await api.get(path(), tokens['guest']), 403);
      expectProblem(await api.get(path(), tokens['otherOwner']), 403);
      expectProblem(await api.get(path()), 401);
      for (const who of ['manager', 'member', 'guest', 'otherOwner']) {
        expectProblem(await api.get(`${path()}/config`, tokens[who]), 403);
        expectProblem(await put(`${path()}/config`, { showEmail: true }, tokens[who]), 403);
      }
      const before = (await api.get(`${path()}/config`, tokens['admin'])).body;
      expect(before).toEqual({ visibility: 'MEMBERS_ONLY', showEmail: false, showPhone: false, allowMemberSearch: true });
      expectProblem(await put(`${path()}/config`, { visibility: 'PUBLIC' }, tokens['owner']), 400, 'visibility', /MEMBERS_ONLY, ADMINS_ONLY/);
      expectProblem(await put(`${path()}/config`, { showEmail: 'yes' }, tokens['owner']), 400, 'showEmail');
      expect((await api.get(`${path()}/config`, tokens['admin'])).body).toEqual(before);
      // Another organisation's directory is its own.
      const other = await api.get(`/api/orgs/${otherOrgId}/directory`, tokens['otherOwner']);
      expect(listed(other)).toEqual(['Olga Owner']);
    });
  });

  // Issue 26: the mobile app's profile call (spec 4.10), under the directory's rules for other members.
  describe('a member profile (GET /api/orgs/{organizationId}/users/{userId})', () => {
    const profile = (userId: string, token?: string, org = orgId) => api.get(`/api/orgs/${org}/users/${userId}`, token);
    const config = (change: Record<string, unknown>) => put(`/api/orgs/${orgId}/directory/config`, change, tokens['owner']);
    /** Mia as the directory shows her: names, job, city, role; everything else null. */
    const miaEntry = () => ({
      id: ids['member'],
      email: null,
      firstName: 'Mia',
      lastName: 'Member',
      status: 'ACTIVE',
      roles: ['MEMBER'],
      joinedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      roleId: expect.any(String),
      displayName: '',
      phoneNumber: null,
      jobTitle: 'Treasurer',
      company: '',
      dateOfBirth: null,
      addressLine1: null,
      city: 'Leeds',
      postalCode: null,
      isCertified: false,
      membershipRenewalDate: null,
      isExcludedFromListing: null,
      externalId: null,
      createdAt: null,
      membership: null,
    });

    it('is listed in the OpenAPI document beside PUT and DELETE', async () => {
      const { paths } = (await api.get('/api/docs/openapi.json')).body as { paths: Record<string, Record<string, unknown>> };
      expect(Object.keys(paths['/api/orgs/{organizationId}/users/{userId}'] ?? {}).sort()).toEqual(['delete', 'get', 'put']);
    });

    it('gives the owner, an admin and a platform admin every field; the member reads the same of themself', async () => {
      const read = await profile(ids['member']!, tokens['admin']);
      expect(read.status).toBe(200);
      expect(read.body).toEqual({
        ...miaEntry(),
        email: 'member@brand.example',
        phoneNumber: '+44 20 7946 0000',
        dateOfBirth: '',
        addressLine1: '',
        postalCode: '',
        membershipRenewalDate: '',
        isExcludedFromListing: false,
        externalId: '',
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      });
      for (const token of [tokens['owner'], admin, tokens['member']]) expect((await profile(ids['member']!, token)).body).toEqual(read.body);
      // Administrators also read members the directory does not list.
      expect((await profile(ids['hidden']!, tokens['admin'])).body).toMatchObject({ isExcludedFromListing: true, email: 'hidden@brand.example' });
      expect((await profile(ids['leaver']!, tokens['owner'])).body).toMatchObject({ status: 'INACTIVE' });
    });

    it('gives another member or a manager the directory entry, email and phone only once the directory shows them', async () => {
      const res = await profile(ids['member']!, tokens['manager']);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(miaEntry());
      expect((await profile(ids['admin']!, tokens['member'])).body).toMatchObject({ firstName: 'Adam', email: null, createdAt: null });
      expect((await config({ showEmail: true, showPhone: true })).status).toBe(200);
      try {
        expect((await profile(ids['member']!, tokens['manager'])).body).toEqual({
          ...miaEntry(),
          email: 'member@brand.example',
          phoneNumber: '+44 20 7946 0000',
        });
      } finally {
        expect((await config({ showEmail: false, showPhone: false })).status).toBe(200);
      }
    });

    it('answers 404 to another member for a member the directory does not list, or an unknown id', async () => {
      for (const key of ['hidden', 'suspended', 'pending', 'leaver']) {
        const res = await profile(ids[key]!, tokens['member']);
        expectProblem(res, 404);
        expect(JSON.stringify(res.body)).not.toContain(`${key}@brand.example`);
      }
      expectProblem(await profile('0b7c2f1e-58a4-4d3b-9c6e-2f0a1b3c4d5e', tokens['member']), 404);
      expectProblem(await profile('0b7c2f1e-58a4-4d3b-9c6e-2f0a1b3c4d5e', tokens['owner']), 404);
      const malformed = await profile('not-a-uuid', tokens['owner']);
      expectProblem(malformed, 400);
      // The gateway names a path parameter's violation by its proto field (as for PUT and DELETE on this path).
      expect(malformed.body.errors).toEqual([expect.objectContaining({ field: expect.stringMatching(/^user_?id$/i), message: 'must be a UUID' })]);
    });

    it('answers 403 to a guest, and to members and managers while the directory is for admins only', async () => {
      expectProblem(await profile(ids['member']!, tokens['guest']), 403);
      expect((await config({ visibility: 'ADMINS_ONLY' })).status).toBe(200);
      try {
        for (const who of ['member', 'manager']) expectProblem(await profile(ids['admin']!, tokens[who]), 403);
        expect((await profile(ids['member']!, tokens['member'])).status).toBe(200);
        expect((await profile(ids['member']!, tokens['admin'])).status).toBe(200);
      } finally {
        expect((await config({ visibility: 'MEMBERS_ONLY' })).status).toBe(200);
      }
    });

    it("another organisation's token gets 403, and 404 through its own organisation's path; no token is 401", async () => {
      const other = await profile(ids['member']!, tokens['otherOwner']);
      expectProblem(other, 403);
      expect(JSON.stringify(other.body)).not.toContain('member@brand.example');
      expectProblem(await profile(ids['member']!, tokens['otherOwner'], otherOrgId), 404);
      expectProblem(await profile(ids['member']!), 401);
    });
  });
});
