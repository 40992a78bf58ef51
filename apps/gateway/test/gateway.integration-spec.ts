import { randomUUID } from 'node:crypto';
import { type ServiceDefinition, loadPackageDefinition } from '@grpc/grpc-js';
import { connect } from '@nats-io/transport-node';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { eventsCommonV1, identityEventsV1 } from '@platform/proto';
import {
  appTestEnv,
  createTestMessaging,
  createTestRedis,
  eventually,
  fakeGrpcService,
  testLogger,
  testRedisUrl,
  testSigner,
  testTokens,
  type FakeGrpcService,
} from '@platform/testing';
import { readGatewayConfig } from '../src/config';
import { type Gateway, createGateway } from '../src/gateway';
import { fixtureProtos } from './support/fixture-protos';
import { type IdentityStandIn, startIdentityStandIn } from './support/identity-stand-in';

const signer = testSigner();
const tokens = testTokens(signer);

/** platform.fixture.v1.FixtureService: every RPC answers with its request (plus a name), so tests see what arrived. */
function startFixtureService(): Promise<FakeGrpcService> {
  const loaded = loadPackageDefinition(fixtureProtos().definition) as unknown as {
    platform: { fixture: { v1: { FixtureService: { service: ServiceDefinition } } } };
  };
  const definition = loaded.platform.fixture.v1.FixtureService.service;
  const echo = (request: object) => ({ ...request, name: 'Fixture', status: 'UP' });
  return fakeGrpcService(definition, Object.fromEntries(Object.keys(definition).map((method) => [method, echo])));
}

/**
 * The gateway end to end, in process: real HTTP (node fetch), real gRPC servers behind it (a fake
 * identity service that signs real tokens, and the test-only fixture service), real Redis and
 * real NATS JetStream.
 */
describe('the gateway, end to end', () => {
  const store = createTestRedis('gateway');
  const messaging = createTestMessaging('gateway');
  const ORG = randomUUID();
  let identity: IdentityStandIn;
  let fixture: FakeGrpcService;
  let gateway: Gateway;
  let base: string;
  let admin: string;

  const publishRevocation = async (accountId: string, sessionId: string) => {
    const nc = await connect({ servers: messaging.env.NATS_URL });
    try {
      const payload = identityEventsV1.SessionRevoked.encode({
        accountId,
        sessionId,
        reason: 'LOGOUT',
        revokedAt: String(Math.floor(Date.now() / 1000)),
      }).finish();
      await jetstream(nc).publish(messaging.names.subject('identity.session.revoked'), payload, { msgID: randomUUID() });
    } finally {
      await nc.close();
    }
  };

  beforeAll(async () => {
    await messaging.ensureStream();
    identity = await startIdentityStandIn(signer, publishRevocation);
    fixture = await startFixtureService();
    const config = readGatewayConfig({
      ...appTestEnv('gateway', { messaging, callees: { identity: identity.address } }),
      GATEWAY_HOST: '127.0.0.1',
      REDIS_URL: testRedisUrl(),
      REDIS_KEY_PREFIX: store.prefix,
      FIXTURE_GRPC_URL: fixture.address,
    });
    gateway = createGateway(config, { protos: fixtureProtos(), logger: testLogger() });
    const ports = await gateway.start();
    base = `http://127.0.0.1:${ports.port}`;
    admin = `http://127.0.0.1:${ports.adminPort}`;
  });

  afterAll(async () => {
    await gateway?.stop();
    await identity?.stop();
    await fixture?.stop();
    await store.cleanup();
    await messaging.cleanup();
  });

  const account = (status: 'ACTIVE' | 'SUSPENDED' = 'ACTIVE') => {
    const email = `member-${randomUUID()}@example.org`;
    const created = { id: randomUUID(), email, password: 'correct horse battery', status, organizationId: ORG };
    identity.accounts.set(email, created);
    return created;
  };

  const login = (email: string, password: string) =>
    fetch(`${base}/api/auth/org/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });

  const problemOf = async (res: Response) => {
    expect(res.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
    return (await res.json()) as Record<string, unknown>;
  };

  describe('login', () => {
    it('answers a token pair in the spec’s field names', async () => {
      const { email, password } = account();
      const res = await login(email, password);
      expect(res.status).toBe(200);
      const body = (await res.json()) as Record<string, unknown>;
      expect(Object.keys(body).sort()).toEqual(['accessToken', 'challengeToken', 'expiresIn', 'mfa_required', 'refreshToken', 'tokenType']);
      expect(body).toMatchObject({ tokenType: 'Bearer', expiresIn: 3600, mfa_required: false, challengeToken: null });
      expect(signer.verifyAccess(body['accessToken'] as string).email).toBe(email);
    });

    it('answers 401 for a wrong password, then 423 after five failed attempts, without checking the password', async () => {
      const { email, password } = account();
      const statuses = [];
      for (let i = 0; i < 5; i++) statuses.push((await login(email, 'wrong password')).status);
      expect(statuses).toEqual([401, 401, 401, 401, 401]);
      const checks = identity.passwordChecks();
      const locked = await login(email, password);
      expect(locked.status).toBe(423);
      expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(890);
      expect(await problemOf(locked)).toMatchObject({ status: 423, code: 'ACCOUNT_LOCKED', title: 'Locked' });
      expect((await login(email.toUpperCase(), 'wrong password')).status).toBe(423);
      expect(identity.passwordChecks()).toBe(checks);
    });

    it('publishes a LOGIN_LOCKED audit event and counts the lockout', async () => {
      const { email } = account();
      const nc = await connect({ servers: messaging.env.NATS_URL });
      try {
        for (let i = 0; i < 5; i++) await login(email, 'wrong password');
        const jsm = await jetstreamManager(nc);
        await eventually(async () => {
          const stored = await jsm.streams.getMessage(messaging.names.stream, { last_by_subj: messaging.names.subject('audit.recorded') });
          const event = eventsCommonV1.AuditRecorded.decode(stored!.data);
          expect(event).toMatchObject({ action: 'LOGIN_LOCKED', userEmail: email, ipAddress: '127.0.0.1' });
        });
      } finally {
        await nc.close();
      }
      const metrics = await (await fetch(`${admin}/metrics`)).text();
      expect(metrics).toMatch(/gateway_login_lockouts_total\{service="gateway"\} [1-9]/);
    });

    it('lets 30 concurrent wrong passwords check at most 5 times: at most five 401, the rest 423', async () => {
      const { email } = account();
      const checks = identity.passwordChecks();
      const statuses = await Promise.all(Array.from({ length: 30 }, () => login(email, 'wrong password').then((r) => r.status)));
      const count = (s: number) => statuses.filter((x) => x === s).length;
      expect(count(401)).toBeLessThanOrEqual(5);
      expect(count(401) + count(423)).toBe(30);
      expect(identity.passwordChecks() - checks).toBeLessThanOrEqual(5);
      expect((await login(email, 'wrong password')).status).toBe(423);
    });

    it('does not count a suspended account’s 403 as a failed attempt', async () => {
      const { email, password } = account('SUSPENDED');
      const statuses = [];
      for (let i = 0; i < 7; i++) statuses.push((await login(email, password)).status);
      expect(statuses).toEqual([403, 403, 403, 403, 403, 403, 403]);
    });

    it('clears the failures on a successful login', async () => {
      const { email, password } = account();
      for (let i = 0; i < 4; i++) await login(email, 'wrong password');
      expect((await login(email, password)).status).toBe(200);
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await login(email, 'wrong password')).status);
      expect(statuses).toEqual([401, 401, 401, 401]);
    });
  });

  describe('tokens and sessions', () => {
    it('refuses a revoked session once identity announces it', async () => {
      const { email, password } = account();
      const { accessToken } = (await (await login(email, password)).json()) as { accessToken: string };
      const auth = { authorization: `Bearer ${accessToken}` };
      expect((await fetch(`${base}/api/fixture/orgs/${ORG}`, { headers: auth })).status).toBe(200);
      const revoke = await fetch(`${base}/api/auth/tokens/revoke`, { method: 'POST', headers: auth });
      expect(revoke.status).toBe(204);
      await eventually(async () => {
        const res = await fetch(`${base}/api/fixture/orgs/${ORG}`, { headers: auth });
        expect(res.status).toBe(401);
        expect((await problemOf(res))['code']).toBe('SESSION_REVOKED');
      });
    });

    it('forwards the token, request id, client address and user agent to the service', async () => {
      const token = tokens.org(ORG, 'MEMBER');
      await fetch(`${base}/api/fixture/orgs/${ORG}`, {
        headers: { authorization: `Bearer ${token}`, 'x-request-id': 'e2e-req-1', 'user-agent': 'e2e-agent/1.0' },
      });
      const { metadata } = fixture.calls.at(-1)!;
      expect(metadata.get('authorization')).toEqual([`Bearer ${token}`]);
      expect(metadata.get('x-request-id')).toEqual(['e2e-req-1']);
      expect(metadata.get('x-forwarded-for')).toEqual(['127.0.0.1']);
      expect(metadata.get('x-client-user-agent')).toEqual(['e2e-agent/1.0']);
    });

    it('enforces each auth level', async () => {
      const get = (path: string, token?: string, method = 'GET') =>
        fetch(`${base}${path}`, { method, headers: token ? { authorization: `Bearer ${token}` } : {} }).then((r) => r.status);
      expect(await get('/api/fixture/orgs/health')).toBe(200);
      expect(await get(`/api/fixture/orgs/${ORG}`)).toBe(401);
      expect(await get(`/api/fixture/orgs/${ORG}`, tokens.org(randomUUID(), 'OWNER'))).toBe(403);
      expect(await get(`/api/fixture/orgs/${ORG}/members`, tokens.org(ORG, 'MEMBER'))).toBe(403);
      expect(await get(`/api/fixture/orgs/${ORG}/members`, tokens.org(ORG, 'ADMIN'))).toBe(200);
      expect(await get(`/api/fixture/orgs/${ORG}`, tokens.org(ORG, 'ADMIN'), 'DELETE')).toBe(403);
      expect(await get(`/api/fixture/orgs/${ORG}`, tokens.org(ORG, 'OWNER'), 'DELETE')).toBe(204);
      expect(await get('/api/fixture/orgs', tokens.org(ORG, 'OWNER'), 'POST')).toBe(403);
      expect(await get(`/api/fixture/orgs/${randomUUID()}/members`, tokens.system('PLATFORM_ADMIN'))).toBe(200);
    });
  });

  describe('bad input', () => {
    const token = () => tokens.org(ORG, 'ADMIN');
    const put = (body: string | Buffer, headers: Record<string, string> = {}) =>
      fetch(`${base}/api/fixture/orgs/${ORG}`, {
        method: 'PUT',
        body,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token()}`, ...headers },
      });

    it('answers malformed JSON with 400', async () => {
      const res = await put('{"name":');
      expect(res.status).toBe(400);
      expect(await problemOf(res)).toMatchObject({ code: 'MALFORMED_REQUEST', status: 400 });
    });

    it('answers wrong types, unknown enum values, bad UUIDs and long strings with 400 and the fields', async () => {
      const res = await put(JSON.stringify({ name: 'x'.repeat(101), maxMembers: '5', orgType: 'GUILD', memberIds: ['nope'] }));
      expect(res.status).toBe(400);
      const body = await problemOf(res);
      expect(body['errors']).toEqual([
        { field: 'name', message: 'must be at most 100 characters' },
        { field: 'maxMembers', message: 'must be an integer' },
        { field: 'orgType', message: 'must be one of ASSOCIATION, CLUB' },
        { field: 'memberIds[0]', message: 'must be a UUID' },
      ]);
      expect(body['requestId']).toBe(res.headers.get('x-request-id'));
    });

    it('answers a body over 1 MB with 413', async () => {
      const res = await put(JSON.stringify({ description: 'x'.repeat(1024 * 1024 + 10) }));
      expect(res.status).toBe(413);
      expect((await problemOf(res))['code']).toBe('PAYLOAD_TOO_LARGE');
    });

    it('answers bad login input with 400 before the lockout or the service sees it', async () => {
      const checks = identity.passwordChecks();
      const res = await fetch(`${base}/api/auth/org/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 42, password: ['x'] }),
      });
      expect(res.status).toBe(400);
      expect(identity.passwordChecks()).toBe(checks);
    });

    it('answers unknown routes with 404 and other methods with 405', async () => {
      const missing = await fetch(`${base}/api/does/not/exist`);
      expect(missing.status).toBe(404);
      expect((await problemOf(missing))['code']).toBe('ROUTE_NOT_FOUND');
      const wrong = await fetch(`${base}/api/auth/org/login`);
      expect(wrong.status).toBe(405);
      expect(wrong.headers.get('allow')).toBe('POST');
    });

    it('answers 503 for a service that is down', async () => {
      const res = await fetch(`${base}/api/orgs/health`);
      expect(res.status).toBe(503);
      expect((await problemOf(res))['code']).toBe('UNAVAILABLE');
    });
  });

  describe('operations', () => {
    it('serves liveness, readiness and metrics on the admin port', async () => {
      expect((await fetch(`${admin}/healthz`)).status).toBe(200);
      const ready = await fetch(`${admin}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({
        status: 'UP',
        checks: {
          redis: { status: 'UP', durationMs: expect.any(Number) },
          nats: { status: 'UP', durationMs: expect.any(Number) },
          'event-consumers': { status: 'UP', durationMs: expect.any(Number) },
        },
      });
      const metrics = await (await fetch(`${admin}/metrics`)).text();
      expect(metrics).toContain('gateway_http_request_duration_seconds_bucket');
      expect(metrics).toContain('route="POST /api/auth/org/login"');
      expect((await fetch(`${base}/metrics`)).status).toBe(404);
    });

    it('serves the OpenAPI document of every routed path and the docs page', async () => {
      const doc = (await (await fetch(`${base}/api/docs/openapi.json`)).json()) as { paths: Record<string, unknown> };
      // Path variables appear by their JSON names ({organizationId} for {organization_id}).
      const jsonNamed = (template: string) =>
        template.replace('{path=**}', '{path}').replace(/\{(\w+)\}/g, (_, v: string) => `{${v.replace(/_(\w)/g, (__, c: string) => c.toUpperCase())}}`);
      for (const route of gateway.routes.routes) expect(doc.paths[jsonNamed(route.template.source)]).toBeDefined();
      expect((await fetch(`${base}/api/docs`)).status).toBe(200);
    });
  });
});
