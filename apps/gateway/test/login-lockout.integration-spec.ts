import { randomUUID } from 'node:crypto';
import { createTestRedis } from '@platform/testing';
import { type AttemptOutcome, LoginLockout, type Reservation } from '../src/lockout/login-lockout';

/** The lockout scripts against the real Redis, with a clock the test moves. */
describe('login lockout in Redis', () => {
  const store = createTestRedis('lockout');
  let now = Date.UTC(2030, 0, 1);
  const lockout = new LoginLockout(store.redis, {
    prefix: store.prefix,
    maxFailedAttempts: 5,
    lockoutSeconds: 900,
    reservationMs: 15_000,
    now: () => now,
  });
  const email = () => `user-${randomUUID()}@example.org`;

  afterAll(() => store.cleanup());

  async function attempt(account: string, outcome: AttemptOutcome) {
    const reserved = await lockout.reserve(account);
    if (!reserved.allowed) return reserved;
    return { allowed: true as const, settled: await lockout.settle(reserved.reservation, outcome) };
  }

  async function fail(account: string, times: number) {
    const results = [];
    for (let i = 0; i < times; i++) results.push(await attempt(account, 'failure'));
    return results;
  }

  it('locks on the fifth failure, for LOGIN_LOCKOUT_SECONDS from that moment', async () => {
    const account = email();
    const results = await fail(account, 5);
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, true, true]);
    expect(results.slice(0, 4).every((r) => 'settled' in r && !r.settled.lockedNow)).toBe(true);
    expect(results[4]).toEqual({ allowed: true, settled: { lockedNow: true, lockedUntil: new Date(now + 900_000) } });
    expect(await lockout.reserve(account)).toEqual({ allowed: false, reason: 'locked', retryAfterSeconds: 900 });
    now += 600_000;
    expect(await lockout.reserve(account)).toEqual({ allowed: false, reason: 'locked', retryAfterSeconds: 300 });
  });

  it('starts the counter again when the lock has run out', async () => {
    const account = email();
    await fail(account, 5);
    now += 900_000;
    const after = await fail(account, 4);
    expect(after.every((r) => r.allowed && 'settled' in r && !r.settled.lockedNow)).toBe(true);
    const fifth = await attempt(account, 'failure');
    expect('settled' in fifth && fifth.settled.lockedNow).toBe(true);
  });

  it('is keyed by the email, whatever its case and surrounding spaces', async () => {
    const account = email();
    await fail(account.toUpperCase(), 5);
    expect((await lockout.reserve(` ${account} `)).allowed).toBe(false);
  });

  it('clears the failures on a success', async () => {
    const account = email();
    await fail(account, 4);
    await attempt(account, 'success');
    const next = await fail(account, 4);
    expect(next.every((r) => r.allowed && 'settled' in r && !r.settled.lockedNow)).toBe(true);
  });

  it('forgets failures after a whole window without one', async () => {
    const account = email();
    await fail(account, 4);
    now += 899_000;
    await fail(account, 0);
    expect((await lockout.reserve(account)).allowed).toBe(true); // still counted: 4 failures, window not over
    now += 900_000;
    const next = await fail(account, 4);
    expect(next.every((r) => 'settled' in r && !r.settled.lockedNow)).toBe(true);
  });

  it('does not count neutral outcomes (a suspended account, a bad request, a service error)', async () => {
    const account = email();
    for (let i = 0; i < 10; i++) await attempt(account, 'neutral');
    await fail(account, 4);
    expect((await lockout.reserve(account)).allowed).toBe(true);
  });

  it('lets at most 5 of 30 concurrent attempts check a password', async () => {
    const account = email();
    const reserved = await Promise.all(Array.from({ length: 30 }, () => lockout.reserve(account)));
    const allowed = reserved.filter((r): r is { allowed: true; reservation: Reservation } => r.allowed);
    expect(allowed).toHaveLength(5);
    expect(reserved.filter((r) => !r.allowed).every((r) => !r.allowed && r.reason === 'busy')).toBe(true);
    const settled = await Promise.all(allowed.map((r) => lockout.settle(r.reservation, 'failure')));
    expect(settled.filter((s) => s.lockedNow)).toHaveLength(1);
    expect(await lockout.reserve(account)).toMatchObject({ allowed: false, reason: 'locked' });
  });

  it('frees the slot of an attempt that succeeds while others are in flight', async () => {
    const account = email();
    await fail(account, 3);
    const first = await lockout.reserve(account);
    const second = await lockout.reserve(account);
    expect([first.allowed, second.allowed]).toEqual([true, true]);
    expect((await lockout.reserve(account)).allowed).toBe(false); // 3 failures + 2 in flight
    if (first.allowed) await lockout.settle(first.reservation, 'success');
    expect((await lockout.reserve(account)).allowed).toBe(true);
  });

  it('lets a reservation lapse when its attempt never settles (a crashed gateway)', async () => {
    const account = email();
    await fail(account, 4);
    expect((await lockout.reserve(account)).allowed).toBe(true); // never settled
    expect((await lockout.reserve(account)).allowed).toBe(false);
    now += 15_001;
    expect((await lockout.reserve(account)).allowed).toBe(true);
  });

  it('keeps no email in Redis and expires its keys', async () => {
    const account = email();
    await fail(account, 2);
    const keys = await store.redis.keys(`${store.prefix}lockout:*`);
    expect(keys.some((k) => k.includes('@'))).toBe(false);
    const ttls = await Promise.all(keys.map((k) => store.redis.pttl(k)));
    expect(ttls.every((t) => t > 0)).toBe(true);
  });
});
