import { randomUUID } from 'node:crypto';
import { type ServiceDefinition, loadPackageDefinition } from '@grpc/grpc-js';
import {
  appTestEnv,
  createTestMessaging,
  createTestRedis,
  eventually,
  fakeGrpcService,
  startTcpProxy,
  testLogger,
  testRedisUrl,
  testSigner,
  testTokens,
  type FakeGrpcService,
  type TcpProxy,
} from '@platform/testing';
import { readGatewayConfig } from '../src/config';
import { type Gateway, createGateway } from '../src/gateway';
import { fixtureProtos } from './support/fixture-protos';
import { type IdentityStandIn, startIdentityStandIn } from './support/identity-stand-in';

const signer = testSigner();
const tokens = testTokens(signer);

/**
 * The gateway while its Redis is down: reached through a TCP relay the test cuts and restores (the
 * shared Redis stays up). Sign-in (the lockout) and every authenticated route (the session
 * denylist) need Redis and answer 503 DEPENDENCY_UNAVAILABLE with Retry-After; public routes do not.
 */
describe('the gateway while Redis is down', () => {
  const store = createTestRedis('gwredisdown');
  const messaging = createTestMessaging('gwredisdown');
  const ORG = randomUUID();
  let redis: TcpProxy;
  let identity: IdentityStandIn;
  let fixture: FakeGrpcService;
  let gateway: Gateway;
  let base: string;
  let admin: string;

  beforeAll(async () => {
    await messaging.ensureStream();
    redis = await startTcpProxy(Number(new URL(testRedisUrl()).port || 6379), new URL(testRedisUrl()).hostname);
    identity = await startIdentityStandIn(signer, async () => undefined);
    const loaded = loadPackageDefinition(fixtureProtos().definition) as unknown as {
      platform: { fixture: { v1: { FixtureService: { service: ServiceDefinition } } } };
    };
    const definition = loaded.platform.fixture.v1.FixtureService.service;
    fixture = await fakeGrpcService(
      definition,
      Object.fromEntries(Object.keys(definition).map((method) => [method, () => ({ name: 'Fixture', status: 'UP' })])),
    );
    const config = readGatewayConfig({
      ...appTestEnv('gateway', { messaging, callees: { identity: identity.address } }),
      GATEWAY_HOST: '127.0.0.1',
      REDIS_URL: redis.urlOf(testRedisUrl()),
      REDIS_KEY_PREFIX: store.prefix,
      FIXTURE_GRPC_URL: fixture.address,
    });
    gateway = createGateway(config, { protos: fixtureProtos(), logger: testLogger() });
    const ports = await gateway.start();
    base = `http://127.0.0.1:${ports.port}`;
    admin = `http://127.0.0.1:${ports.adminPort}`;
  });

  afterAll(async () => {
    await redis?.restore();
    await gateway?.stop();
    await identity?.stop();
    await fixture?.stop();
    await redis?.close();
    await store.cleanup();
    await messaging.cleanup();
  });

  const account = () => {
    const email = `member-${randomUUID()}@example.org`;
    const created = { id: randomUUID(), email, password: 'correct horse battery', status: 'ACTIVE' as const, organizationId: ORG };
    identity.accounts.set(email, created);
    return created;
  };
  const login = (email: string, password: string) =>
    fetch(`${base}/api/auth/org/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  const member = () => fetch(`${base}/api/fixture/orgs/${ORG}`, { headers: { authorization: `Bearer ${tokens.org(ORG, 'MEMBER')}` } });
  const ready = async () => (await fetch(`${admin}/readyz`)).status;

  /** What a client sees: the status, the wait and the problem's type, code and detail. */
  const seen = async (res: Response) => {
    const body = (await res.json()) as Record<string, unknown>;
    return {
      status: res.status,
      contentType: res.headers.get('content-type'),
      retryAfter: res.headers.get('retry-after'),
      type: body['type'],
      code: body['code'],
      detail: body['detail'],
    };
  };

  it('answers sign-in and authenticated routes 503 with Retry-After while Redis is cut, public routes normally, and recovers by itself', async () => {
    const { email, password } = account();
    expect((await login(email, password)).status).toBe(200);
    expect((await member()).status).toBe(200);
    const checksBefore = identity.passwordChecks();

    await redis.cut();
    const outage = {
      status: 503,
      contentType: 'application/problem+json; charset=utf-8',
      retryAfter: '5',
      type: '/api/docs#problem-dependency-unavailable',
      code: 'DEPENDENCY_UNAVAILABLE',
    };
    expect(await seen(await login(email, password))).toEqual({ ...outage, detail: 'Sign-in is unavailable right now. Try again shortly.' });
    // The password was never checked: the lockout could not count the attempt.
    expect(identity.passwordChecks()).toBe(checksBefore);
    expect(await seen(await member())).toEqual({ ...outage, detail: 'Sessions cannot be checked right now. Try again shortly.' });
    expect((await fetch(`${base}/api/fixture/orgs/health`)).status).toBe(200);
    await eventually(async () => expect(await ready()).toBe(503));

    await redis.restore();
    await eventually(async () => expect((await login(email, password)).status).toBe(200), 15_000);
    expect((await member()).status).toBe(200);
    await eventually(async () => expect(await ready()).toBe(200), 15_000);
  });
});
