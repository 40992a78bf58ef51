import { randomUUID } from 'node:crypto';
import { Registry } from 'prom-client';
import { SUBJECTS } from '@platform/messaging';
import { identityEventsV1 } from '@platform/proto';
import { createRedisConnection, type RedisConnection } from '@platform/redis';
import { createTestMessaging, createTestRedis, eventually, startTcpProxy, testLogger, testRedisUrl, type TcpProxy } from '@platform/testing';
import { SessionDenylist } from '../src/auth/session-denylist';
import type { RunningSubscription } from '../src/messages/message-bus';
import { JetStreamMessageBus } from '../src/messages/jetstream-message-bus';
import { startSessionRevokedConsumer } from '../src/messages/session-revoked-consumer';

describe('session revocation', () => {
  const store = createTestRedis('denylist');
  const messaging = createTestMessaging('gwdeny');
  const now = Math.floor(Date.now() / 1000);
  const denylist = new SessionDenylist(store.redis, store.prefix, 3600, () => now);

  afterAll(async () => {
    await store.cleanup();
    await messaging.cleanup();
  });

  describe('the denylist', () => {
    it('refuses every token of a revoked session, and only those', async () => {
      const sid = randomUUID();
      await denylist.apply({ accountId: 'acc', sessionId: sid, revokedAt: now });
      expect(await denylist.isRevoked({ sub: 'acc', sid, iat: now + 10 })).toBe(true);
      expect(await denylist.isRevoked({ sub: 'acc', sid: randomUUID(), iat: now })).toBe(false);
      const ttl = await store.redis.ttl(`${store.prefix}revoked:sid:${sid}`);
      expect(ttl).toBeGreaterThan(3600);
      expect(ttl).toBeLessThanOrEqual(3660);
    });

    it('refuses an account’s tokens issued at or before the revocation, not later ones', async () => {
      const sub = randomUUID();
      await denylist.apply({ accountId: sub, sessionId: '', revokedAt: now - 100 });
      expect(await denylist.isRevoked({ sub, sid: 's', iat: now - 100 })).toBe(true);
      expect(await denylist.isRevoked({ sub, sid: 's', iat: now - 99 })).toBe(false);
    });

    it('never lets an older, redelivered revocation undo a newer one', async () => {
      const sub = randomUUID();
      await denylist.apply({ accountId: sub, sessionId: '', revokedAt: now });
      await denylist.apply({ accountId: sub, sessionId: '', revokedAt: now - 500 });
      expect(await store.redis.get(`${store.prefix}revoked:user:${sub}`)).toBe(String(now));
    });

    it('skips revocations whose tokens have all expired', async () => {
      const sid = randomUUID();
      await denylist.apply({ accountId: 'acc', sessionId: sid, revokedAt: now - 4000 });
      expect(await store.redis.exists(`${store.prefix}revoked:sid:${sid}`)).toBe(0);
    });
  });

  describe('the identity.session.revoked consumer', () => {
    const bus = new JetStreamMessageBus({
      url: messaging.env.NATS_URL,
      streamName: messaging.names.stream,
      subjectPrefix: messaging.names.subjectPrefix,
      logger: testLogger(),
    });
    let consumer: RunningSubscription;

    beforeAll(async () => {
      await bus.connect();
      consumer = await startSessionRevokedConsumer(bus, denylist, testLogger());
    });
    afterAll(async () => {
      await consumer.stop();
      await bus.close();
    });

    it('applies revocations published by identity to the denylist', async () => {
      const sid = randomUUID();
      const payload = identityEventsV1.SessionRevoked.encode({ accountId: 'acc', sessionId: sid, reason: 'LOGOUT', revokedAt: String(now) }).finish();
      await bus.publish(SUBJECTS.sessionRevoked, payload, randomUUID());
      await eventually(async () => expect(await denylist.isRevoked({ sub: 'acc', sid, iat: now })).toBe(true));
    });

    it('keeps consuming after an undecodable event', async () => {
      await bus.publish(SUBJECTS.sessionRevoked, new Uint8Array([0xff, 0xff, 0xff]), randomUUID());
      const sid = randomUUID();
      const payload = identityEventsV1.SessionRevoked.encode({ accountId: 'acc', sessionId: sid, reason: 'LOGOUT', revokedAt: String(now) }).finish();
      await bus.publish(SUBJECTS.sessionRevoked, payload, randomUUID());
      await eventually(async () => expect(await denylist.isRevoked({ sub: 'acc', sid, iat: now })).toBe(true));
    });
  });

  describe('a revocation during a Redis outage longer than the old retry budget', () => {
    // The old budget: 10 deliveries with delays from 1 s to 60 s (about 4 minutes), then the
    // revocation was dropped. Here the consumer retries every 50–200 ms, so a 3 s outage is some 20
    // deliveries, twice the old limit: the same test with the old policy loses the revocation.
    const outageMessaging = createTestMessaging('gwoutage');
    const metrics = new Registry();
    let proxy: TcpProxy;
    let redis: RedisConnection;
    let bus: JetStreamMessageBus;
    let consumer: RunningSubscription;

    beforeAll(async () => {
      proxy = await startTcpProxy(Number(new URL(testRedisUrl()).port || 6379), new URL(testRedisUrl()).hostname);
      redis = createRedisConnection({ mode: 'url', url: proxy.urlOf(testRedisUrl()) });
      await redis.connect();
      bus = new JetStreamMessageBus({
        url: outageMessaging.env.NATS_URL,
        streamName: outageMessaging.names.stream,
        subjectPrefix: outageMessaging.names.subjectPrefix,
        logger: testLogger(),
        metrics,
      });
      await bus.connect();
      consumer = await startSessionRevokedConsumer(bus, new SessionDenylist(redis, store.prefix, 3600, () => now), testLogger(), {
        retryDelay: { baseMs: 50, maxMs: 200 },
      });
    });
    afterAll(async () => {
      await consumer.stop();
      await bus.close();
      redis.disconnect();
      await proxy.close();
      await outageMessaging.cleanup();
    });

    const retried = async () => Number(/outcome="retried"} (\d+)/.exec(await metrics.getSingleMetricAsString('messaging_consumer_messages_total'))?.[1] ?? 0);

    it('applies it once Redis is back, and the token is refused; readiness is down meanwhile', async () => {
      await proxy.cut();
      const sid = randomUUID();
      const payload = identityEventsV1.SessionRevoked.encode({ accountId: 'acc-outage', sessionId: sid, reason: 'LOGOUT', revokedAt: String(now) }).finish();
      await bus.publish(SUBJECTS.sessionRevoked, payload, randomUUID());

      await eventually(async () => expect(await retried()).toBeGreaterThan(10), 20_000);
      expect(consumer.stalled()).toBe(true);
      expect(await denylist.isRevoked({ sub: 'acc-outage', sid, iat: now })).toBe(false);

      await proxy.restore();
      await eventually(async () => expect(await denylist.isRevoked({ sub: 'acc-outage', sid, iat: now })).toBe(true), 20_000);
      // The write lands before the handler returns and the consumer clears its stalled flag.
      await eventually(async () => expect(consumer.stalled()).toBe(false), 5_000);
    });
  });
});
