import { randomUUID } from 'node:crypto';
import { lockoutKeys } from '@platform/auth';
import { createRedisConnection, redisPrimaries, type RedisConnection } from '@platform/redis';
import { eventually, startRedisCluster, type RedisClusterSet } from '@platform/testing';
import { SessionDenylist } from '../src/auth/session-denylist';
import { type GatewayOnRedis, redisPrefix, startGatewayOnRedis } from './support/gateway-on-redis';

/**
 * The gateway on a Redis Cluster (REDIS_CLUSTER_NODES, REDIS_PASSWORD) of three masters started by
 * the test: the lockout scripts run on the node of their account (both keys share a hash tag), the
 * denylist's mirror loads the revocations of every master and hears those recorded on any, and the
 * abuse limits count on the node of each budget.
 */
describe('the gateway on a Redis Cluster', () => {
  let cluster: RedisClusterSet;
  let redis: RedisConnection;
  let gw: GatewayOnRedis;
  /** Sessions revoked before the gateway started: its mirror loads them at start. */
  const revokedBefore = Array.from({ length: 24 }, () => randomUUID());

  beforeAll(async () => {
    cluster = await startRedisCluster();
    redis = createRedisConnection(cluster.topology);
    await redis.connect();
    const prefix = redisPrefix('gwcluster');
    const denylist = new SessionDenylist(redis, prefix);
    for (const session of revokedBefore) await denylist.apply({ accountId: randomUUID(), sessionId: session, revokedAt: 0 });
    gw = await startGatewayOnRedis('gwcluster', cluster.env, prefix);
  });

  afterAll(async () => {
    await gw?.stop();
    await redis?.quit();
    await cluster?.stop();
  });

  const keysPerMaster = async (pattern: string) =>
    Promise.all(redisPrimaries(redis).map(async (node) => (await node.scan('0', 'MATCH', pattern, 'COUNT', 10_000))[1]));

  it('locks an account on the fifth failed sign-in, its two keys in one hash slot', async () => {
    const { email, password } = gw.account();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await gw.login(email, 'wrong password')).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 423]);
    expect((await gw.login(email, password)).status).toBe(423);
    const [counter, inFlight] = lockoutKeys(gw.prefix, email);
    expect(await redis.cluster('KEYSLOT', counter)).toBe(await redis.cluster('KEYSLOT', inFlight));
  });

  it('bounds 20 concurrent wrong passwords to five checks (the reservation script)', async () => {
    const { email } = gw.account();
    const statuses = await Promise.all(Array.from({ length: 20 }, async () => (await gw.login(email, 'wrong password')).status));
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s !== 401 && s !== 423)).toEqual([]);
    expect((await gw.login(email, 'wrong password')).status).toBe(423);
  });

  it('loads into its mirror the revocations of every master, and refuses their tokens from memory', async () => {
    // Recorded on several masters (their keys hash to slots all over the cluster).
    const perMaster = await keysPerMaster(`${gw.prefix}revoked:*`);
    expect(perMaster.filter((keys) => keys.length > 0).length).toBeGreaterThan(1);
    // Deleted behind the gateway's back (no notice): only a live, complete mirror still refuses them all.
    await Promise.all(perMaster.flat().map((key) => redis.del(key)));
    const statuses = await Promise.all(revokedBefore.map(async (session) => (await gw.member(gw.token(session))).status));
    expect(statuses).toEqual(revokedBefore.map(() => 401));
    expect((await gw.member(gw.token())).status).toBe(200);
  });

  it('refuses the tokens of a session revoked while it runs (the script publishes the notice through the cluster)', async () => {
    const sessions = Array.from({ length: 6 }, () => randomUUID());
    for (const session of sessions) expect((await gw.member(gw.token(session))).status).toBe(200);
    for (const session of sessions) await gw.revoke(randomUUID(), session);
    await eventually(async () => {
      const statuses = await Promise.all(sessions.map(async (session) => (await gw.member(gw.token(session))).status));
      expect(statuses).toEqual(sessions.map(() => 401));
    });
  });

  it('stops registrations from one address at their budget', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await gw.register('203.0.113.70')).status);
    expect(statuses.slice(0, 3)).not.toContain(429);
    expect(statuses[3]).toBe(429);
    expect((await gw.register('203.0.113.71')).status).not.toBe(429);
  });
});
