import { randomUUID } from 'node:crypto';
import { createTestMessaging } from '@platform/testing';
import { readGatewayConfig } from '../src/config';
import { createGateway } from '../src/gateway';
import { startFakeIdentity } from './support/fake-identity';
import { testLogger } from './support/logger';
import { TEST_REDIS_URL, testRedis } from './support/redis';
import { TEST_ISSUER, TEST_SECRET, signer } from './support/tokens';

describe('graceful shutdown', () => {
  const store = testRedis('shutdown');
  const messaging = createTestMessaging('gwstop');

  afterAll(async () => {
    await store.cleanup();
    await messaging.cleanup();
  });

  it('finishes requests in flight, then refuses new connections and reports not ready', async () => {
    const identity = await startFakeIdentity(signer, async () => undefined, 400);
    const gateway = createGateway(
      readGatewayConfig({
        NODE_ENV: 'test',
        GATEWAY_HOST: '127.0.0.1',
        GATEWAY_PORT: '0',
        GATEWAY_ADMIN_PORT: '0',
        REDIS_URL: TEST_REDIS_URL,
        REDIS_KEY_PREFIX: store.prefix,
        ...messaging.env,
        JWT_SECRET: TEST_SECRET,
        JWT_ISSUER: TEST_ISSUER,
        IDENTITY_GRPC_URL: identity.address,
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
    expect((await fetch(`http://127.0.0.1:${adminPort}/readyz`)).status).toBe(503);
    expect((await inFlight).status).toBe(200);
    await stopped;
    await expect(fetch(`http://127.0.0.1:${port}/api/auth/health`)).rejects.toThrow();
    await identity.stop();
  });
});
