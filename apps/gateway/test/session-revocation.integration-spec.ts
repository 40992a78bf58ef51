import { randomUUID } from 'node:crypto';
import { SUBJECTS } from '@platform/messaging';
import { identityEventsV1 } from '@platform/proto';
import { createTestMessaging, createTestRedis, eventually, testLogger } from '@platform/testing';
import { SessionDenylist } from '../src/auth/session-denylist';
import type { RunningSubscription } from '../src/events/event-bus';
import { JetStreamEventBus } from '../src/events/jetstream-event-bus';
import { startSessionRevokedConsumer } from '../src/events/session-revoked-consumer';

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
    const bus = new JetStreamEventBus({
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
});
