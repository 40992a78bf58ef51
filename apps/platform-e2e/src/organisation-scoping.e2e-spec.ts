import { ADMIN, holdsSoon, http, startPlatform, type JsonResponse, type Platform } from './platform';

const decode = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString());
const UNKNOWN_UUID = '0b7c2f1e-58a4-4d3b-9c6e-2f0a1b3c4d5e';

/** A 4xx problem+json whose detail or field violations say what was wrong. */
function expectProblem(res: JsonResponse, status: number, message: RegExp) {
  expect({ status: res.status, contentType: res.headers.get('content-type'), body: res.body }).toMatchObject({
    status,
    contentType: expect.stringContaining('application/problem+json'),
    body: { status, code: expect.any(String), detail: expect.any(String) },
  });
  const text = [
    res.body.detail,
    ...((res.body.errors ?? []) as Array<{ field?: string; message?: string }>).map((e) => `${e.field ?? ''} ${e.message ?? ''}`),
  ].join(' | ');
  expect(text).toMatch(message);
  expect(JSON.stringify(res.body)).not.toMatch(/at .*\.(ts|js):\d+/);
}

describe('organisation scoping, role limits, bad input and deletes through the gateway, on the real services', () => {
  let platform: Platform;
  let api: ReturnType<typeof http>;
  let admin: string;
  let alphaId: string;
  let betaId: string;
  let roles: Record<string, string>;
  let betaRoles: Record<string, string>;
  const tokens: Record<string, string> = {};
  const ids: Record<string, string> = {};

  const register = (email: string) =>
    api.post('/api/auth/org/register', { email, password: 'member password', firstName: email.split('@')[0], lastName: 'Person' });
  const orgLogin = (email: string, organizationId?: string) =>
    api.post('/api/auth/org/login', { email, password: 'member password', ...(organizationId ? { organizationId } : {}) });
  const put = (path: string, body: unknown, token: string) => api.call('PUT', path, { body, token });
  const del = (path: string, token: string) => api.call('DELETE', path, { token });
  const eventually = (check: () => Promise<boolean>, tries = 50) => holdsSoon(check, tries);
  const createWithOwner = async (slug: string, ownerEmail: string) => {
    await register(ownerEmail);
    const res = await api.post(
      '/api/admin/orgs/create-with-owner',
      { orgName: `Org ${slug}`, orgSlug: slug, ownerEmail, ownerFirstName: 'Owen', ownerLastName: 'Owner', sendWelcomeEmail: false },
      admin,
    );
    expect(res.status).toBe(201);
    return res.body.organization.id as string;
  };
  const rolesOf = async (orgId: string) => {
    const res = await api.get(`/api/orgs/${orgId}/roles`, admin);
    expect(res.status).toBe(200);
    return Object.fromEntries((res.body as Array<{ name: string; roleId: string }>).map((r) => [r.name, r.roleId]));
  };
  /** Registers the account, adds it ACTIVE with the role, logs it in to the organisation. */
  const addMember = async (key: string, email: string, orgId: string, roleId: string, ownerToken: string) => {
    await register(email);
    const added = await api.post(`/api/orgs/${orgId}/users`, { email, firstName: key, lastName: 'Person', roleId, sendInvitationEmail: false }, ownerToken);
    expect(added.status).toBe(201);
    ids[key] = added.body.id;
    const login = await orgLogin(email, orgId);
    expect(login.status).toBe(200);
    tokens[key] = login.body.accessToken;
  };
  const readOrg = async (orgId: string) => {
    const res = await api.get(`/api/orgs/${orgId}`, admin);
    expect(res.status).toBe(200);
    return res.body;
  };
  /** One member as the organisation's list shows it (any status). */
  const readMember = async (orgId: string, userId: string) => {
    for (const status of ['ACTIVE', 'PENDING', 'SUSPENDED', 'INACTIVE', 'REJECTED']) {
      const res = await api.get(`/api/orgs/${orgId}/users?status=${status}&size=100`, admin);
      expect(res.status).toBe(200);
      const found = (res.body.content as Array<{ id: string }>).find((u) => u.id === userId);
      if (found) return found;
    }
    throw new Error(`${userId} is in no list of ${orgId}`);
  };

  beforeAll(async () => {
    platform = await startPlatform('org-scoping', { organisation: 'real' });
    api = http(platform.baseUrl);
    admin = (await api.post('/api/auth/system/login', ADMIN)).body.accessToken;
    expect(decode(admin)).toMatchObject({ userType: 'SYSTEM', systemRole: 'SUPER_ADMIN' });

    alphaId = await createWithOwner('alpha', 'owner@alpha.example');
    tokens['owner'] = (await orgLogin('owner@alpha.example', alphaId)).body.accessToken;
    ids['owner'] = decode(tokens['owner']!).sub;
    roles = await rolesOf(alphaId);
    for (const role of ['ADMIN', 'MANAGER', 'MEMBER', 'GUEST'])
      await addMember(role.toLowerCase(), `${role.toLowerCase()}@alpha.example`, alphaId, roles[role]!, tokens['owner']!);

    betaId = await createWithOwner('beta', 'owner@beta.example');
    tokens['betaOwner'] = (await orgLogin('owner@beta.example', betaId)).body.accessToken;
    betaRoles = await rolesOf(betaId);
    await addMember('betaAdmin', 'admin@beta.example', betaId, betaRoles['ADMIN']!, tokens['betaOwner']!);
  });
  afterAll(async () => platform?.stop());

  describe('a token of another organisation', () => {
    it('PUT /api/orgs/{id}: 403 for the other owner and admin, and the organisation is unchanged', async () => {
      const before = await readOrg(alphaId);
      for (const who of ['betaOwner', 'betaAdmin']) {
        const res = await put(
          `/api/orgs/${alphaId}`,
          { name: 'Taken Over', description: 'pwned', website_url: 'https://evil.example', allow_join_requests: true },
          tokens[who]!,
        );
        expect(res.status).toBe(403);
        expect(JSON.stringify(res.body)).not.toContain('alpha');
      }
      expect(await readOrg(alphaId)).toEqual(before);
    });

    it('PUT /api/orgs/{id}/users/{userId}: 403, and the member keeps role, status and names', async () => {
      const before = await readMember(alphaId, ids['member']!);
      expect(before).toMatchObject({ status: 'ACTIVE', roles: ['MEMBER'] });
      for (const body of [
        { roleId: roles['ADMIN'] },
        { roleId: betaRoles['ADMIN'] },
        { status: 'SUSPENDED' },
        { firstName: 'Renamed', lastName: 'Elsewhere' },
      ]) {
        const res = await put(`/api/orgs/${alphaId}/users/${ids['member']}`, body, tokens['betaOwner']!);
        expect(res.status).toBe(403);
        expect(JSON.stringify(res.body)).not.toContain('member@alpha.example');
      }
      expect(await readMember(alphaId, ids['member']!)).toEqual(before);
    });

    it('DELETE /api/orgs/{id}/users/{userId}: 403, and the member is still ACTIVE and can still log in', async () => {
      const before = await readMember(alphaId, ids['member']!);
      expect((await del(`/api/orgs/${alphaId}/users/${ids['member']}`, tokens['betaOwner']!)).status).toBe(403);
      expect((await del(`/api/orgs/${alphaId}/users/${ids['member']}`, tokens['betaAdmin']!)).status).toBe(403);
      expect(await readMember(alphaId, ids['member']!)).toEqual(before);
      expect((await orgLogin('member@alpha.example', alphaId)).status).toBe(200);
    });

    it("cannot reach a member of another organisation through its own organisation's path (404, never data)", async () => {
      const before = await readMember(alphaId, ids['member']!);
      const update = await put(`/api/orgs/${betaId}/users/${ids['member']}`, { roleId: betaRoles['ADMIN'] }, tokens['betaOwner']!);
      expect(update.status).toBe(404);
      expect(JSON.stringify(update.body)).not.toContain('member@alpha.example');
      expect((await del(`/api/orgs/${betaId}/users/${ids['member']}`, tokens['betaOwner']!)).status).toBe(404);
      expect(await readMember(alphaId, ids['member']!)).toEqual(before);
    });
  });

  describe('role limits', () => {
    it.each(['guest', 'manager', 'member'])('a %s reads its organisation but gets 403 on the admin routes', async (who) => {
      const token = tokens[who]!;
      const before = await readOrg(alphaId);
      expect((await api.get(`/api/orgs/${alphaId}`, token)).status).toBe(200);
      expect((await api.get(`/api/orgs/${alphaId}/users`, token)).status).toBe(403);
      expect((await api.get(`/api/orgs/${alphaId}/roles`, token)).status).toBe(403);
      expect((await put(`/api/orgs/${alphaId}`, { name: 'Changed by a lesser role' }, token)).status).toBe(403);
      expect(
        (
          await api.post(
            `/api/orgs/${alphaId}/users`,
            { email: `by-${who}@alpha.example`, firstName: 'By', lastName: who, roleId: roles['MEMBER'], sendInvitationEmail: false },
            token,
          )
        ).status,
      ).toBe(403);
      expect((await put(`/api/orgs/${alphaId}/users/${ids['member']}`, { status: 'SUSPENDED' }, token)).status).toBe(403);
      expect((await del(`/api/orgs/${alphaId}/users/${ids['member']}`, token)).status).toBe(403);
      expect((await del(`/api/orgs/${alphaId}`, token)).status).toBe(403);
      expect(await readOrg(alphaId)).toEqual(before);
      expect(await readMember(alphaId, ids['member']!)).toMatchObject({ status: 'ACTIVE', roles: ['MEMBER'] });
    });

    it('an ADMIN manages members and the organisation but gets 403 deleting it or touching an owner', async () => {
      const token = tokens['admin']!;
      expect((await api.get(`/api/orgs/${alphaId}/users`, token)).status).toBe(200);
      const updated = await put(`/api/orgs/${alphaId}`, { description: 'Edited by the admin' }, token);
      expect(updated.status).toBe(200);
      expect(updated.body.description).toBe('Edited by the admin');
      expect((await del(`/api/orgs/${alphaId}`, token)).status).toBe(403);
      expect((await put(`/api/orgs/${alphaId}/users/${ids['admin']}`, { roleId: roles['OWNER'] }, token)).status).toBe(403);
      expect((await put(`/api/orgs/${alphaId}/users/${ids['owner']}`, { roleId: roles['MEMBER'] }, token)).status).toBe(403);
      expect((await del(`/api/orgs/${alphaId}/users/${ids['owner']}`, token)).status).toBe(403);
      expect(await readOrg(alphaId)).toMatchObject({ id: alphaId });
      expect(await readMember(alphaId, ids['owner']!)).toMatchObject({ status: 'ACTIVE', roles: ['OWNER'] });
      expect(await readMember(alphaId, ids['admin']!)).toMatchObject({ status: 'ACTIVE', roles: ['ADMIN'] });
    });

    it('the SUPER_ADMIN system user passes the admin routes of any organisation', async () => {
      for (const orgId of [alphaId, betaId]) {
        expect((await api.get(`/api/orgs/${orgId}`, admin)).status).toBe(200);
        expect((await api.get(`/api/orgs/${orgId}/roles`, admin)).status).toBe(200);
        const users = await api.get(`/api/orgs/${orgId}/users`, admin);
        expect(users.status).toBe(200);
        expect(users.body.totalElements).toBeGreaterThanOrEqual(2);
        const updated = await put(`/api/orgs/${orgId}`, { description: `Curated by the platform (${orgId})` }, admin);
        expect(updated.status).toBe(200);
        expect(updated.body).toMatchObject({ id: orgId, description: `Curated by the platform (${orgId})` });
        expect((await readOrg(orgId)).description).toBe(`Curated by the platform (${orgId})`);
      }
      const promoted = await put(`/api/orgs/${alphaId}/users/${ids['guest']}`, { roleId: roles['MEMBER'] }, admin);
      expect(promoted.status).toBe(200);
      expect(promoted.body.roles).toEqual(['MEMBER']);
      expect((await put(`/api/orgs/${alphaId}/users/${ids['guest']}`, { roleId: roles['GUEST'] }, admin)).body.roles).toEqual(['GUEST']);
    });

    it('the SUPER_ADMIN system user passes the owner route: it deletes an organisation it does not own', async () => {
      const created = await api.post(
        '/api/orgs',
        { name: 'Delta Club', slug: 'delta', subdomain: 'delta', email: 'contact@delta.example', orgType: 'CLUB' },
        admin,
      );
      expect(created.status).toBe(201);
      expect((await del(`/api/orgs/${created.body.id}`, admin)).status).toBe(204);
      expect((await api.get(`/api/orgs/${created.body.id}`, admin)).status).toBe(404);
    });
  });

  // ---- issue 12: branding, legal pages, directory ----
  describe('branding, legal pages and the directory', () => {
    const settingsRoutes = (orgId: string) => ({
      reads: [`/api/orgs/${orgId}/branding`, `/api/orgs/${orgId}/legal-pages`, `/api/orgs/${orgId}/directory`, `/api/orgs/${orgId}/directory/config`],
      writes: [
        [`/api/orgs/${orgId}/branding`, { primaryColor: '#000' }],
        [`/api/orgs/${orgId}/legal-pages`, { termsOfService: '<p>taken over</p>' }],
        [`/api/orgs/${orgId}/directory/config`, { visibility: 'ADMINS_ONLY', showEmail: true }],
      ] as Array<[string, Record<string, unknown>]>,
    });
    const snapshot = async (orgId: string) =>
      Promise.all(
        [`/api/orgs/${orgId}/branding`, `/api/orgs/${orgId}/legal-pages`, `/api/orgs/${orgId}/directory/config`].map(
          async (path) => (await api.get(path, admin)).body,
        ),
      );

    it("another organisation's owner and admin get 403 on every read and write, and nothing changes", async () => {
      const before = await snapshot(alphaId);
      const { reads, writes } = settingsRoutes(alphaId);
      for (const who of ['betaOwner', 'betaAdmin']) {
        for (const path of reads) {
          const res = await api.get(path, tokens[who]!);
          expect({ path, status: res.status }).toEqual({ path, status: 403 });
          expect(JSON.stringify(res.body)).not.toContain('alpha.example');
        }
        for (const [path, body] of writes) expect({ path, status: (await put(path, body, tokens[who]!)).status }).toEqual({ path, status: 403 });
      }
      expect(await snapshot(alphaId)).toEqual(before);
    });

    it('a guest, manager or member reads branding and legal pages but gets 403 on the admin routes; the directory is not for guests', async () => {
      const { writes } = settingsRoutes(alphaId);
      // Fresh sessions: a role change above (the guest's promotion and back) ended the earlier ones.
      const fresh: Record<string, string> = {};
      for (const who of ['guest', 'manager', 'member']) fresh[who] = (await orgLogin(`${who}@alpha.example`, alphaId)).body.accessToken;
      for (const who of ['guest', 'manager', 'member']) {
        expect((await api.get(`/api/orgs/${alphaId}/branding`, fresh[who])).status).toBe(200);
        expect((await api.get(`/api/orgs/${alphaId}/legal-pages`, fresh[who])).status).toBe(200);
        expect((await api.get(`/api/orgs/${alphaId}/directory/config`, fresh[who])).status).toBe(403);
        for (const [path, body] of writes) expect({ who, path, status: (await put(path, body, fresh[who]!)).status }).toEqual({ who, path, status: 403 });
      }
      expect((await api.get(`/api/orgs/${alphaId}/directory`, fresh['member'])).status).toBe(200);
      expect((await api.get(`/api/orgs/${alphaId}/directory`, fresh['guest'])).status).toBe(403);
    });

    it('the public routes answer by slug without a token; an unknown organisation id is 404 for the platform admin', async () => {
      expect((await api.get('/api/public/orgs/alpha/branding')).status).toBe(200);
      expect((await api.get('/api/public/orgs/alpha/legal-pages')).status).toBe(200);
      for (const path of settingsRoutes(UNKNOWN_UUID).reads) expect({ path, status: (await api.get(path, admin)).status }).toEqual({ path, status: 404 });
      expectProblem(await api.get('/api/orgs/not-a-uuid/branding', admin), 400, /org_?id must be a UUID/i);
    });
  });
  // ---- end issue 12 ----

  describe('bad input: a 4xx problem naming what is wrong, and nothing changed', () => {
    it('PUT /api/orgs/{id} with a bad website_url, an over-long name or an unknown field', async () => {
      const before = await readOrg(alphaId);
      const owner = tokens['owner']!;
      for (const url of ['not a url', 'javascript:alert(1)', 'ftp://files.example']) {
        expectProblem(await put(`/api/orgs/${alphaId}`, { website_url: url }, owner), 400, /website_url must be an http or https URL/);
      }
      expectProblem(await put(`/api/orgs/${alphaId}`, { name: 'N'.repeat(101) }, owner), 400, /name must be at most 100 characters/);
      expectProblem(await put(`/api/orgs/${alphaId}`, { name: 'Fine', colour: 'red' }, owner), 400, /colour is not a known field/);
      // The spec's snake_case names are the only ones: the camelCase form is an unknown field.
      expectProblem(await put(`/api/orgs/${alphaId}`, { name: 'Fine', websiteUrl: 'https://camel.example' }, owner), 400, /websiteUrl is not a known field/);
      expectProblem(await put(`/api/orgs/${alphaId}`, { allow_join_requests: 'yes' }, owner), 400, /allow_join_requests must be true or false/);
      expect(await readOrg(alphaId)).toEqual(before);
    });

    it('GET /api/orgs/slug/{slug} and /subdomain/{subdomain} with an invalid value', async () => {
      const cases: Array<[string, string]> = [
        ['not_a_slug!', 'may only contain lower-case letters, digits and hyphens'],
        ['a'.repeat(64), 'must be at most 63 characters'],
        ['-alpha', 'must not start or end with a hyphen'],
      ];
      for (const [bad, message] of cases) {
        for (const kind of ['slug', 'subdomain']) {
          const res = await api.get(`/api/orgs/${kind}/${encodeURIComponent(bad)}`);
          expectProblem(res, 400, new RegExp(`${kind} ${message}`));
          expect(JSON.stringify(res.body)).not.toContain(alphaId);
        }
      }
      // Lookups ignore case (docs/decisions/0048-slugs-and-subdomains.md): upper case is not invalid.
      expect((await api.get('/api/orgs/slug/ALPHA')).body).toMatchObject({ id: alphaId });
    });

    it('POST /api/admin/orgs/create-with-owner with a bad slug, no ownerEmail or a bad email creates nothing', async () => {
      const base = {
        orgName: 'Epsilon',
        orgSlug: 'epsilon',
        ownerEmail: 'owner@epsilon.example',
        ownerFirstName: 'E',
        ownerLastName: 'O',
        sendWelcomeEmail: false,
      };
      const orgsBefore = (await api.get('/api/orgs?size=100', admin)).body.totalElements;
      expectProblem(
        await api.post('/api/admin/orgs/create-with-owner', { ...base, orgSlug: 'Not A Slug' }, admin),
        400,
        /orgSlug may only contain lower-case letters, digits and hyphens/,
      );
      expectProblem(await api.post('/api/admin/orgs/create-with-owner', { ...base, orgSlug: 'www' }, admin), 400, /orgSlug is reserved/);
      const { ownerEmail: _omitted, ...withoutEmail } = base;
      expectProblem(await api.post('/api/admin/orgs/create-with-owner', withoutEmail, admin), 400, /ownerEmail is required/);
      expectProblem(
        await api.post('/api/admin/orgs/create-with-owner', { ...base, ownerEmail: 'not-an-email' }, admin),
        400,
        /ownerEmail must be a valid email address/,
      );
      expectProblem(await api.post('/api/admin/orgs/create-with-owner', { ...base, extra: 1 }, admin), 400, /extra is not a known field/);
      expect((await api.get('/api/orgs/slug/epsilon')).status).toBe(404);
      expect((await api.get('/api/orgs?size=100', admin)).body.totalElements).toBe(orgsBefore);
      const users = await api.get('/api/admin/users?search=epsilon', admin);
      expect(users.status).toBe(200);
      expect(users.body.totalElements).toBe(0);
    });

    it('PUT /api/orgs/{id}/users/{userId} with an unknown status, a non-UUID roleId or a roleId of another organisation', async () => {
      const before = await readMember(alphaId, ids['member']!);
      const owner = tokens['owner']!;
      const path = `/api/orgs/${alphaId}/users/${ids['member']}`;
      const statuses = /status must be one of PENDING, ACTIVE, SUSPENDED, INACTIVE, REJECTED/;
      expectProblem(await put(path, { status: 'ON_HOLIDAY' }, owner), 400, statuses);
      expectProblem(await put(path, { status: 'active ' }, owner), 400, statuses);
      expectProblem(await put(path, { roleId: 'not-a-uuid' }, owner), 400, /roleId must be a UUID/);
      expectProblem(await put(path, { roleId: betaRoles['ADMIN'] }, owner), 400, /roleId is not a role of this organisation/);
      expectProblem(await put(path, { firstName: 'F'.repeat(101) }, owner), 400, /firstName must be at most 100 characters/);
      expectProblem(await put(`/api/orgs/${alphaId}/users/not-a-uuid`, { status: 'ACTIVE' }, owner), 400, /user_?id must be a UUID/i);
      expect(await readMember(alphaId, ids['member']!)).toEqual(before);
    });

    it('DELETE /api/orgs/{id}/users/{userId} with a non-UUID id, and an unknown member is 404', async () => {
      const owner = tokens['owner']!;
      const countBefore = (await api.get(`/api/orgs/${alphaId}/users`, owner)).body.totalElements;
      expectProblem(await del(`/api/orgs/${alphaId}/users/not-a-uuid`, owner), 400, /user_?id must be a UUID/i);
      expectProblem(await del(`/api/orgs/not-a-uuid/users/${ids['member']}`, owner), 400, /organization_?id must be a UUID/i);
      expectProblem(await del(`/api/orgs/${alphaId}/users/${UNKNOWN_UUID}`, owner), 404, /Member not found/);
      expect((await api.get(`/api/orgs/${alphaId}/users`, owner)).body.totalElements).toBe(countBefore);
    });

    it('GET /api/admin/users with a bad accountStatus, organizationId or page size', async () => {
      expectProblem(await api.get('/api/admin/users?accountStatus=SLEEPING', admin), 400, /accountStatus/);
      expectProblem(await api.get('/api/admin/users?organizationId=alpha', admin), 400, /organizationId must be a UUID/);
      expectProblem(await api.get('/api/admin/users?status=SLEEPING', admin), 400, /status must be one of/);
      expectProblem(await api.get('/api/admin/users?size=101', admin), 400, /size must be between 1 and 100/);
      const fine = await api.get('/api/admin/users?accountStatus=PENDING_VERIFICATION', admin);
      expect(fine.status).toBe(200);
    });

    it('GET /api/orgs with a negative page, size 0 or size 101', async () => {
      expectProblem(await api.get('/api/orgs?page=-1', admin), 400, /page must be 0 or greater/);
      expectProblem(await api.get('/api/orgs?size=0', admin), 400, /size must be between 1 and 100/);
      expectProblem(await api.get('/api/orgs?size=101', admin), 400, /size must be between 1 and 100/);
      expectProblem(await api.get('/api/orgs?page=abc', admin), 400, /page must be an integer/);
      const fine = await api.get('/api/orgs?page=0&size=100', admin);
      expect(fine.status).toBe(200);
      expect(fine.body).toMatchObject({ page: 0, size: 100 });
    });
  });

  describe('GET /api/admin/users/{userId}', () => {
    it('answers the account with every membership and its audit history', async () => {
      // A second membership, in beta, for the same person.
      const added = await api.post(
        `/api/orgs/${betaId}/users`,
        { email: 'member@alpha.example', firstName: 'Beta', lastName: 'Name', roleId: betaRoles['GUEST'], sendInvitationEmail: false },
        tokens['betaOwner']!,
      );
      expect(added.status).toBe(201);
      let detail: JsonResponse | undefined;
      const hasHistory = await eventually(async () => {
        detail = await api.get(`/api/admin/users/${ids['member']}`, admin);
        return detail.status === 200 && (detail.body.auditHistory as Array<{ action: string }>).filter((e) => e.action === 'MEMBER_ADDED').length >= 2;
      });
      expect(detail!.status).toBe(200);
      const body = detail!.body;
      expect(body).toMatchObject({
        id: ids['member'],
        email: 'member@alpha.example',
        username: 'member@alpha.example',
        firstName: 'member',
        lastName: 'Person',
        userType: 'ORGANIZATION',
        status: expect.stringMatching(/^(PENDING_VERIFICATION|ACTIVE)$/),
        emailVerified: expect.any(Boolean),
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        auditHistoryUnavailable: false,
      });
      const memberships = [...(body.memberships as Array<{ organizationSlug: string }>)].sort((a, b) => a.organizationSlug.localeCompare(b.organizationSlug));
      expect(memberships).toEqual([
        expect.objectContaining({
          organizationId: alphaId,
          organizationName: 'Org alpha',
          organizationSlug: 'alpha',
          roleId: roles['MEMBER'],
          roles: ['MEMBER'],
          status: 'ACTIVE',
          joinedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        }),
        expect.objectContaining({
          organizationId: betaId,
          organizationSlug: 'beta',
          roleId: betaRoles['GUEST'],
          roles: ['GUEST'],
          status: 'ACTIVE',
          firstName: 'Beta',
          lastName: 'Name',
        }),
      ]);
      expect(hasHistory).toBe(true);
      const entry = (body.auditHistory as Array<Record<string, unknown>>).find((e) => e.action === 'MEMBER_ADDED' && e.organizationId === alphaId);
      expect(entry).toMatchObject({
        id: expect.any(String),
        userId: ids['member'],
        userEmail: 'member@alpha.example',
        organizationId: alphaId,
        action: 'MEMBER_ADDED',
        resourceType: 'MEMBERSHIP',
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      });
      const times = (body.auditHistory as Array<{ createdAt: string }>).map((e) => Date.parse(e.createdAt));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expect((body.auditHistory as unknown[]).length).toBeLessThanOrEqual(20);
      // The names beta shows are beta's own: alpha's view and the account are untouched.
      expect(await readMember(alphaId, ids['member']!)).toMatchObject({ firstName: 'member', lastName: 'Person' });
    });

    it('404 for an unknown UUID, 400 for a non-UUID, 403 for an organisation token', async () => {
      expectProblem(await api.get(`/api/admin/users/${UNKNOWN_UUID}`, admin), 404, /User not found/);
      expectProblem(await api.get('/api/admin/users/not-a-uuid', admin), 400, /user_?id must be a UUID/i);
      expect((await api.get(`/api/admin/users/${ids['member']}`, tokens['owner']!)).status).toBe(403);
    });
  });

  describe('the member list over HTTP', () => {
    beforeAll(async () => {
      await addMember('suspended', 'sam.suspended@alpha.example', alphaId, roles['MEMBER']!, tokens['owner']!);
      expect((await put(`/api/orgs/${alphaId}/users/${ids['suspended']}`, { status: 'SUSPENDED' }, tokens['owner']!)).status).toBe(200);
      const invited = await api.post(
        `/api/orgs/${alphaId}/users`,
        { email: 'pat.pending@alpha.example', firstName: 'Pat', lastName: 'Pending', roleId: roles['MEMBER'], sendInvitationEmail: true },
        tokens['owner']!,
      );
      expect(invited.status).toBe(201);
      ids['pending'] = invited.body.id;
    });

    const emails = (res: JsonResponse) => (res.body.content as Array<{ email: string }>).map((u) => u.email).sort();

    it('filters by status', async () => {
      const owner = tokens['owner']!;
      const active = await api.get(`/api/orgs/${alphaId}/users?status=ACTIVE`, owner);
      expect(active.status).toBe(200);
      expect(emails(active)).toEqual(['admin@alpha.example', 'guest@alpha.example', 'manager@alpha.example', 'member@alpha.example', 'owner@alpha.example']);
      expect((active.body.content as Array<{ status: string }>).every((u) => u.status === 'ACTIVE')).toBe(true);
      const suspended = await api.get(`/api/orgs/${alphaId}/users?status=SUSPENDED`, owner);
      expect(suspended.body).toMatchObject({
        totalElements: 1,
        content: [{ id: ids['suspended'], email: 'sam.suspended@alpha.example', status: 'SUSPENDED' }],
      });
      const pending = await api.get(`/api/orgs/${alphaId}/users?status=PENDING`, owner);
      expect(pending.body).toMatchObject({ totalElements: 1, content: [{ id: ids['pending'], email: 'pat.pending@alpha.example', status: 'PENDING' }] });
      const all = await api.get(`/api/orgs/${alphaId}/users`, owner);
      expect(all.body.totalElements).toBe(7);
      expectProblem(await api.get(`/api/orgs/${alphaId}/users?status=ASLEEP`, owner), 400, /status must be one of/);
    });

    it('searches by email, whole or in part and in any case, combined with the status filter', async () => {
      const owner = tokens['owner']!;
      const whole = await api.get(`/api/orgs/${alphaId}/users?search=${encodeURIComponent('sam.suspended@alpha.example')}`, owner);
      expect(whole.status).toBe(200);
      expect(whole.body).toMatchObject({ totalElements: 1, content: [{ id: ids['suspended'], email: 'sam.suspended@alpha.example' }] });
      expect(emails(await api.get(`/api/orgs/${alphaId}/users?search=PAT.PENDING`, owner))).toEqual(['pat.pending@alpha.example']);
      expect(emails(await api.get(`/api/orgs/${alphaId}/users?search=${encodeURIComponent('@alpha.example')}&size=100`, owner))).toHaveLength(7);
      expect((await api.get(`/api/orgs/${alphaId}/users?search=sam.suspended&status=ACTIVE`, owner)).body.totalElements).toBe(0);
      expect((await api.get(`/api/orgs/${alphaId}/users?search=sam.suspended&status=SUSPENDED`, owner)).body.totalElements).toBe(1);
      // Never a member of another organisation, whatever the search.
      expect((await api.get(`/api/orgs/${alphaId}/users?search=beta.example`, owner)).body.totalElements).toBe(0);
      expect((await api.get(`/api/orgs/${alphaId}/users?search=nobody-here`, owner)).body).toMatchObject({ totalElements: 0, content: [] });
    });
  });

  describe('deletes', () => {
    it('removing a member: INACTIVE in the list (not in the default or ACTIVE lists), account kept, login and session refused', async () => {
      await addMember('leaver', 'leaver@alpha.example', alphaId, roles['MEMBER']!, tokens['owner']!);
      const session = tokens['leaver']!;
      expect((await api.get(`/api/orgs/${alphaId}`, session)).status).toBe(200);
      expect((await del(`/api/orgs/${alphaId}/users/${ids['leaver']}`, tokens['admin']!)).status).toBe(204);

      const listed = (status?: string) => api.get(`/api/orgs/${alphaId}/users?search=leaver${status ? `&status=${status}` : ''}`, tokens['owner']!);
      expect((await listed('INACTIVE')).body).toMatchObject({
        totalElements: 1,
        content: [{ id: ids['leaver'], email: 'leaver@alpha.example', status: 'INACTIVE' }],
      });
      expect((await listed('ACTIVE')).body.totalElements).toBe(0);
      expect((await listed()).body.totalElements).toBe(0);

      const account = await api.get(`/api/admin/users/${ids['leaver']}`, admin);
      expect(account.status).toBe(200);
      expect(account.body).toMatchObject({ id: ids['leaver'], email: 'leaver@alpha.example' });
      expect(account.body.memberships).toEqual([expect.objectContaining({ organizationId: alphaId, status: 'INACTIVE' })]);

      expectProblem(await orgLogin('leaver@alpha.example', alphaId), 403, /no active membership in this organisation/);
      expect(await eventually(async () => (await api.get(`/api/orgs/${alphaId}`, session)).status === 401)).toBe(true);
      // Removing again changes nothing and is still 204.
      expect((await del(`/api/orgs/${alphaId}/users/${ids['leaver']}`, tokens['owner']!)).status).toBe(204);
    });

    it("deleting an organisation (owner): 404 afterwards, and a member's token for it stops working", async () => {
      const gammaId = await createWithOwner('gamma', 'owner@gamma.example');
      const gammaOwner = (await orgLogin('owner@gamma.example', gammaId)).body.accessToken;
      const gammaRoles = await rolesOf(gammaId);
      await addMember('gammaMember', 'member@gamma.example', gammaId, gammaRoles['MEMBER']!, gammaOwner);
      const memberToken = tokens['gammaMember']!;
      expect((await api.get(`/api/orgs/${gammaId}`, memberToken)).status).toBe(200);

      expect((await del(`/api/orgs/${gammaId}`, gammaOwner)).status).toBe(204);
      expectProblem(await api.get(`/api/orgs/${gammaId}`, admin), 404, /Organisation not found/);
      expect((await api.get('/api/orgs/slug/gamma')).status).toBe(404);
      expect((await api.get('/api/orgs/subdomain/gamma')).status).toBe(404);
      expect(await eventually(async () => (await api.get(`/api/orgs/${gammaId}`, memberToken)).status === 401, 50)).toBe(true);
      expectProblem(await orgLogin('member@gamma.example', gammaId), 403, /no active membership in this organisation/);
      // The member's account is kept; the deleted organisation disappears from every read, its memberships included.
      const account = await api.get(`/api/admin/users/${ids['gammaMember']}`, admin);
      expect(account.status).toBe(200);
      expect(account.body).toMatchObject({ id: ids['gammaMember'], email: 'member@gamma.example', memberships: [] });
      // Alpha is untouched.
      expect((await api.get(`/api/orgs/${alphaId}`, tokens['owner']!)).status).toBe(200);
    });
  });
});
