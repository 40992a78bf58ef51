import { unwrap, type PlatformClient } from '@platform/api-client';
import { ADMIN, client, holdsSoon, http, startPlatform, type Platform } from './platform';

const decode = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString());

describe('the organisation slice through the gateway, on the real services', () => {
  let platform: Platform;
  /** Without a token. */
  let api: PlatformClient;
  let adminToken: string;
  let admin: PlatformClient;
  let orgId: string;
  let ownerToken: string;
  let owner: PlatformClient;
  let roles: Record<string, string>;

  const as = (token: string) => client(platform.baseUrl, token);
  const register = (email: string) =>
    api.POST('/api/auth/org/register', { body: { email, password: 'member password', firstName: email.split('@')[0], lastName: 'Person' } });
  const orgLogin = (email: string, organizationId?: string) =>
    api.POST('/api/auth/org/login', { body: { email, password: 'member password', ...(organizationId ? { organizationId } : {}) } });
  const memberToken = async (email: string) => unwrap(await orgLogin(email)).accessToken!;
  const createWithOwner = (orgName: string, orgSlug: string, ownerEmail: string, sendWelcomeEmail = false) =>
    admin.POST('/api/admin/orgs/create-with-owner', {
      body: { orgName, orgSlug, ownerEmail, ownerFirstName: 'Olga', ownerLastName: 'Owner', sendWelcomeEmail },
    });
  const eventually = (check: () => Promise<boolean>, tries = 30) => holdsSoon(check, tries);

  beforeAll(async () => {
    platform = await startPlatform('organisation', { organisation: 'real' });
    api = client(platform.baseUrl);
    adminToken = unwrap(await api.POST('/api/auth/system/login', { body: ADMIN })).accessToken!;
    admin = as(adminToken);
  });
  afterAll(async () => platform?.stop());

  it('GET /api/orgs/health answers UP without a token and is not taken for an organisation id', async () => {
    const res = await api.GET('/api/orgs/health');
    expect(res.response.status).toBe(200);
    expect(res.data).toEqual({ status: 'UP' });
  });

  it('a system admin creates an organisation with an existing account as OWNER, who logs in to it', async () => {
    await register('owner@alpha.example');
    const created = await createWithOwner('Alpha Society', 'alpha', 'owner@alpha.example');
    expect(created.response.status).toBe(201);
    expect(created.data?.organization).toMatchObject({ name: 'Alpha Society', slug: 'alpha', subdomain: 'alpha', orgType: 'ASSOCIATION' });
    orgId = created.data!.organization!.id!;
    const login = await orgLogin('owner@alpha.example');
    expect(login.response.status).toBe(200);
    expect(decode(login.data!.accessToken!)).toMatchObject({ organizationId: orgId, organizationRole: 'OWNER' });
    ownerToken = login.data!.accessToken!;
    owner = as(ownerToken);
  });

  it('undoes create-with-owner when a later step fails, leaving nothing half-made', async () => {
    // The organisation is made first; attaching a platform staff account as its owner then fails.
    const refused = await createWithOwner('Half Made', 'half-made', ADMIN.email, true);
    expect(refused.response.status).toBe(409);
    expect(refused.error?.detail).toMatch(/staff account/);
    expect((await api.GET('/api/orgs/slug/{slug}', { params: { path: { slug: 'half-made' } } })).response.status).toBe(404);
    expect((await api.GET('/api/orgs/subdomain/{subdomain}', { params: { path: { subdomain: 'half-made' } } })).response.status).toBe(404);
    const listed = unwrap(await admin.GET('/api/orgs', { params: { query: { size: 100 } } }));
    expect(listed.content?.map((o) => o.slug)).not.toContain('half-made');

    // The slug is free again: the same creation with a real owner succeeds.
    expect((await createWithOwner('Half Made', 'half-made', 'owner@half-made.example')).response.status).toBe(201);
  });

  it('finds the organisation by id, slug and subdomain', async () => {
    expect((await owner.GET('/api/orgs/{id}', { params: { path: { id: orgId } } })).data).toMatchObject({ id: orgId, slug: 'alpha' });
    expect((await api.GET('/api/orgs/slug/{slug}', { params: { path: { slug: 'alpha' } } })).response.status).toBe(200);
    expect((await api.GET('/api/orgs/subdomain/{subdomain}', { params: { path: { subdomain: 'alpha' } } })).response.status).toBe(200);
    expect((await api.GET('/api/orgs/slug/{slug}', { params: { path: { slug: 'nope' } } })).response.status).toBe(404);
  });

  it('lists the five roles with their ids', async () => {
    const res = await owner.GET('/api/orgs/{id}/roles', { params: { path: { id: orgId } } });
    expect(res.response.status).toBe(200);
    roles = Object.fromEntries((res.data ?? []).map((r) => [r.name, r.roleId]));
    expect(Object.keys(roles).sort()).toEqual(['ADMIN', 'GUEST', 'MANAGER', 'MEMBER', 'OWNER']);
  });

  it('updates the organisation with the snake_case fields of the spec', async () => {
    const res = await owner.PUT('/api/orgs/{id}', {
      params: { path: { id: orgId } },
      body: { name: 'Alpha Society', description: 'Friends of alpha', website_url: 'https://alpha.example', allow_join_requests: true },
    });
    expect(res.response.status).toBe(200);
    expect(res.data).toMatchObject({ website_url: 'https://alpha.example', allow_join_requests: true });
  });

  let memberId: string;
  it('adds an existing account as an ACTIVE member, who then logs in and sees the organisation but not its members', async () => {
    await register('mia@alpha.example');
    const added = await owner.POST('/api/orgs/{organizationId}/users', {
      params: { path: { organizationId: orgId } },
      body: { email: 'mia@alpha.example', firstName: 'Mia', lastName: 'Member', roleId: roles['MEMBER'], sendInvitationEmail: false },
    });
    expect(added.response.status).toBe(201);
    expect(added.data).toMatchObject({ email: 'mia@alpha.example', status: 'ACTIVE', roles: ['MEMBER'] });
    memberId = added.data!.id!;
    const member = as(await memberToken('mia@alpha.example'));
    expect((await member.GET('/api/orgs/{id}', { params: { path: { id: orgId } } })).response.status).toBe(200);
    expect((await member.GET('/api/orgs/{organizationId}/users', { params: { path: { organizationId: orgId } } })).response.status).toBe(403);
    expect((await member.PUT('/api/orgs/{id}', { params: { path: { id: orgId } }, body: { name: 'Hacked' } })).response.status).toBe(403);
  });

  it('invites a new address as PENDING', async () => {
    const res = await owner.POST('/api/orgs/{organizationId}/users', {
      params: { path: { organizationId: orgId } },
      body: { email: 'newbie@alpha.example', firstName: 'New', lastName: 'Bie', roleId: roles['MEMBER'], sendInvitationEmail: true },
    });
    expect(res.response.status).toBe(201);
    expect(res.data?.status).toBe('PENDING');
  });

  it('lists, searches and sorts members in the paged envelope', async () => {
    const list = (query: { search?: string; sort?: string; page?: number; size?: number }) =>
      owner.GET('/api/orgs/{organizationId}/users', { params: { path: { organizationId: orgId }, query } });
    const res = await list({ search: 'mia', sort: 'lastName,asc', page: 0, size: 20 });
    expect(res.response.status).toBe(200);
    expect(res.data).toMatchObject({ totalElements: 1, totalPages: 1, page: 0, size: 20 });
    expect(res.data?.content?.[0]).toMatchObject({ id: memberId, email: 'mia@alpha.example', firstName: 'Mia', status: 'ACTIVE', roles: ['MEMBER'] });
    expect(res.data?.content?.[0]?.joinedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect((await list({ page: -1 })).response.status).toBe(400);
    expect((await list({ size: 101 })).response.status).toBe(400);
    expect((await list({ sort: 'password,asc' })).response.status).toBe(400);
  });

  it('suspending a membership refuses its login and ends its sessions', async () => {
    const member = as(await memberToken('mia@alpha.example'));
    const res = await owner.PUT('/api/orgs/{organizationId}/users/{userId}', {
      params: { path: { organizationId: orgId, userId: memberId } },
      body: { status: 'SUSPENDED' },
    });
    expect(res.response.status).toBe(200);
    expect(res.data?.status).toBe('SUSPENDED');
    expect(await eventually(async () => (await member.GET('/api/orgs/{id}', { params: { path: { id: orgId } } })).response.status === 401)).toBe(true);
    expect((await orgLogin('mia@alpha.example', orgId)).response.status).toBe(403);
  });

  it('removing a member keeps the account; the last owner cannot be demoted or removed', async () => {
    const membership = (userId: string) => ({ params: { path: { organizationId: orgId, userId } } });
    expect((await owner.DELETE('/api/orgs/{organizationId}/users/{userId}', membership(memberId))).response.status).toBe(204);
    const ownerId: string = decode(ownerToken).sub;
    expect((await owner.PUT('/api/orgs/{organizationId}/users/{userId}', { ...membership(ownerId), body: { roleId: roles['MEMBER'] } })).response.status).toBe(
      409,
    );
    expect((await owner.DELETE('/api/orgs/{organizationId}/users/{userId}', membership(ownerId))).response.status).toBe(409);
  });

  describe('another organisation', () => {
    let betaId: string;
    let betaOwner: PlatformClient;
    beforeAll(async () => {
      await register('owner@beta.example');
      betaId = unwrap(await createWithOwner('Beta Club', 'beta', 'owner@beta.example')).organization!.id!;
      betaOwner = as(await memberToken('owner@beta.example'));
    });

    it("never shows one organisation's data to another's owner", async () => {
      expect((await betaOwner.GET('/api/orgs/{id}', { params: { path: { id: orgId } } })).response.status).toBe(403);
      expect((await betaOwner.GET('/api/orgs/{organizationId}/users', { params: { path: { organizationId: orgId } } })).response.status).toBe(403);
      expect((await betaOwner.GET('/api/orgs/{id}/roles', { params: { path: { id: orgId } } })).response.status).toBe(403);
      const added = await betaOwner.POST('/api/orgs/{organizationId}/users', {
        params: { path: { organizationId: orgId } },
        body: { email: 'x@beta.example', firstName: 'X', lastName: 'Y', roleId: roles['MEMBER'], sendInvitationEmail: false },
      });
      expect(added.response.status).toBe(403);
      expect(added.error?.code).toBe('FORBIDDEN');
      expect((await betaOwner.DELETE('/api/orgs/{id}', { params: { path: { id: orgId } } })).response.status).toBe(403);
    });

    it('refuses organisation users on the sys routes', async () => {
      expect((await betaOwner.GET('/api/orgs')).response.status).toBe(403);
      expect((await betaOwner.GET('/api/admin/users')).response.status).toBe(403);
      expect(
        (await betaOwner.POST('/api/orgs', { body: { name: 'N', slug: 'n', subdomain: 'n', email: 'n@n.org', orgType: 'ASSOCIATION' } })).response.status,
      ).toBe(403);
    });

    it('lets the system admin see every organisation and user', async () => {
      const orgs = await admin.GET('/api/orgs');
      expect(orgs.response.status).toBe(200);
      expect(orgs.data?.totalElements).toBeGreaterThanOrEqual(2);
      const users = await admin.GET('/api/admin/users', { params: { query: { organizationId: betaId } } });
      expect(users.response.status).toBe(200);
      expect(users.data?.content?.map((u) => u.email)).toContain('owner@beta.example');
    });
  });

  describe('bad input', () => {
    it('refuses an invalid slug, an unknown orgType and a taken slug', async () => {
      const base = { name: 'Gamma', slug: 'gamma', subdomain: 'gamma', email: 'g@gamma.example', orgType: 'ASSOCIATION' } as const;
      expect((await admin.POST('/api/orgs', { body: { ...base, slug: 'Not A Slug' } })).response.status).toBe(400);
      // Off the document on purpose: the untyped helper sends what the types refuse.
      expect((await http(platform.baseUrl).post('/api/orgs', { ...base, orgType: 'PIRATE_SHIP' }, adminToken)).status).toBe(400);
      expect((await admin.POST('/api/orgs', { body: base })).response.status).toBe(201);
      expect((await admin.POST('/api/orgs', { body: { ...base, subdomain: 'gamma2' } })).response.status).toBe(409);
    });

    it('refuses an invalid UUID in the path and malformed JSON', async () => {
      expect((await admin.GET('/api/orgs/{id}', { params: { path: { id: 'not-a-uuid' } } })).response.status).toBe(400);
      expect((await http(platform.baseUrl).call('POST', `/api/orgs/${orgId}/users`, { raw: '{', token: ownerToken })).status).toBe(400);
      const badRole = await owner.POST('/api/orgs/{organizationId}/users', {
        params: { path: { organizationId: orgId } },
        body: { email: 'a@b.org', firstName: 'A', lastName: 'B', roleId: 'nope', sendInvitationEmail: false },
      });
      expect(badRole.response.status).toBe(400);
    });
  });

  it('the owner deletes the organisation: 204, then it is gone', async () => {
    expect((await owner.DELETE('/api/orgs/{id}', { params: { path: { id: orgId } } })).response.status).toBe(204);
    expect((await api.GET('/api/orgs/slug/{slug}', { params: { path: { slug: 'alpha' } } })).response.status).toBe(404);
  });
});
