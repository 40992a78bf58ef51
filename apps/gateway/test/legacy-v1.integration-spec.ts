import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { status } from '@grpc/grpc-js';
import { ErrorCode, PlatformError } from '@platform/errors';
import { contentV1, documentsV1, eventsV1, identityV1, notificationsV1, organisationV1 } from '@platform/proto';
import {
  appTestEnv,
  createTestMessaging,
  createTestRedis,
  fakeGrpcService,
  testLogger,
  testRedisUrl,
  testSigner,
  type FakeGrpcService,
} from '@platform/testing';
import { readGatewayConfig } from '../src/config';
import { type Gateway, createGateway } from '../src/gateway';

const signer = testSigner();
const ORG_A = randomUUID();
const ORG_B = randomUUID();
const ORGS = [
  { id: ORG_A, name: 'Acme Association', slug: 'acme', subdomain: 'acme', customDomain: 'members.acme.org', allowJoinRequests: true },
  { id: ORG_B, name: 'Beta Club', slug: 'beta', subdomain: 'beta', allowJoinRequests: false },
];
const BASE = 'platform.test';

interface Account {
  id: string;
  email: string;
  password: string;
  organizationId: string;
  mfa?: boolean;
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: any;
}

/**
 * /api/v1, the old mobile app's API, through the whole gateway in process: real HTTP with the Host
 * header the old app sends, the real route table of the platform's protos, real Redis (lockout,
 * limits, denylist) and NATS, and stand-ins for the six services behind it that record what they got.
 */
describe('the old mobile app’s API (/api/v1) on the gateway', () => {
  const store = createTestRedis('legacyv1');
  const messaging = createTestMessaging('legacyv1');
  const accounts = new Map<string, Account>();
  let port: number;
  let gateway: Gateway;
  let identity: FakeGrpcService<typeof identityV1.IdentityServiceService>;
  let organisation: FakeGrpcService<typeof organisationV1.OrganisationServiceService>;
  let events: FakeGrpcService<typeof eventsV1.EventsServiceService>;
  let documents: FakeGrpcService<typeof documentsV1.DocumentsServiceService>;
  let content: FakeGrpcService<typeof contentV1.ContentServiceService>;
  let notifications: FakeGrpcService<typeof notificationsV1.NotificationsServiceService>;

  const pairFor = (account: Account) => {
    const sid = randomUUID();
    return {
      accessToken: signer.signAccess({
        sub: account.id,
        sid,
        userType: 'ORGANIZATION',
        email: account.email,
        username: account.email,
        organizationId: account.organizationId,
        organizationRole: 'MEMBER',
      }).token,
      refreshToken: signer.signRefresh({ sub: account.id, sid, jti: randomUUID() }),
      tokenType: 'Bearer',
      expiresIn: 3600,
    };
  };
  const orgOf = (key: Partial<Record<'slug' | 'subdomain' | 'customDomain', string>>) => {
    const [field, value] = Object.entries(key)[0] as [keyof (typeof ORGS)[number], string];
    const org = ORGS.find((o) => o[field] === value.toLowerCase());
    if (!org) throw new PlatformError(ErrorCode.NOT_FOUND, 'Organisation not found');
    return { ...org, email: 'contact@example.org', orgType: 'ASSOCIATION', description: '', websiteUrl: '', createdAt: '', updatedAt: '' };
  };
  const account = (overrides: Partial<Account> = {}): Account => {
    const created = { id: randomUUID(), email: `member-${randomUUID()}@example.org`, password: 'correct horse battery', organizationId: ORG_A, ...overrides };
    accounts.set(created.email, created);
    return created;
  };

  beforeAll(async () => {
    await messaging.ensureStream();
    identity = await fakeGrpcService(identityV1.IdentityServiceService, {
      orgLogin: (request) => {
        const found = accounts.get(request.email.toLowerCase());
        if (!found || found.password !== request.password) throw new PlatformError(ErrorCode.INVALID_CREDENTIALS, 'Invalid email or password');
        if (found.organizationId !== request.organizationId) throw PlatformError.forbidden('You have no active membership in this organisation');
        if (found.mfa) return { mfaRequired: true, challengeToken: 'challenge' };
        return { ...pairFor(found), mfaRequired: false };
      },
      refreshTokens: (request) => {
        const claims = signer.verifyRefresh(request.refreshToken);
        const found = [...accounts.values()].find((a) => a.id === claims.sub);
        if (!found) throw PlatformError.unauthenticated('The refresh token is not valid');
        return pairFor(found);
      },
      register: (request) => {
        if (accounts.has(request.email)) throw PlatformError.conflict('An account with this email already exists');
        const created = account({ email: request.email, password: request.password });
        return identityV1.Account.fromPartial({
          id: created.id,
          email: created.email,
          firstName: request.firstName,
          lastName: request.lastName,
          status: 'PENDING_VERIFICATION',
        });
      },
      revokeTokens: () => ({ revoked: true }),
    });
    organisation = await fakeGrpcService(organisationV1.OrganisationServiceService, {
      getOrganisationBySlug: (request) => orgOf({ slug: request.slug }),
      getOrganisationBySubdomain: (request) => orgOf({ subdomain: request.subdomain }),
      getOrganisationByDomain: (request) => orgOf({ customDomain: request.domain }),
      getMember: (request) => {
        const found = [...accounts.values()].find((a) => a.id === request.userId);
        if (!found) throw new PlatformError(ErrorCode.NOT_FOUND, 'Member not found');
        return organisationV1.UserProfile.fromPartial({
          id: found.id,
          email: found.email,
          firstName: 'Zoë',
          lastName: 'Member',
          displayName: 'Zoë M',
          status: 'ACTIVE',
          roles: ['MEMBER'],
          joinedAt: '2026-12-01T00:00:00.000Z',
          city: 'Perth',
          isCertified: true,
        });
      },
      listDirectory: (request) => ({
        content: [
          organisationV1.DirectoryEntry.fromPartial({
            id: randomUUID(),
            firstName: 'Ada',
            lastName: 'Lovelace',
            displayName: 'Ada L',
            jobTitle: 'Engineer',
            city: 'London',
          }),
        ],
        totalElements: 21,
        totalPages: Math.ceil(21 / (request.size ?? 20)),
        page: request.page ?? 0,
        size: request.size ?? 20,
      }),
      submitJoinRequest: () => ({ status: 'RECEIVED', detail: '' }),
    });
    events = await fakeGrpcService(eventsV1.EventsServiceService, {
      listEvents: (request) => ({
        content: [
          eventsV1.Event.fromPartial({
            id: randomUUID(),
            title: 'Annual gala',
            description: '<p>Dinner</p>',
            status: 'PUBLISHED',
            startDate: '2027-03-01T09:00:00.000Z',
          }),
        ],
        totalElements: 11,
        totalPages: 3,
        page: request.page ?? 0,
        size: request.size ?? 20,
      }),
      getEvent: (request) => {
        if (request.eventId !== '9b0e6f0a-1c2d-4e5f-8a9b-0c1d2e3f4a5b') throw new PlatformError(ErrorCode.NOT_FOUND, 'Event not found');
        return eventsV1.Event.fromPartial({ id: request.eventId, title: 'Annual gala', status: 'CANCELLED' });
      },
    });
    documents = await fakeGrpcService(documentsV1.DocumentsServiceService, {
      listFolders: () => ({ content: [{ id: 'c3f1d4a2-0000-4000-8000-000000000001', name: 'Policy', createdAt: '' }] }),
      listDocuments: (request) => ({
        content: [
          documentsV1.Document.fromPartial({
            id: randomUUID(),
            name: 'Rules.pdf',
            fileUrl: '/api/storage/acme/rules.pdf?signature=x',
            mimeType: 'application/pdf',
            folderId: 'c3f1d4a2-0000-4000-8000-000000000001',
            createdAt: '2026-01-01T00:00:00.000Z',
          }),
        ],
        totalElements: 1,
        totalPages: 1,
        page: request.page,
        size: request.size,
      }),
    });
    content = await fakeGrpcService(contentV1.ContentServiceService, {
      listArticles: (request) => ({
        content: [
          contentV1.Article.fromPartial({ id: randomUUID(), title: 'Spring news', content: '<p>Hello</p>', excerpt: '', status: 'PUBLISHED', tags: ['Club'] }),
        ],
        totalElements: 1,
        totalPages: 1,
        page: request.page ?? 0,
        size: request.size ?? 20,
      }),
    });
    notifications = await fakeGrpcService(notificationsV1.NotificationsServiceService, {
      listNotifications: (request) => ({
        content: [
          notificationsV1.Notification.fromPartial({
            id: randomUUID(),
            title: 'Hello',
            body: 'Welcome',
            data: { type: 'notification' },
            createdAt: '2026-05-01T00:00:00.000Z',
          }),
        ],
        totalElements: 1,
        totalPages: 1,
        page: request.page ?? 0,
        size: request.size ?? 20,
      }),
      registerDevice: (request) => ({
        id: randomUUID(),
        pushToken: request.pushToken,
        platform: request.platform,
        deviceName: request.deviceName,
        createdAt: '',
        updatedAt: '',
      }),
    });
    const config = readGatewayConfig({
      ...appTestEnv('gateway', {
        messaging,
        callees: {
          identity: identity.address,
          organisation: organisation.address,
          events: events.address,
          documents: documents.address,
          content: content.address,
          notifications: notifications.address,
        },
      }),
      GATEWAY_HOST: '127.0.0.1',
      REDIS_URL: testRedisUrl(),
      REDIS_KEY_PREFIX: store.prefix,
      GATEWAY_BASE_DOMAIN: BASE,
      GATEWAY_LEGACY_V1_SUNSET_AT: '2027-06-30T00:00:00Z',
    });
    gateway = createGateway(config, { logger: testLogger() });
    port = (await gateway.start()).port;
  });

  afterAll(async () => {
    await gateway?.stop();
    for (const fake of [identity, organisation, events, documents, content, notifications]) await fake?.stop();
    await store.cleanup();
    await messaging.cleanup();
  });

  /** A request as the old app sends it: to the association's host (the Host header), JSON or form body. */
  const send = (
    method: string,
    path: string,
    options: { host?: string; token?: string; json?: unknown; form?: Record<string, string>; raw?: string; headers?: Record<string, string> } = {},
  ): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const body =
        options.raw ?? (options.json !== undefined ? JSON.stringify(options.json) : options.form ? new URLSearchParams(options.form).toString() : undefined);
      const headers: Record<string, string> = { host: options.host ?? `acme.${BASE}`, ...options.headers };
      if (options.token) headers['authorization'] = `Bearer ${options.token}`;
      if (body !== undefined) {
        headers['content-type'] = options.form ? 'application/x-www-form-urlencoded' : 'application/json';
        headers['content-length'] = String(Buffer.byteLength(body));
      }
      const req = http.request({ host: '127.0.0.1', port, method, path: `/api/v1${path}`, headers }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text === '' ? undefined : JSON.parse(text) }));
      });
      req.on('error', reject);
      req.end(body);
    });

  const signIn = async (who: Account, host?: string) => {
    const res = await send('POST', '/auth', { host, json: { username: who.email, password: who.password } });
    expect(res.status).toBe(200);
    return res.body.token as string;
  };

  /** The site's error body and status, never problem+json, with the deprecation headers. */
  const expectLegacyError = (res: Answer, httpStatus: number, code: string) => {
    expect({ status: res.status, body: res.body }).toEqual({
      status: httpStatus,
      body: { code, message: expect.any(String), data: expect.objectContaining({ status: httpStatus }) },
    });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['deprecation']).toBeDefined();
  };

  describe('signing in', () => {
    it('signs a member in to the association of the host and answers the site’s login fields with the platform’s tokens', async () => {
      const member = account();
      const res = await send('POST', '/auth', { json: { username: member.email, password: member.password } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        token: expect.any(String),
        refresh_token: expect.any(String),
        user_email: member.email,
        user_nicename: expect.stringMatching(/^member-/),
        user_display_name: 'Zoë M',
        user_id: member.id,
        user_role: 'association-member',
        expires_in: 3600,
      });
      expect(signer.verifyAccess(res.body.token)).toMatchObject({ sub: member.id, organizationId: ORG_A });
      expect(identity.callsOf('orgLogin').at(-1)?.request).toMatchObject({ email: member.email, organizationId: ORG_A });
      expect(res.headers['link']).toBe('</api/auth/org/login>; rel="successor-version"');
    });

    it('takes a form body and the email field as the old app may send them, and registers its device for push', async () => {
      const member = account();
      const before = notifications.callsOf('registerDevice').length;
      const res = await send('POST', '/auth', {
        form: { email: member.email, password: member.password, device_token: 'fcm-token-1', device_platform: 'ios' },
      });
      expect(res.status).toBe(200);
      expect(
        notifications
          .callsOf('registerDevice')
          .slice(before)
          .map((c) => c.request),
      ).toEqual([{ pushToken: 'fcm-token-1', platform: 'IOS', deviceName: 'Old mobile app' }]);
    });

    it('answers a wrong password with the site’s 403 jwt_auth_failed, then locks the account after five, without checking a sixth', async () => {
      const member = account();
      for (let i = 0; i < 5; i++)
        expectLegacyError(await send('POST', '/auth', { json: { username: member.email, password: 'wrong' } }), 403, 'jwt_auth_failed');
      const checks = identity.callsOf('orgLogin').length;
      const locked = await send('POST', '/auth', { json: { username: member.email, password: member.password } });
      expectLegacyError(locked, 403, 'jwt_auth_too_many_attempts');
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
      expect(identity.callsOf('orgLogin')).toHaveLength(checks);
    });

    it('answers a member of another association on this host 403 jwt_auth_failed', async () => {
      const beta = account({ organizationId: ORG_B });
      expectLegacyError(await send('POST', '/auth', { json: { username: beta.email, password: beta.password } }), 403, 'jwt_auth_failed');
    });

    it('answers an account with a second factor in the legacy body, with no token', async () => {
      const member = account({ mfa: true });
      const res = await send('POST', '/auth', { json: { username: member.email, password: member.password } });
      expectLegacyError(res, 403, 'jwt_auth_mfa_required');
      expect(JSON.stringify(res.body)).not.toContain('challenge');
    });

    it('answers missing credentials 400 jwt_auth_bad_request and a login name (not an email) 403, before the lockout or identity', async () => {
      const checks = identity.callsOf('orgLogin').length;
      expectLegacyError(await send('POST', '/auth', { json: { username: 'zoe' } }), 400, 'jwt_auth_bad_request');
      expectLegacyError(await send('POST', '/auth', { json: { username: 'zoe', password: 'x' } }), 403, 'jwt_auth_failed');
      expect(identity.callsOf('orgLogin')).toHaveLength(checks);
    });

    it('refreshes the pair, validates a token, signs out', async () => {
      const member = account();
      const first = await send('POST', '/auth', { json: { username: member.email, password: member.password } });
      const refreshed = await send('POST', '/auth/refresh', { json: { refresh_token: first.body.refresh_token } });
      expect(refreshed.status).toBe(200);
      expect(refreshed.body).toMatchObject({ user_email: member.email, token: expect.any(String), refresh_token: expect.any(String) });
      expectLegacyError(await send('POST', '/auth/refresh', { json: { refresh_token: 'nonsense' } }), 401, 'jwt_auth_invalid_refresh_token');

      expect(await send('POST', '/auth/validate', { token: refreshed.body.token })).toMatchObject({
        status: 200,
        body: { code: 'jwt_auth_valid_token', message: 'Token is valid', data: { status: 200 } },
      });
      expect((await send('POST', '/auth/validate', { json: { token: refreshed.body.token } })).status).toBe(200);
      expectLegacyError(await send('POST', '/auth/validate', { token: 'not.a.token' }), 401, 'jwt_auth_invalid_token');

      const out = await send('POST', '/auth/logout', { token: refreshed.body.token });
      expect(out.body).toMatchObject({ code: 'jwt_auth_logged_out', data: { status: 200 } });
      expect(identity.callsOf('revokeTokens').at(-1)?.token).toBe(refreshed.body.token);
    });

    it('signs up through the platform’s registration and asks to join the association', async () => {
      const email = `new-${randomUUID()}@example.org`;
      const res = await send('POST', '/auth/signup', { json: { email, password: 'long enough pw', first_name: 'Neo', last_name: 'Member' } });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ code: 'association_signup_received', data: { status: 201 }, user_email: email, join_requested: true });
      expect(identity.callsOf('register').at(-1)?.request).toEqual({ email, password: 'long enough pw', firstName: 'Neo', lastName: 'Member' });
      expect(organisation.callsOf('submitJoinRequest').at(-1)?.request).toMatchObject({ slug: 'acme', email, firstName: 'Neo', lastName: 'Member' });
      expectLegacyError(
        await send('POST', '/auth/signup', { json: { email, password: 'long enough pw', first_name: 'Neo', last_name: 'Member' } }),
        400,
        'existing_user_email',
      );
      const missing = await send('POST', '/auth/signup', { json: { email } });
      expectLegacyError(missing, 400, 'rest_missing_callback_param');
      expect(missing.body.message).toMatch(/password, first_name, last_name/);
    });
  });

  describe('the association a request is for', () => {
    it('is named by its custom domain as by its subdomain', async () => {
      const member = account();
      expect((await send('POST', '/auth', { host: 'Members.Acme.org', json: { username: member.email, password: member.password } })).status).toBe(200);
    });

    it('is named by X-Organisation-Slug for local use (on outside production)', async () => {
      const member = account();
      const res = await send('POST', '/auth', {
        host: `127.0.0.1:${port}`,
        headers: { 'X-Organisation-Slug': 'acme' },
        json: { username: member.email, password: member.password },
      });
      expect(res.status).toBe(200);
    });

    it('answers a host that names no association 404 association_not_found', async () => {
      for (const host of [`nobody.${BASE}`, 'elsewhere.example.org', `127.0.0.1:${port}`, BASE]) {
        expectLegacyError(await send('GET', '/events', { host, token: 'x' }), 404, 'association_not_found');
      }
    });
  });

  describe('the app endpoints', () => {
    let token: string;
    let member: Account;
    beforeAll(async () => {
      member = account();
      token = await signIn(member);
    });

    it('refuses a token of another association on this host: 403 in the legacy body, and no service is asked', async () => {
      const betaToken = await signIn(account({ organizationId: ORG_B }), `beta.${BASE}`);
      const asked = events.calls.length + organisation.callsOf('getMember').length;
      for (const path of ['/events', '/user', '/members', '/documents', '/posts', '/notifications']) {
        expectLegacyError(await send('GET', path, { token: betaToken }), 403, 'rest_forbidden');
      }
      expect(events.calls.length + organisation.callsOf('getMember').length).toBe(asked);
    });

    it('answers a missing token 400 jwt_auth_bad_request and a bad one 401 jwt_auth_invalid_token', async () => {
      expectLegacyError(await send('GET', '/events'), 400, 'jwt_auth_bad_request');
      expectLegacyError(await send('GET', '/events', { token: 'not.a.token' }), 401, 'jwt_auth_invalid_token');
      const expired = signer.signAccess(
        { sub: member.id, sid: randomUUID(), userType: 'ORGANIZATION', organizationId: ORG_A, organizationRole: 'MEMBER' },
        -10,
      ).token;
      expectLegacyError(await send('GET', '/events', { token: expired }), 401, 'jwt_auth_invalid_token');
    });

    it('lists upcoming events with the legacy page and per_page mapped to the platform’s page and size, by GET or POST', async () => {
      const res = await send('GET', '/events?page=2&per_page=5&search=gala', { token });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ total: 11, page: 2, per_page: 5, total_pages: 3 });
      expect(res.body.data[0]).toMatchObject({ title: 'Annual gala', status: 'publish', start: '2027-03-01T09:00:00+00:00', is_attending: null });
      const request = events.callsOf('listEvents').at(-1)?.request;
      expect(request).toMatchObject({ organizationId: ORG_A, page: 1, size: 5, search: 'gala', sort: 'startDate,asc' });
      expect(Date.parse(request?.from ?? '')).toBeLessThanOrEqual(Date.now());
      expect(events.callsOf('listEvents').at(-1)?.token).toBe(token);
      expect(res.headers['link']).toBe(`</api/orgs/${ORG_A}/events>; rel="successor-version"`);

      const posted = await send('POST', '/events', { token, json: { scope: 'past', per_page: 10 } });
      expect(posted.status).toBe(200);
      expect(events.callsOf('listEvents').at(-1)?.request).toMatchObject({ page: 0, size: 10, sort: 'startDate,desc' });
    });

    it('answers one event by id, an old integer id 404 rest_post_invalid_id, a bad page 400 naming it, attendance 403 read-only', async () => {
      const one = await send('GET', '/events?id=9b0e6f0a-1c2d-4e5f-8a9b-0c1d2e3f4a5b', { token });
      expect(one.body).toMatchObject({ id: '9b0e6f0a-1c2d-4e5f-8a9b-0c1d2e3f4a5b', status: 'cancelled' });
      expectLegacyError(await send('GET', '/events?id=42', { token }), 404, 'rest_post_invalid_id');
      expectLegacyError(await send('GET', `/events?id=${randomUUID()}`, { token }), 404, 'rest_post_invalid_id');
      const bad = await send('GET', '/events?per_page=500', { token });
      expectLegacyError(bad, 400, 'rest_invalid_param');
      expect(bad.body.data.params).toEqual({ per_page: expect.any(String) });
      expectLegacyError(
        await send('POST', '/events', { token, json: { action: 'attend', id: '9b0e6f0a-1c2d-4e5f-8a9b-0c1d2e3f4a5b' } }),
        403,
        'association_read_only',
      );
    });

    it('gives the member’s profile in the site’s shape', async () => {
      const res = await send('GET', '/user', { token });
      expect(res.body).toMatchObject({
        id: member.id,
        email: member.email,
        username: member.email,
        display_name: 'Zoë M',
        role: 'association-member',
        devices: [],
      });
      expect(organisation.callsOf('getMember').at(-1)?.request).toEqual({ organizationId: ORG_A, userId: member.id });
      expect(res.headers['link']).toBe(`</api/orgs/${ORG_A}/users/${member.id}>; rel="successor-version"`);
      expectLegacyError(await send('POST', '/user', { token, json: { city: 'Sydney' } }), 403, 'association_read_only');
    });

    it('lists the directory, the documents with their folders, the news and the inbox in the site’s envelopes', async () => {
      const directory = await send('GET', '/members?search=ada', { token });
      expect(directory.body).toMatchObject({ total: 21, page: 1, per_page: 20, total_pages: 2, data: [{ display_name: 'Ada L', company: null, state: null }] });
      expect(organisation.callsOf('listDirectory').at(-1)?.request).toMatchObject({ organizationId: ORG_A, search: 'ada', page: 0, size: 20 });

      const docs = await send('GET', '/documents', { token });
      expect(docs.body).toMatchObject({
        data: [{ title: 'Rules.pdf', file_url: `http://acme.${BASE}/api/storage/acme/rules.pdf?signature=x`, folder: { name: 'Policy', path: ['Policy'] } }],
        folders: [{ name: 'Policy', slug: 'policy', parent: 0 }],
      });

      const news = await send('POST', '/posts', { token, form: { tag: 'Club' } });
      expect(news.body.data[0]).toMatchObject({ title: 'Spring news', excerpt: 'Hello', tags: [{ name: 'Club' }] });
      expect(news.body.data[0].content).toBeUndefined();
      expect(content.callsOf('listArticles').at(-1)?.request).toMatchObject({ organizationId: ORG_A, tag: 'Club' });

      const inbox = await send('GET', '/notifications', { token });
      expect(inbox.body).toMatchObject({ total: 1, data: [{ title: 'Hello', message: 'Welcome', type: 'notification', link: null }] });
    });

    it('answers 503 association_unavailable with Retry-After while a service is down', async () => {
      events.failNext('listEvents', status.UNAVAILABLE);
      const res = await send('GET', '/events', { token });
      expectLegacyError(res, 503, 'association_unavailable');
      expect(res.headers['retry-after']).toBe('1');
    });
  });

  describe('every answer', () => {
    it('carries Deprecation and Sunset, errors and unknown paths included; other paths are the site’s 404 rest_no_route', async () => {
      for (const [method, path] of [
        ['GET', '/pages'],
        ['GET', '/auth'],
        ['DELETE', '/events'],
        ['POST', '/auth/login_deeplink'],
      ]) {
        const res = await send(method as string, path as string);
        expectLegacyError(res, 404, 'rest_no_route');
        expect(res.headers['deprecation']).toBe('@1796083200');
        expect(res.headers['sunset']).toBe('Wed, 30 Jun 2027 00:00:00 GMT');
        expect(res.headers['cache-control']).toBe('no-store');
      }
      const member = account();
      const ok = await send('POST', '/auth', { json: { username: member.email, password: member.password } });
      expect([ok.status, ok.headers['deprecation'], ok.headers['sunset']]).toEqual([200, '@1796083200', 'Wed, 30 Jun 2027 00:00:00 GMT']);
    });

    it('answers a malformed JSON body 400 rest_invalid_json, never problem+json', async () => {
      expectLegacyError(await send('POST', '/auth', { raw: '{"username":' }), 400, 'rest_invalid_json');
    });

    it('leaves the rest of /api to the platform API: problem+json there', async () => {
      const res = await fetch(`http://127.0.0.1:${port}/api/v2/events`);
      expect([res.status, res.headers.get('content-type'), res.headers.get('deprecation')]).toEqual([404, 'application/problem+json; charset=utf-8', null]);
    });
  });
});
