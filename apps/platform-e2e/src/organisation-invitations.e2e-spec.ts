import pg from 'pg';
import { mailTo } from './mail';
import { ADMIN, http, startPlatform, type JsonResponse, type Platform } from './platform';

/** The token of an accept or create link in an email (32 random bytes, base64url). */
function tokenIn(mail: { text: string; html: string }): string {
  const found = /token=([A-Za-z0-9_-]{43})/.exec(`${mail.html}\n${mail.text}`.replace(/=\r?\n/g, '').replace(/=3D/g, '='));
  if (!found?.[1]) throw new Error(`no token in the email: ${mail.text}`);
  return found[1];
}

const problemCode = (res: JsonResponse): unknown => (res.body as { code?: unknown } | undefined)?.code;

/** Issue 12 through the gateway on the real services: invitations, join requests, creation invitations. */
describe('organisation invitations, join requests and creation invitations', () => {
  let platform: Platform;
  let api: ReturnType<typeof http>;
  let admin: string;
  let orgA: { id: string; slug: string; token: string };
  let orgB: { id: string; slug: string; token: string };
  let memberToken: string;

  const register = (email: string) => api.post('/api/auth/org/register', { email, password: 'member password', firstName: 'Reg', lastName: 'Istered' });
  const orgLogin = async (email: string, organizationId: string, password = 'member password') =>
    api.post('/api/auth/org/login', { email, password, organizationId });
  const createOrg = async (slug: string) => {
    await register(`owner@${slug}.example`);
    const created = await api.post(
      '/api/admin/orgs/create-with-owner',
      { orgName: `Org ${slug}`, orgSlug: slug, ownerEmail: `owner@${slug}.example`, ownerFirstName: 'Olga', ownerLastName: 'Owner', sendWelcomeEmail: false },
      admin,
    );
    expect(created.status).toBe(201);
    const id = created.body.organization.id as string;
    return { id, slug, token: (await orgLogin(`owner@${slug}.example`, id)).body.accessToken as string };
  };
  const invite = (orgId: string, body: Record<string, unknown>, token: string) => api.post(`/api/orgs/${orgId}/invitations`, body, token);
  const accept = (orgId: string, token: string, body: Record<string, unknown> = {}) => api.post(`/api/orgs/${orgId}/invitations/${token}/accept`, body);
  /** Runs SQL on the organisation service's own schema (to make a token expire without waiting 7 days). */
  const organisationSql = async (text: string, params: unknown[]) => {
    const { schema, connectionString } = platform.schemas['organisation']!;
    const client = new pg.Client({ connectionString, options: `-c search_path=${schema}` });
    await client.connect();
    try {
      await client.query(text, params);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    platform = await startPlatform('organisation-invitations', { organisation: 'real', notifications: true, env: { JOIN_REQUESTS_PER_EMAIL_PER_HOUR: '2' } });
    api = http(platform.baseUrl);
    admin = (await api.post('/api/auth/system/login', ADMIN)).body.accessToken;
    orgA = await createOrg('invite-a');
    orgB = await createOrg('invite-b');
    await register('mia@invite-a.example');
    expect(
      (
        await api.post(
          `/api/orgs/${orgA.id}/users`,
          { email: 'mia@invite-a.example', firstName: 'Mia', lastName: 'Member', sendInvitationEmail: false },
          orgA.token,
        )
      ).status,
    ).toBe(201);
    memberToken = (await orgLogin('mia@invite-a.example', orgA.id)).body.accessToken;
  });
  afterAll(async () => platform?.stop());

  describe('invitations', () => {
    let invitationId: string;
    let token: string;

    it('POST invitations (admin): 201 with the invitation and never its token; the INVITATION email carries the accept link', async () => {
      const roles = (await api.get(`/api/orgs/${orgA.id}/roles`, orgA.token)).body as Array<{ roleId: string; name: string }>;
      const manager = roles.find((r) => r.name === 'MANAGER')!.roleId;
      const res = await invite(orgA.id, { email: 'Nina.New@invite.example', roleId: manager, message: 'Come and help with the events' }, orgA.token);
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ email: 'nina.new@invite.example', role: 'MANAGER', roleId: manager, status: 'PENDING', organizationId: orgA.id });
      invitationId = res.body.id;
      const mail = await mailTo(platform.mailUrl!, 'nina.new@invite.example', 'You are invited to join Org invite-a');
      expect(mail.text).toContain('Come and help with the events');
      token = tokenIn(mail);
      expect(mail.html).toContain(`/invitations/accept?org=${orgA.id}&amp;token=${token}`);
      expect(JSON.stringify(res.body)).not.toContain(token);
      const pending = await api.get(`/api/orgs/${orgA.id}/users?status=PENDING`, orgA.token);
      expect(pending.body.content.map((u: { email: string }) => u.email)).toContain('nina.new@invite.example');
    });

    it('refuses a MEMBER (403), another organisation (403), no token (401) and bad input (400 naming the fields)', async () => {
      expect((await invite(orgA.id, { email: 'x@invite.example' }, memberToken)).status).toBe(403);
      expect((await invite(orgA.id, { email: 'x@invite.example' }, orgB.token)).status).toBe(403);
      expect((await api.post(`/api/orgs/${orgA.id}/invitations`, { email: 'x@invite.example' })).status).toBe(401);
      expect((await api.get(`/api/orgs/${orgA.id}/invitations`, memberToken)).status).toBe(403);
      const bad = await invite(orgA.id, { email: 'not-an-email', message: 'Hello' }, orgA.token);
      expect(bad.status).toBe(400);
      expect(bad.headers.get('content-type')).toContain('application/problem+json');
      expect(bad.body.errors).toEqual([{ field: 'email', message: 'must be a valid email address' }]);
      const badRole = await invite(orgA.id, { email: 'r@invite.example', roleId: 'nope' }, orgA.token);
      expect([badRole.status, badRole.body.errors[0].field]).toEqual([400, 'roleId']);
      const otherRole = (await api.get(`/api/orgs/${orgB.id}/roles`, orgB.token)).body[0].roleId as string;
      expect((await invite(orgA.id, { email: 'r@invite.example', roleId: otherRole }, orgA.token)).status).toBe(400);
      expect((await api.get(`/api/orgs/${orgA.id}/invitations?status=LOST`, orgA.token)).status).toBe(400);
    });

    it('accepting one invitation twice at once gives one success and one 410 INVITATION_USED; the new account signs in', async () => {
      const noPassword = await accept(orgA.id, token);
      expect(noPassword.status).toBe(400);
      expect(noPassword.body.errors.map((e: { field: string }) => e.field)).toEqual(['firstName', 'lastName', 'password']);
      const body = { firstName: 'Nina', lastName: 'New', password: 'nina password' };
      const both = await Promise.all([accept(orgA.id, token, body), accept(orgA.id, token, body)]);
      expect(both.map((r) => r.status).sort()).toEqual([200, 410]);
      const won = both.find((r) => r.status === 200)!;
      expect(won.body).toMatchObject({ organizationId: orgA.id, accountActivated: true, member: { status: 'ACTIVE', roles: ['MANAGER'], firstName: 'Nina' } });
      expect(problemCode(both.find((r) => r.status === 410)!)).toBe('INVITATION_USED');
      const login = await orgLogin('nina.new@invite.example', orgA.id, 'nina password');
      expect(login.status).toBe(200);
      const reused = await accept(orgA.id, token, body);
      expect([reused.status, problemCode(reused)]).toEqual([410, 'INVITATION_USED']);
      const accepted = await api.get(`/api/orgs/${orgA.id}/invitations?status=ACCEPTED`, orgA.token);
      expect(accepted.body).toMatchObject({ page: 0, size: 20, totalElements: 1 });
      expect(accepted.body.content[0]).toMatchObject({ id: invitationId, status: 'ACCEPTED' });
    });

    it('an existing account accepts without a password; inviting an active member is 409', async () => {
      await register('known@invite.example');
      expect((await invite(orgA.id, { email: 'known@invite.example' }, orgA.token)).status).toBe(201);
      const known = tokenIn(await mailTo(platform.mailUrl!, 'known@invite.example', 'You are invited'));
      const res = await accept(orgA.id, known);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ accountActivated: false, member: { status: 'ACTIVE', roles: ['MEMBER'] } });
      expect((await invite(orgA.id, { email: 'known@invite.example' }, orgA.token)).status).toBe(409);
    });

    it('DELETE cancels (204): the token answers 410 INVITATION_CANCELLED; another organisation gets 404', async () => {
      const created = await invite(orgA.id, { email: 'cancel.me@invite.example' }, orgA.token);
      const cancelToken = tokenIn(await mailTo(platform.mailUrl!, 'cancel.me@invite.example', 'You are invited'));
      expect((await api.call('DELETE', `/api/orgs/${orgB.id}/invitations/${created.body.id}`, { token: orgB.token })).status).toBe(404);
      expect((await api.call('DELETE', `/api/orgs/${orgA.id}/invitations/${created.body.id}`, { token: orgA.token })).status).toBe(204);
      const res = await accept(orgA.id, cancelToken, { firstName: 'C', lastName: 'M', password: 'cancel password' });
      expect([res.status, problemCode(res)]).toEqual([410, 'INVITATION_CANCELLED']);
      // A token answers only under its own organisation.
      expect((await accept(orgB.id, cancelToken)).status).toBe(404);
      expect((await accept(orgA.id, 'not-a-token')).status).toBe(404);
    });

    it('an expired token answers 410 INVITATION_EXPIRED', async () => {
      const created = await invite(orgA.id, { email: 'late@invite.example' }, orgA.token);
      const lateToken = tokenIn(await mailTo(platform.mailUrl!, 'late@invite.example', 'You are invited'));
      await organisationSql(`UPDATE invitation SET expires_at = now() - interval '1 minute' WHERE id = $1`, [created.body.id]);
      const res = await accept(orgA.id, lateToken, { firstName: 'L', lastName: 'Ate', password: 'late password' });
      expect([res.status, problemCode(res)]).toEqual([410, 'INVITATION_EXPIRED']);
      const expired = await api.get(`/api/orgs/${orgA.id}/invitations?status=EXPIRED`, orgA.token);
      expect(expired.body.content.map((i: { id: string }) => i.id)).toEqual([created.body.id]);
    });
  });

  describe('join requests', () => {
    const submit = (slug: string, email: string) =>
      api.post(`/api/public/orgs/${slug}/join-requests`, { firstName: 'Jo', lastName: 'Joiner', email, message: 'I would like to join' });

    it('POST is 403 while the organisation does not allow join requests', async () => {
      const res = await submit(orgB.slug, 'jo@join.example');
      expect(res.status).toBe(403);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
    });

    it('POST answers 202 with the same body whether or not the address is known; 400 names a bad field', async () => {
      expect((await api.call('PUT', `/api/orgs/${orgA.id}`, { body: { allow_join_requests: true }, token: orgA.token })).status).toBe(200);
      const unknown = await submit(orgA.slug, 'stranger@join.example');
      const known = await submit(orgA.slug, 'mia@invite-a.example');
      expect(unknown.status).toBe(202);
      expect(known.status).toBe(202);
      expect(known.body).toEqual(unknown.body);
      const bad = await api.post(`/api/public/orgs/${orgA.slug}/join-requests`, { firstName: '', lastName: 'X', email: 'nope' });
      expect(bad.status).toBe(400);
      expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['email', 'firstName']);
    });

    it('answers 429 with Retry-After beyond the hourly limit per address', async () => {
      expect((await submit(orgA.slug, 'eager@join.example')).status).toBe(202);
      expect((await submit(orgA.slug, 'eager@join.example')).status).toBe(202);
      const limited = await submit(orgA.slug, 'Eager@Join.example');
      expect([limited.status, problemCode(limited)]).toEqual([429, 'RATE_LIMITED']);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    });

    it('GET lists (admin, paged, status) and counts the pending requests; a MEMBER and another organisation are refused', async () => {
      const list = await api.get(`/api/orgs/${orgA.id}/join-requests?status=PENDING&sort=email,asc`, orgA.token);
      expect(list.status).toBe(200);
      expect(list.body.content.map((r: { email: string }) => r.email)).toEqual(['eager@join.example', 'mia@invite-a.example', 'stranger@join.example']);
      expect((await api.get(`/api/orgs/${orgA.id}/join-requests/pending-count`, orgA.token)).body).toEqual({ count: 3 });
      expect((await api.get(`/api/orgs/${orgA.id}/join-requests`, memberToken)).status).toBe(403);
      expect((await api.get(`/api/orgs/${orgA.id}/join-requests/pending-count`, orgB.token)).status).toBe(403);
    });

    it('approve makes an ACTIVE MEMBER and mails the approval with a set-password link; deciding again is 409', async () => {
      const list = await api.get(`/api/orgs/${orgA.id}/join-requests?status=PENDING`, orgA.token);
      const request = list.body.content.find((r: { email: string }) => r.email === 'stranger@join.example');
      expect((await api.post(`/api/orgs/${orgB.id}/join-requests/${request.id}/approve`, undefined, orgB.token)).status).toBe(404);
      const res = await api.post(`/api/orgs/${orgA.id}/join-requests/${request.id}/approve`, undefined, orgA.token);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ request: { status: 'APPROVED' }, member: { email: 'stranger@join.example', status: 'ACTIVE', roles: ['MEMBER'] } });
      const mail = await mailTo(platform.mailUrl!, 'stranger@join.example', 'your request was approved');
      expect(mail.html).toContain('/reset-password?email=stranger%40join.example');
      expect((await api.post(`/api/orgs/${orgA.id}/join-requests/${request.id}/approve`, undefined, orgA.token)).status).toBe(409);
      expect((await api.post(`/api/orgs/${orgA.id}/join-requests/${request.id}/reject`, undefined, orgA.token)).status).toBe(409);
    });

    it('reject marks the request REJECTED and mails the rejection', async () => {
      const list = await api.get(`/api/orgs/${orgA.id}/join-requests?status=PENDING`, orgA.token);
      const request = list.body.content.find((r: { email: string }) => r.email === 'eager@join.example');
      const res = await api.post(`/api/orgs/${orgA.id}/join-requests/${request.id}/reject`, undefined, orgA.token);
      expect(res.status).toBe(200);
      expect(res.body.request).toMatchObject({ id: request.id, status: 'REJECTED' });
      expect((await mailTo(platform.mailUrl!, 'eager@join.example', 'Your request to join')).subject).toBe('Your request to join Org invite-a');
      expect((await api.get(`/api/orgs/${orgA.id}/join-requests/pending-count`, orgA.token)).body).toEqual({ count: 1 });
    });
  });

  describe('creation invitations', () => {
    const createInvitation = (body: Record<string, unknown>, token = admin) => api.post('/api/admin/orgs/creation-invitations', body, token);

    it('sys creates one (201, an email with the link); the token validates, creates the organisation with its owner once', async () => {
      expect((await createInvitation({ email: 'founder@create.example' }, orgA.token)).status).toBe(403);
      const created = await createInvitation({ email: 'founder@create.example', orgName: 'Rowing Club' });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ email: 'founder@create.example', orgName: 'Rowing Club', status: 'PENDING' });
      const token = tokenIn(await mailTo(platform.mailUrl!, 'founder@create.example', 'create your organisation'));
      const valid = await api.get(`/api/orgs/creation-invitations/validate/${token}`);
      expect(valid.status).toBe(200);
      expect(valid.body).toMatchObject({ valid: true, email: 'founder@create.example', orgName: 'Rowing Club' });

      const body = { token, orgName: 'Rowing Club', adminEmail: 'founder@create.example', adminPassword: 'founder password' };
      const both = await Promise.all([
        api.post('/api/orgs/create-with-invitation', body),
        api.post('/api/orgs/create-with-invitation', { ...body, orgName: 'Rowing Club Two' }),
      ]);
      expect(both.map((r) => r.status).sort()).toEqual([201, 410]);
      const made = both.find((r) => r.status === 201)!;
      expect(made.body.owner).toMatchObject({ email: 'founder@create.example', status: 'ACTIVE', roles: ['OWNER'] });
      const login = await orgLogin('founder@create.example', made.body.organization.id, 'founder password');
      expect(login.status).toBe(200);
      const again = await api.get(`/api/orgs/creation-invitations/validate/${token}`);
      expect([again.status, problemCode(again)]).toEqual([410, 'INVITATION_USED']);
      const listed = await api.get('/api/admin/orgs/creation-invitations?status=USED', admin);
      expect(listed.body.content[0]).toMatchObject({ id: created.body.id, organizationId: made.body.organization.id });
    });

    it('cancel (204) and expiry answer 410 with their codes; an unknown token 404; bad input 400', async () => {
      const created = await createInvitation({ email: 'later@create.example' });
      const token = tokenIn(await mailTo(platform.mailUrl!, 'later@create.example', 'create your organisation'));
      expect((await api.call('DELETE', `/api/admin/orgs/creation-invitations/${created.body.id}`, { token: admin })).status).toBe(204);
      const cancelled = await api.post('/api/orgs/create-with-invitation', {
        token,
        orgName: 'Late',
        adminEmail: 'later@create.example',
        adminPassword: 'later password',
      });
      expect([cancelled.status, problemCode(cancelled)]).toEqual([410, 'INVITATION_CANCELLED']);

      const other = await createInvitation({ email: 'expired@create.example', expiresInDays: 1 });
      const otherToken = tokenIn(await mailTo(platform.mailUrl!, 'expired@create.example', 'create your organisation'));
      await organisationSql(`UPDATE creation_invitation SET expires_at = now() - interval '1 minute' WHERE id = $1`, [other.body.id]);
      const expired = await api.get(`/api/orgs/creation-invitations/validate/${otherToken}`);
      expect([expired.status, problemCode(expired)]).toEqual([410, 'INVITATION_EXPIRED']);

      expect((await api.get(`/api/orgs/creation-invitations/validate/${'A'.repeat(43)}`)).status).toBe(404);
      const bad = await createInvitation({ email: 'nope', expiresInDays: 99 });
      expect(bad.status).toBe(400);
      expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['email', 'expiresInDays']);
    });
  });
});
