import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { appTestEnv, createTestMessaging, createTestRedis, testLogger, testRedisUrl, testSigner } from '@platform/testing';
import { readGatewayConfig } from '../src/config';
import { createGateway } from '../src/gateway';
import { startIdentityStandIn } from './support/identity-stand-in';

describe('graceful shutdown', () => {
  const store = createTestRedis('shutdown');
  const messaging = createTestMessaging('gwstop');

  afterAll(async () => {
    await store.cleanup();
    await messaging.cleanup();
  });

  it('finishes requests in flight, then refuses new connections and reports not ready', async () => {
    const identity = await startIdentityStandIn(testSigner(), async () => undefined, 400);
    const gateway = createGateway(
      readGatewayConfig({
        ...appTestEnv('gateway', { messaging, callees: { identity: identity.address } }),
        GATEWAY_HOST: '127.0.0.1',
        REDIS_URL: testRedisUrl(),
        REDIS_KEY_PREFIX: store.prefix,
      }),
      { logger: testLogger() },
    );
    const { port, adminPort } = await gateway.start();
    const email = `stop-${randomUUID()}@example.org`;
    identity.accounts.set(email, { id: randomUUID(), email, password: 'pw-123456789', status: 'ACTIVE', organizationId: randomUUID() });

    const inFlight = fetch(`http://127.0.0.1:${port}/api/auth/org/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'pw-123456789' }),
    });
    await new Promise((r) => setTimeout(r, 100));
    const stopped = gateway.stop();
    const ready = await fetch(`http://127.0.0.1:${adminPort}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'DRAINING', checks: {} });
    expect((await inFlight).status).toBe(200);
    await stopped;
    await expect(fetch(`http://127.0.0.1:${port}/api/auth/health`)).rejects.toThrow();
    await identity.stop();
  });

  it('ends keep-alive connections with its answers once draining, so clients move to a ready replica', async () => {
    const identity = await startIdentityStandIn(testSigner(), async () => undefined);
    const gateway = createGateway(
      readGatewayConfig({
        ...appTestEnv('gateway', { messaging, callees: { identity: identity.address } }),
        GATEWAY_HOST: '127.0.0.1',
        GATEWAY_DRAIN_DELAY_MS: '1000',
        REDIS_URL: testRedisUrl(),
        REDIS_KEY_PREFIX: store.prefix,
      }),
      { logger: testLogger() },
    );
    const { port } = await gateway.start();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const connectionHeader = () =>
      new Promise<string | undefined>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, path: '/api/auth/health', agent }, (res) => {
            res.resume();
            res.on('end', () => resolve(res.headers.connection));
          })
          .on('error', reject);
      });
    expect(await connectionHeader()).toBe('keep-alive');
    const stopped = gateway.stop();
    expect(await connectionHeader()).toBe('close'); // during the drain delay: still answered, connection ended
    await stopped;
    agent.destroy();
    await identity.stop();
  });
});
