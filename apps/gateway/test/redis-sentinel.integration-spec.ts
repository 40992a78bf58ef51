import { randomUUID } from 'node:crypto';
import { createRedisConnection } from '@platform/redis';
import { eventually, startRedisSentinel, type RedisSentinelSet } from '@platform/testing';
import { type GatewayOnRedis, startGatewayOnRedis } from './support/gateway-on-redis';

/** How long the gateway may take to work again after its Redis master is killed (sentinels: 1 s down-after). */
const FAILOVER_BOUND_MS = 15_000;

/**
 * The gateway on Redis Sentinel (REDIS_SENTINELS, REDIS_SENTINEL_MASTER, both passwords), against
 * a master, a replica and three sentinels started by the test: its lockout, denylist and abuse
 * limits work on the master the sentinels name, and after the master is killed the gateway works
 * again on the promoted replica by itself, with the locks and revocations it had.
 */
describe('the gateway on Redis Sentinel', () => {
  let sentinel: RedisSentinelSet;
  let gw: GatewayOnRedis;

  beforeAll(async () => {
    sentinel = await startRedisSentinel();
    gw = await startGatewayOnRedis('gwsentinel', sentinel.env);
  });

  afterAll(async () => {
    await gw?.stop();
    await sentinel?.stop();
  });

  const lockOut = async (email: string) => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await gw.login(email, 'wrong password')).status);
    return statuses;
  };

  it('locks an account on the fifth failed sign-in', async () => {
    const { email, password } = gw.account();
    expect(await lockOut(email)).toEqual([401, 401, 401, 401, 401, 423]);
    expect((await gw.login(email, password)).status).toBe(423);
  });

  it('refuses the tokens of a revoked session, and only those', async () => {
    const session = randomUUID();
    const token = gw.token(session);
    expect((await gw.member(token)).status).toBe(200);
    await gw.revoke(randomUUID(), session);
    await eventually(async () => expect((await gw.member(token)).status).toBe(401));
    expect((await gw.member(gw.token())).status).toBe(200);
  });

  it('stops registrations from one address at their budget', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await gw.register('203.0.113.60')).status);
    expect(statuses.slice(0, 3)).not.toContain(429);
    expect(statuses[3]).toBe(429);
  });

  it('works again on the promoted replica after the master is killed, with the locks and revocations it had', async () => {
    const locked = gw.account();
    await lockOut(locked.email);
    const revokedSession = randomUUID();
    const revoked = gw.token(revokedSession);
    await gw.revoke(randomUUID(), revokedSession);
    await eventually(async () => expect((await gw.member(revoked)).status).toBe(401));
    await sentinel.replicated();

    const { email, password } = gw.account();
    const started = Date.now();
    const old = await sentinel.killMaster();
    // Meanwhile sign-in answers 503 DEPENDENCY_UNAVAILABLE (never a 500), until the gateway reaches the new master.
    const answers = new Set<string>();
    await eventually(
      async () => {
        const res = await gw.login(email, password);
        answers.add(res.status === 200 ? '200' : `${res.status} ${String(((await res.json()) as { code?: string }).code)}`);
        expect(res.status).toBe(200);
      },
      FAILOVER_BOUND_MS,
      100,
    );
    const recoveredMs = Date.now() - started;
    expect(recoveredMs).toBeLessThan(FAILOVER_BOUND_MS);
    expect([...answers].filter((answer) => answer !== '200')).toEqual(answers.size > 1 ? ['503 DEPENDENCY_UNAVAILABLE'] : []);
    expect((await sentinel.promoted(old, 1_000)).port).not.toBe(old.port);

    expect((await gw.login(locked.email, locked.password)).status).toBe(423);
    expect((await gw.member(revoked)).status).toBe(401);
    await eventually(async () => expect(await gw.ready()).toBe(200), FAILOVER_BOUND_MS);
    // A revocation recorded on the new master reaches the mirror, resubscribed there: the token stays
    // refused from memory after its key is deleted behind the gateway's back.
    const laterSession = randomUUID();
    const later = gw.token(laterSession);
    expect((await gw.member(later)).status).toBe(200);
    await gw.revoke(randomUUID(), laterSession);
    await eventually(async () => expect((await gw.member(later)).status).toBe(401));
    const redis = createRedisConnection(sentinel.topology);
    try {
      expect(await redis.del(`${gw.prefix}revoked:sid:${laterSession}`)).toBe(1);
    } finally {
      redis.disconnect();
    }
    expect((await gw.member(later)).status).toBe(401);
  });
});
