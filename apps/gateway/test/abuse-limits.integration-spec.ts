import { randomUUID } from 'node:crypto';
import { appTestEnv, createTestMessaging, createTestRedis, testLogger, testRedisUrl, testSigner } from '@platform/testing';
import { readGatewayConfig } from '../src/config';
import { type Gateway, createGateway } from '../src/gateway';
import { fixtureProtos } from './support/fixture-protos';
import { type IdentityStandIn, startIdentityStandIn } from './support/identity-stand-in';

/**
 * The abuse limits through a real gateway (real Redis, real HTTP), with the default budgets: an
 * address spraying one password over many emails is stopped after its failed-sign-in budget and
 * never locks an account; registrations stop at theirs. Clients are told apart by X-Forwarded-For,
 * which the gateway trusts from loopback only (GATEWAY_TRUST_PROXY's default).
 */
describe('abuse limits at the gateway', () => {
  const store = createTestRedis('limits');
  const messaging = createTestMessaging('limits');
  const ORG = randomUUID();
  let identity: IdentityStandIn;
  let gateway: Gateway;
  let base: string;

  beforeAll(async () => {
    await messaging.ensureStream();
    identity = await startIdentityStandIn(testSigner(), async () => undefined, 1);
    const config = readGatewayConfig({
      ...appTestEnv('gateway', { messaging, callees: { identity: identity.address } }),
      GATEWAY_HOST: '127.0.0.1',
      REDIS_URL: testRedisUrl(),
      REDIS_KEY_PREFIX: store.prefix,
      LIMIT_REGISTRATION_PER_IP: '5/3600',
    });
    gateway = createGateway(config, { protos: fixtureProtos(), logger: testLogger() });
    base = `http://127.0.0.1:${(await gateway.start()).port}`;
  });

  afterAll(async () => {
    await gateway?.stop();
    await identity?.stop();
    await store.cleanup();
    await messaging.cleanup();
  });

  const post = (path: string, body: object, ip: string) =>
    fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': ip }, body: JSON.stringify(body) });

  it('stops 100 failed sign-ins over different emails from one address after 30, and locks no account', async () => {
    const alice = {
      id: randomUUID(),
      email: `alice-${randomUUID()}@example.org`,
      password: 'correct horse battery',
      status: 'ACTIVE' as const,
      organizationId: ORG,
    };
    identity.accounts.set(alice.email, alice);
    const checksBefore = identity.passwordChecks();
    const statuses: number[] = [];
    for (let i = 0; i < 100; i++) {
      // Every tenth attempt aims at a real account: without the address limit it would be locked after five.
      const email = i % 10 === 0 ? alice.email : `nobody-${i}-${randomUUID()}@example.org`;
      statuses.push((await post('/api/auth/org/login', { email, password: 'Summer2026!' }, '203.0.113.7')).status);
    }
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(401));
    expect(statuses.slice(30)).toEqual(Array(70).fill(429));
    expect(identity.passwordChecks() - checksBefore).toBe(30);

    const refused = await post('/api/auth/org/login', { email: alice.email, password: alice.password }, '203.0.113.7');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(800);
    expect(await refused.json()).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    // Alice, from her own address, signs in: her account was never locked.
    expect((await post('/api/auth/org/login', { email: alice.email, password: alice.password }, '198.51.100.20')).status).toBe(200);
  });

  it('counts successes as free: a person signing in often from one address is never limited', async () => {
    const bob = {
      id: randomUUID(),
      email: `bob-${randomUUID()}@example.org`,
      password: 'correct horse battery',
      status: 'ACTIVE' as const,
      organizationId: ORG,
    };
    identity.accounts.set(bob.email, bob);
    for (let i = 0; i < 40; i++) expect((await post('/api/auth/org/login', { email: bob.email, password: bob.password }, '198.51.100.30')).status).toBe(200);
  });

  it('stops registrations from one address at their budget, with Retry-After, and not those of another address', async () => {
    const register = (ip: string) =>
      post('/api/auth/org/register', { email: `new-${randomUUID()}@example.org`, password: 'correct horse battery', firstName: 'New', lastName: 'Member' }, ip);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await register('203.0.113.50')).status);
    // The stand-in identity has no registration (501): what matters is that the sixth never reached it.
    expect(statuses.slice(0, 5).every((s) => s !== 429)).toBe(true);
    expect(statuses.slice(5)).toEqual([429, 429]);
    const refused = await register('203.0.113.50');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
    expect((await register('203.0.113.51')).status).not.toBe(429);
  });
});
