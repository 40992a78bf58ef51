import { startTcpProxy, testDatabaseUrl, testRedisUrl, type TcpProxy } from '@platform/testing';
import { ADMIN, http, startPlatform, type Platform } from './platform';

/** A TCP relay to the server a URL names (the shared servers stay up: only the relay is cut). */
const relayTo = (url: string, defaultPort: number): Promise<TcpProxy> => startTcpProxy(Number(new URL(url).port || defaultPort), new URL(url).hostname);

/**
 * Infrastructure outages as a client sees them: identity's PostgreSQL and the gateway's Redis are
 * reached through relays the test cuts and restores. Every answer meanwhile is a documented 503
 * problem (Prism checks it against the OpenAPI document), never a 500, and the platform serves
 * again once the dependency is back, without a restart.
 */
describe('outages of PostgreSQL and Redis through the gateway', () => {
  let database: TcpProxy;
  let redis: TcpProxy;
  let platform: Platform;
  let api: ReturnType<typeof http>;

  beforeAll(async () => {
    database = await relayTo(testDatabaseUrl(), 5432);
    redis = await relayTo(testRedisUrl(), 6379);
    platform = await startPlatform('outages', {
      appEnv: { identity: { DATABASE_URL: database.urlOf(testDatabaseUrl()) }, gateway: { REDIS_URL: redis.urlOf(testRedisUrl()) } },
    });
    api = http(platform.baseUrl);
  });
  afterAll(async () => {
    await database?.restore();
    await redis?.restore();
    await platform?.stop();
    await database?.close();
    await redis?.close();
  });

  const login = () => api.post('/api/auth/system/login', ADMIN);
  const identityReady = async () => (await fetch(`http://127.0.0.1:${platform.ports['identity']?.admin}/readyz`)).status;
  /** Polls until `check` passes (transport reconnections take a moment), for at most 20 s. */
  const soon = async (check: () => Promise<void>) => {
    for (let waited = 0; ; waited += 250) {
      try {
        return await check();
      } catch (err) {
        if (waited >= 20_000) throw err;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  };
  const DEPENDENCY_UNAVAILABLE = { status: 503, type: '/api/docs#problem-dependency-unavailable', code: 'DEPENDENCY_UNAVAILABLE' };

  it("answers 503 DEPENDENCY_UNAVAILABLE with Retry-After while identity's database is cut, and signs in again once it is back", async () => {
    const { body: session } = await login();
    const me = () => api.get('/api/auth/me', session.accessToken);
    expect((await me()).status).toBe(200);

    await database.cut();
    for (const res of [await login(), await me()]) {
      expect(res.status).toBe(503);
      expect(res.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
      expect(res.headers.get('retry-after')).toBe('5');
      expect(res.body).toMatchObject({ ...DEPENDENCY_UNAVAILABLE, detail: 'The database this operation needs is unavailable right now. Try again shortly.' });
    }
    await soon(async () => expect(await identityReady()).toBe(503));

    await database.restore();
    expect((await login()).status).toBe(200);
    expect((await me()).status).toBe(200);
    await soon(async () => expect(await identityReady()).toBe(200));
  });

  it("answers sign-in 503 DEPENDENCY_UNAVAILABLE with Retry-After while the gateway's Redis is cut, and again 200 once it is back", async () => {
    await redis.cut();
    const refused = await login();
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(refused.body).toMatchObject({ ...DEPENDENCY_UNAVAILABLE, detail: 'Sign-in is unavailable right now. Try again shortly.' });

    await redis.restore();
    await soon(async () => expect((await login()).status).toBe(200));
  });
});
