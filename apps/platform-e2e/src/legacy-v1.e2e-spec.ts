import http from 'node:http';
import { ADMIN, holdsSoon, http as platformHttp, startPlatform, type Platform } from './platform';

const BASE = 'platform.test';
const PASSWORD = 'member password';
const decode = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString());

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: any;
}

/**
 * The old mobile app during a migration: it keeps calling /api/v1 on its association's host, now
 * answered by the platform's gateway from the platform's data, in the old site's shapes. The calls go
 * to the gateway itself (`gatewayUrl`), not through the stack's validating proxy: /api/v1 is not part
 * of the platform's OpenAPI document, and its shapes are the old site's (docs/legacy-site.md). The
 * platform calls that set the world up go through the proxy as usual.
 */
describe('the old mobile app’s API (/api/v1) served by the platform, on the real services', () => {
  let platform: Platform;
  let api: ReturnType<typeof platformHttp>;
  let gateway: URL;
  let alphaId: string;
  let betaId: string;
  let owner: string;
  let eventId: string;
  let articleId: string;
  let documentId: string;
  const alphaHost = `legacy-alpha.${BASE}`;

  /** A request as the old app sends it: to the association's host, JSON or form body. */
  const send = (
    method: string,
    path: string,
    options: { host?: string; token?: string; json?: unknown; form?: Record<string, string>; headers?: Record<string, string> } = {},
  ): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const body = options.json !== undefined ? JSON.stringify(options.json) : options.form ? new URLSearchParams(options.form).toString() : undefined;
      const headers: Record<string, string> = { host: options.host ?? alphaHost, ...options.headers };
      if (options.token) headers['authorization'] = `Bearer ${options.token}`;
      if (body !== undefined) {
        headers['content-type'] = options.form ? 'application/x-www-form-urlencoded' : 'application/json';
        headers['content-length'] = String(Buffer.byteLength(body));
      }
      const req = http.request({ host: gateway.hostname, port: gateway.port, method, path: `/api/v1${path}`, headers }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text === '' ? undefined : JSON.parse(text) }));
      });
      req.on('error', reject);
      req.end(body);
    });

  /** The old site's error body, never problem+json, with the deprecation headers. */
  const expectLegacyError = (res: Answer, status: number, code: string) => {
    expect({ status: res.status, body: res.body }).toEqual({ status, body: { code, message: expect.any(String), data: expect.objectContaining({ status }) } });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expectDeprecated(res);
  };
  const expectDeprecated = (res: Answer) => {
    expect(res.headers['deprecation']).toMatch(/^@\d+$/);
    expect(res.headers['sunset']).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
  };
  const legacyLogin = (email: string, host = alphaHost, password = PASSWORD) => send('POST', '/auth', { host, json: { username: email, password } });

  beforeAll(async () => {
    platform = await startPlatform('legacy-v1', {
      organisation: 'real',
      services: ['events', 'documents', 'content'],
      notifications: true,
      env: { GATEWAY_BASE_DOMAIN: BASE },
    });
    api = platformHttp(platform.baseUrl);
    gateway = new URL(platform.gatewayUrl);
    const admin = (await api.post('/api/auth/system/login', ADMIN)).body.accessToken as string;
    const register = async (email: string, firstName: string) =>
      expect((await api.post('/api/auth/org/register', { email, password: PASSWORD, firstName, lastName: 'Legacy' })).status).toBe(201);
    const createOrg = async (slug: string, ownerEmail: string) => {
      await register(ownerEmail, 'Owner');
      const res = await api.post(
        '/api/admin/orgs/create-with-owner',
        { orgName: `Club ${slug}`, orgSlug: slug, ownerEmail, ownerFirstName: 'Owner', ownerLastName: 'Legacy', sendWelcomeEmail: false },
        admin,
      );
      expect(res.status).toBe(201);
      return res.body.organization.id as string;
    };
    const addMember = async (orgId: string, email: string, firstName: string, token: string) => {
      await register(email, firstName);
      const roles = (await api.get(`/api/orgs/${orgId}/roles`, token)).body as Array<{ name: string; roleId: string }>;
      const roleId = roles.find((r) => r.name === 'MEMBER')!.roleId;
      const added = await api.post(`/api/orgs/${orgId}/users`, { email, firstName, lastName: 'Legacy', roleId, sendInvitationEmail: false }, token);
      expect(added.status).toBe(201);
    };

    alphaId = await createOrg('legacy-alpha', 'owner@legacy-alpha.example');
    owner = (await api.post('/api/auth/org/login', { email: 'owner@legacy-alpha.example', password: PASSWORD, organizationId: alphaId })).body.accessToken;
    await addMember(alphaId, 'mia@legacy-alpha.example', 'Mia', owner);
    const domain = await api.call('PUT', `/api/orgs/${alphaId}`, { body: { customDomain: 'Members.Legacy-Alpha.example' }, token: owner });
    expect(domain.body).toMatchObject({ customDomain: 'members.legacy-alpha.example' });

    betaId = await createOrg('legacy-beta', 'owner@legacy-beta.example');
    const betaOwner = (await api.post('/api/auth/org/login', { email: 'owner@legacy-beta.example', password: PASSWORD, organizationId: betaId })).body
      .accessToken as string;
    await addMember(betaId, 'ben@legacy-beta.example', 'Ben', betaOwner);

    const event = await api.post(
      `/api/orgs/${alphaId}/events`,
      {
        title: 'Harbour gala',
        description: '<p>Dinner &amp; awards</p>',
        eventType: 'IN_PERSON',
        startDate: '2030-04-01T18:00:00Z',
        endDate: '2030-04-01T22:00:00Z',
        venueName: 'Harbour hall',
        address: { street: '1 Quay St', city: 'Hobart', province: 'TAS', postalCode: '7000', country: 'AU' },
        isFree: true,
      },
      owner,
    );
    expect(event.status).toBe(201);
    eventId = event.body.id;
    expect((await api.post(`/api/orgs/${alphaId}/events/${eventId}/publish`, undefined, owner)).status).toBe(200);

    const article = await api.post(`/api/orgs/${alphaId}/news`, { title: 'Spring news', content: '<p>The season opens in May.</p>', tags: ['Season'] }, owner);
    expect(article.status).toBe(201);
    articleId = article.body.id;
    expect((await api.post(`/api/orgs/${alphaId}/news/${articleId}/publish`, undefined, owner)).status).toBe(200);

    const form = new FormData();
    form.append('access', 'MEMBERS_ONLY');
    form.append('file', new Blob([Buffer.from('Club rules\n')], { type: 'text/plain' }), 'rules.txt');
    const upload = await fetch(`${platform.baseUrl}/api/orgs/${alphaId}/documents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner}` },
      body: form,
    });
    expect(upload.status).toBe(201);
    documentId = ((await upload.json()) as { id: string }).id;

    const sent = await api.post(
      '/api/notifications',
      { title: 'Welcome back', body: 'Same app, new home', targetType: 'ALL_MEMBERS', data: { type: 'NEWS' } },
      owner,
    );
    expect(sent.status).toBe(201);
  });
  afterAll(async () => platform?.stop());

  it('signs a member in on the association’s host in the site’s login shape, with the platform’s own token pair', async () => {
    const res = await legacyLogin('mia@legacy-alpha.example');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      token: expect.any(String),
      refresh_token: expect.any(String),
      user_email: 'mia@legacy-alpha.example',
      user_nicename: 'mia',
      user_display_name: expect.stringContaining('Mia'),
      user_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      user_role: 'association-member',
      expires_in: 3600,
    });
    expect(decode(res.body.token)).toMatchObject({ organizationId: alphaId, organizationRole: 'MEMBER', email: 'mia@legacy-alpha.example' });
    expectDeprecated(res);
    // The pair is the platform's: it works on /api as it is.
    expect((await api.get('/api/auth/me', res.body.token)).body).toMatchObject({ email: 'mia@legacy-alpha.example' });
  });

  it('answers a wrong password with the site’s 403 jwt_auth_failed body', async () => {
    expectLegacyError(await legacyLogin('mia@legacy-alpha.example', alphaHost, 'wrong password'), 403, 'jwt_auth_failed');
  });

  it('finds the association by its custom domain, and by X-Organisation-Slug for local use', async () => {
    expect((await legacyLogin('mia@legacy-alpha.example', 'members.legacy-alpha.example')).status).toBe(200);
    const local = await send('POST', '/auth', {
      host: `127.0.0.1:${gateway.port}`,
      headers: { 'X-Organisation-Slug': 'legacy-alpha' },
      json: { username: 'mia@legacy-alpha.example', password: PASSWORD },
    });
    expect(local.status).toBe(200);
    expectLegacyError(await legacyLogin('mia@legacy-alpha.example', `nobody.${BASE}`), 404, 'association_not_found');
  });

  describe('a member of the association', () => {
    let token: string;
    beforeAll(async () => {
      token = (await legacyLogin('mia@legacy-alpha.example')).body.token;
    });

    it('reads their profile', async () => {
      const res = await send('GET', '/user', { token });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id: decode(token).sub,
        email: 'mia@legacy-alpha.example',
        username: 'mia@legacy-alpha.example',
        first_name: 'Mia',
        last_name: 'Legacy',
        role: 'association-member',
        devices: [],
      });
      expect(res.headers['link']).toBe(`</api/orgs/${alphaId}/users/${decode(token).sub}>; rel="successor-version"`);
    });

    it('reads the events, upcoming first, in the site’s shape and envelope', async () => {
      const res = await send('GET', '/events?per_page=10', { token });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ page: 1, per_page: 10, total: 1, total_pages: 1 });
      expect(res.body.data[0]).toMatchObject({
        id: eventId,
        type: 'event',
        status: 'publish',
        title: 'Harbour gala',
        start: '2030-04-01T18:00:00+00:00',
        end: '2030-04-01T22:00:00+00:00',
        start_ms: Date.UTC(2030, 3, 1, 18),
        excerpt: 'Dinner & awards',
        location: { name: 'Harbour hall', address: '1 Quay St', city: 'Hobart', state: 'TAS', zip_code: '7000', country: 'AU' },
      });
      expect((await send('POST', '/events', { token, form: { scope: 'past' } })).body.total).toBe(0);
      expect((await send('GET', `/events?id=${eventId}`, { token })).body).toMatchObject({ id: eventId, content: '<p>Dinner &amp; awards</p>' });
    });

    it('reads the documents, with a download URL that works', async () => {
      const res = await send('POST', '/documents', { token, json: {} });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ total: 1, folders: [] });
      const doc = res.body.data[0];
      expect(doc).toMatchObject({ id: documentId, type: 'document', title: 'rules.txt', file_type: 'txt', folder: null });
      expect(doc.file_url).toMatch(new RegExp(`^http://${alphaHost.replace(/\./g, '\\.')}/api/storage/`));
      const file = await fetch(`${platform.gatewayUrl}${new URL(doc.file_url).pathname}${new URL(doc.file_url).search}`);
      expect([file.status, await file.text()]).toEqual([200, 'Club rules\n']);
    });

    it('reads the member directory', async () => {
      const res = await send('GET', '/members', { token });
      expect(res.status).toBe(200);
      const names = (res.body.data as Array<{ first_name: string; email: string | null }>).map((m) => m.first_name).sort();
      expect(names).toEqual(['Mia', 'Owner']);
      expect(res.body.data.every((m: { email: string | null }) => m.email === null)).toBe(true);
    });

    it('reads the news, and one article with its content', async () => {
      const list = await send('GET', '/posts', { token });
      expect(list.body.data).toEqual([
        expect.objectContaining({
          id: articleId,
          title: 'Spring news',
          excerpt: 'The season opens in May.',
          tags: [expect.objectContaining({ name: 'Season' })],
        }),
      ]);
      expect(list.body.data[0].content).toBeUndefined();
      expect((await send('GET', `/posts?id=${articleId}`, { token })).body).toMatchObject({
        id: articleId,
        content: expect.stringContaining('The season opens in May.'),
      });
      expectLegacyError(await send('GET', '/posts?id=17', { token }), 404, 'rest_post_invalid_id');
    });

    it('reads their inbox', async () => {
      let inbox: Answer | undefined;
      expect(
        await holdsSoon(async () => {
          inbox = await send('GET', '/notifications', { token });
          return (inbox.body.data as Array<{ title: string }>).some((n) => n.title === 'Welcome back');
        }),
      ).toBe(true);
      expect((inbox!.body.data as Array<Record<string, unknown>>).find((n) => n['title'] === 'Welcome back')).toMatchObject({
        message: 'Same app, new home',
        type: 'NEWS',
        date: expect.stringMatching(/\+00:00$/),
      });
    });

    it('is refused without a token (400) and with a bad one (401), in the site’s bodies', async () => {
      expectLegacyError(await send('GET', '/events'), 400, 'jwt_auth_bad_request');
      expectLegacyError(await send('GET', '/events', { token: `${token}x` }), 401, 'jwt_auth_invalid_token');
    });
  });

  it('refuses a token of one association on another’s host: 403 in the legacy body', async () => {
    const alphaToken = (await legacyLogin('mia@legacy-alpha.example')).body.token as string;
    const betaHost = `legacy-beta.${BASE}`;
    for (const path of ['/user', '/events', '/documents', '/members', '/posts', '/notifications']) {
      expectLegacyError(await send('GET', path, { host: betaHost, token: alphaToken }), 403, 'rest_forbidden');
    }
    // And a member of the other association cannot sign in on this one's host.
    expectLegacyError(await legacyLogin('ben@legacy-beta.example'), 403, 'jwt_auth_failed');
    expect((await legacyLogin('ben@legacy-beta.example', betaHost)).status).toBe(200);
  });

  it('answers every call with Deprecation and Sunset, and unknown calls with the site’s 404', async () => {
    expectLegacyError(await send('GET', '/pages'), 404, 'rest_no_route');
    expectDeprecated(await send('POST', '/auth/validate', { json: { token: (await legacyLogin('mia@legacy-alpha.example')).body.token } }));
  });
});
