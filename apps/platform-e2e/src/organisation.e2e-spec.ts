import { ADMIN, holdsSoon, http, startPlatform, type Platform } from './platform';

const decode = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString());

describe('the organisation slice through the gateway, on the real services', () => {
  let platform: Platform;
  let api: ReturnType<typeof http>;
  let admin: string;
  let orgId: string;
  let owner: string;
  let roles: Record<string, string>;

  const register = (email: string) =>
    api.post('/api/auth/org/register', { email, password: 'member password', firstName: email.split('@')[0], lastName: 'Person' });
  const orgLogin = (email: string, organizationId?: string) =>
    api.post('/api/auth/org/login', { email, password: 'member password', ...(organizationId ? { organizationId } : {}) });
  const eventually = (check: () => Promise<boolean>, tries = 30) => holdsSoon(check, tries);

  beforeAll(async () => {
    platform = await startPlatform('organisation', { organisation: 'real' });
    api = http(platform.baseUrl);
    admin = (await api.post('/api/auth/system/login', ADMIN)).body.accessToken;
  });
  afterAll(async () => platform?.stop());

  it('GET /api/orgs/health answers UP without a token and is not taken for an organisation id', async () => {
    const res = await api.get('/api/orgs/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'UP' });
  });

  it('a system admin creates an organisation with an existing account as OWNER, who logs in to it', async () => {
    await register('owner@alpha.example');
    const created = await api.post(
      '/api/admin/orgs/create-with-owner',
      {
        orgName: 'Alpha Society',
        orgSlug: 'alpha',
        ownerEmail: 'owner@alpha.example',
        ownerFirstName: 'Olga',
        ownerLastName: 'Owner',
        sendWelcomeEmail: false,
      },
      admin,
    );
    expect(created.status).toBe(201);
    expect(created.body.organization).toMatchObject({ name: 'Alpha Society', slug: 'alpha', subdomain: 'alpha', orgType: 'ASSOCIATION' });
    orgId = created.body.organization.id;
    const login = await orgLogin('owner@alpha.example');
    expect(login.status).toBe(200);
    expect(decode(login.body.accessToken)).toMatchObject({ organizationId: orgId, organizationRole: 'OWNER' });
    owner = login.body.accessToken;
  });

  it('undoes create-with-owner when a later step fails, leaving nothing half-made', async () => {
    // The organisation is made first; attaching a platform staff account as its owner then fails.
    const refused = await api.post(
      '/api/admin/orgs/create-with-owner',
      { orgName: 'Half Made', orgSlug: 'half-made', ownerEmail: ADMIN.email, ownerFirstName: 'Staff', ownerLastName: 'Member', sendWelcomeEmail: true },
      admin,
    );
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toMatch(/staff account/);
    expect((await api.get('/api/orgs/slug/half-made')).status).toBe(404);
    expect((await api.get('/api/orgs/subdomain/half-made')).status).toBe(404);
    const listed = await api.get('/api/orgs?size=100', admin);
    expect(listed.body.content.map((o: { slug: string }) => o.slug)).not.toContain('half-made');

    // The slug is free again: the same creation with a real owner succeeds.
    const again = await api.post(
      '/api/admin/orgs/create-with-owner',
      {
        orgName: 'Half Made',
        orgSlug: 'half-made',
        ownerEmail: 'owner@half-made.example',
        ownerFirstName: 'Hal',
        ownerLastName: 'Made',
        sendWelcomeEmail: false,
      },
      admin,
    );
    expect(again.status).toBe(201);
  });

  it('finds the organisation by id, slug and subdomain', async () => {
    expect((await api.get(`/api/orgs/${orgId}`, owner)).body).toMatchObject({ id: orgId, slug: 'alpha' });
    expect((await api.get('/api/orgs/slug/alpha')).status).toBe(200);
    expect((await api.get('/api/orgs/subdomain/alpha')).status).toBe(200);
    expect((await api.get('/api/orgs/slug/nope')).status).toBe(404);
  });

  it('lists the five roles with their ids', async () => {
    const res = await api.get(`/api/orgs/${orgId}/roles`, owner);
    expect(res.status).toBe(200);
    roles = Object.fromEntries((res.body as Array<{ name: string; roleId: string }>).map((r) => [r.name, r.roleId]));
    expect(Object.keys(roles).sort()).toEqual(['ADMIN', 'GUEST', 'MANAGER', 'MEMBER', 'OWNER']);
  });

  it('updates the organisation with the snake_case fields of the spec', async () => {
    const res = await api.call('PUT', `/api/orgs/${orgId}`, {
      body: { name: 'Alpha Society', description: 'Friends of alpha', website_url: 'https://alpha.example', allow_join_requests: true },
      token: owner,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ website_url: 'https://alpha.example', allow_join_requests: true });
  });

  let memberId: string;
  it('adds an existing account as an ACTIVE member, who then logs in and sees the organisation but not its members', async () => {
    await register('mia@alpha.example');
    const added = await api.post(
      `/api/orgs/${orgId}/users`,
      { email: 'mia@alpha.example', firstName: 'Mia', lastName: 'Member', roleId: roles['MEMBER'], sendInvitationEmail: false },
      owner,
    );
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ email: 'mia@alpha.example', status: 'ACTIVE', roles: ['MEMBER'] });
    memberId = added.body.id;
    const member = (await orgLogin('mia@alpha.example')).body.accessToken;
    expect((await api.get(`/api/orgs/${orgId}`, member)).status).toBe(200);
    expect((await api.get(`/api/orgs/${orgId}/users`, member)).status).toBe(403);
    expect((await api.call('PUT', `/api/orgs/${orgId}`, { body: { name: 'Hacked' }, token: member })).status).toBe(403);
  });

  it('invites a new address as PENDING', async () => {
    const res = await api.post(
      `/api/orgs/${orgId}/users`,
      { email: 'newbie@alpha.example', firstName: 'New', lastName: 'Bie', roleId: roles['MEMBER'], sendInvitationEmail: true },
      owner,
    );
    expect(res.status).toBe(201);
    expect(res.body.status).toBe('PENDING');
  });

  it('lists, searches and sorts members in the paged envelope', async () => {
    const res = await api.get(`/api/orgs/${orgId}/users?search=mia&sort=lastName,asc&page=0&size=20`, owner);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ totalElements: 1, totalPages: 1, page: 0, size: 20 });
    expect(res.body.content[0]).toMatchObject({ id: memberId, email: 'mia@alpha.example', firstName: 'Mia', status: 'ACTIVE', roles: ['MEMBER'] });
    expect(res.body.content[0].joinedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect((await api.get(`/api/orgs/${orgId}/users?page=-1`, owner)).status).toBe(400);
    expect((await api.get(`/api/orgs/${orgId}/users?size=101`, owner)).status).toBe(400);
    expect((await api.get(`/api/orgs/${orgId}/users?sort=password,asc`, owner)).status).toBe(400);
  });

  it('suspending a membership refuses its login and ends its sessions', async () => {
    const member = (await orgLogin('mia@alpha.example')).body.accessToken;
    const res = await api.call('PUT', `/api/orgs/${orgId}/users/${memberId}`, { body: { status: 'SUSPENDED' }, token: owner });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('SUSPENDED');
    expect(await eventually(async () => (await api.get(`/api/orgs/${orgId}`, member)).status === 401)).toBe(true);
    expect((await orgLogin('mia@alpha.example', orgId)).status).toBe(403);
  });

  it('removing a member keeps the account; the last owner cannot be demoted or removed', async () => {
    expect((await api.call('DELETE', `/api/orgs/${orgId}/users/${memberId}`, { token: owner })).status).toBe(204);
    const ownerId = decode(owner).sub;
    expect((await api.call('PUT', `/api/orgs/${orgId}/users/${ownerId}`, { body: { roleId: roles['MEMBER'] }, token: owner })).status).toBe(409);
    expect((await api.call('DELETE', `/api/orgs/${orgId}/users/${ownerId}`, { token: owner })).status).toBe(409);
  });

  describe('another organisation', () => {
    let betaId: string;
    let betaOwner: string;
    beforeAll(async () => {
      await register('owner@beta.example');
      betaId = (
        await api.post(
          '/api/admin/orgs/create-with-owner',
          { orgName: 'Beta Club', orgSlug: 'beta', ownerEmail: 'owner@beta.example', ownerFirstName: 'B', ownerLastName: 'O', sendWelcomeEmail: false },
          admin,
        )
      ).body.organization.id;
      betaOwner = (await orgLogin('owner@beta.example')).body.accessToken;
    });

    it("never shows one organisation's data to another's owner", async () => {
      expect((await api.get(`/api/orgs/${orgId}`, betaOwner)).status).toBe(403);
      expect((await api.get(`/api/orgs/${orgId}/users`, betaOwner)).status).toBe(403);
      expect((await api.get(`/api/orgs/${orgId}/roles`, betaOwner)).status).toBe(403);
      expect(
        (
          await api.post(
            `/api/orgs/${orgId}/users`,
            { email: 'x@beta.example', firstName: 'X', lastName: 'Y', roleId: roles['MEMBER'], sendInvitationEmail: false },
            betaOwner,
          )
        ).status,
      ).toBe(403);
      expect((await api.call('DELETE', `/api/orgs/${orgId}`, { token: betaOwner })).status).toBe(403);
    });

    it('refuses organisation users on the sys routes', async () => {
      expect((await api.get('/api/orgs', betaOwner)).status).toBe(403);
      expect((await api.get('/api/admin/users', betaOwner)).status).toBe(403);
      expect((await api.post('/api/orgs', { name: 'N', slug: 'n', subdomain: 'n', email: 'n@n.org', orgType: 'ASSOCIATION' }, betaOwner)).status).toBe(403);
    });

    it('lets the system admin see every organisation and user', async () => {
      const orgs = await api.get('/api/orgs', admin);
      expect(orgs.status).toBe(200);
      expect(orgs.body.totalElements).toBeGreaterThanOrEqual(2);
      const users = await api.get(`/api/admin/users?organizationId=${betaId}`, admin);
      expect(users.status).toBe(200);
      expect(users.body.content.map((u: { email: string }) => u.email)).toContain('owner@beta.example');
    });
  });

  describe('bad input', () => {
    it('refuses an invalid slug, an unknown orgType and a taken slug', async () => {
      const base = { name: 'Gamma', slug: 'gamma', subdomain: 'gamma', email: 'g@gamma.example', orgType: 'ASSOCIATION' };
      expect((await api.post('/api/orgs', { ...base, slug: 'Not A Slug' }, admin)).status).toBe(400);
      expect((await api.post('/api/orgs', { ...base, orgType: 'PIRATE_SHIP' }, admin)).status).toBe(400);
      expect((await api.post('/api/orgs', base, admin)).status).toBe(201);
      expect((await api.post('/api/orgs', { ...base, subdomain: 'gamma2' }, admin)).status).toBe(409);
    });

    it('refuses an invalid UUID in the path and malformed JSON', async () => {
      expect((await api.get('/api/orgs/not-a-uuid', admin)).status).toBe(400);
      expect((await api.call('POST', `/api/orgs/${orgId}/users`, { raw: '{', token: owner })).status).toBe(400);
      expect(
        (await api.post(`/api/orgs/${orgId}/users`, { email: 'a@b.org', firstName: 'A', lastName: 'B', roleId: 'nope', sendInvitationEmail: false }, owner))
          .status,
      ).toBe(400);
    });
  });

  it('the owner deletes the organisation: 204, then it is gone', async () => {
    expect((await api.call('DELETE', `/api/orgs/${orgId}`, { token: owner })).status).toBe(204);
    expect((await api.get('/api/orgs/slug/alpha')).status).toBe(404);
  });
});
