import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { RevocationMirror } from '../src/auth/revocation-mirror';
import { SessionDenylist } from '../src/auth/session-denylist';
import { createTestRedis, eventually, testLogger, testRedisUrl } from '@platform/testing';

describe('the in-memory denylist mirror', () => {
  const store = createTestRedis('mirror');
  const now = Math.floor(Date.now() / 1000);
  const denylist = new SessionDenylist(store.redis, store.prefix, 3600, () => now);
  const mirrors: RevocationMirror[] = [];

  const startMirror = async (options: { maxEntries?: number; connectionName?: string; resyncEveryMs?: number } = {}) => {
    const subscriber = store.redis.duplicate({ connectionName: options.connectionName ?? 'mirror-test' });
    const mirror = new RevocationMirror(subscriber, store.redis, store.prefix, testLogger(), {
      retryMs: 200,
      maxEntries: options.maxEntries,
      resyncEveryMs: options.resyncEveryMs,
    });
    mirrors.push(mirror);
    await mirror.start();
    return mirror;
  };
  const token = (sid = randomUUID(), sub = randomUUID(), iat = now) => ({ sid, sub, iat });

  afterEach(async () => {
    await Promise.all(mirrors.splice(0).map((m) => m.stop()));
  });
  afterAll(async () => store.cleanup());

  it('loads the revocations recorded before it started', async () => {
    const revokedSession = token();
    const revokedAccount = token();
    await denylist.apply({ accountId: revokedSession.sub, sessionId: revokedSession.sid, revokedAt: now });
    await denylist.apply({ accountId: revokedAccount.sub, sessionId: '', revokedAt: now });

    const mirror = await startMirror();

    expect(mirror.isLive).toBe(true);
    expect(mirror.lookup(revokedSession)).toBe(true);
    expect(mirror.lookup(revokedAccount)).toBe(true);
    expect(mirror.lookup({ ...revokedAccount, iat: now + 1 })).toBe(false);
    expect(mirror.lookup(token())).toBe(false);
  });

  it('learns every revocation recorded afterwards, from any replica', async () => {
    const mirror = await startMirror();
    const other = await startMirror();
    const session = token();
    const account = token();

    await denylist.apply({ accountId: session.sub, sessionId: session.sid, revokedAt: now });
    await denylist.apply({ accountId: account.sub, sessionId: '', revokedAt: now - 10 });

    for (const m of [mirror, other]) {
      await eventually(() => expect(m.lookup(session)).toBe(true));
      await eventually(() => expect(m.lookup({ ...account, iat: now - 10 })).toBe(true));
      expect(m.lookup({ ...account, iat: now - 9 })).toBe(false);
    }
  });

  it('answers the denylist’s checks from memory while live', async () => {
    const mirror = await startMirror();
    const session = token();
    await denylist.apply({ accountId: session.sub, sessionId: session.sid, revokedAt: now });
    await eventually(() => expect(mirror.lookup(session)).toBe(true));

    // A denylist whose Redis refuses every command: only the mirror can answer.
    const unreachable = new Redis(testRedisUrl(), { lazyConnect: true, enableOfflineQueue: false });
    const checker = new SessionDenylist(unreachable, store.prefix, 3600, () => now);
    await expect(checker.isRevoked(session)).rejects.toThrow();
    checker.useMirror(mirror);
    expect(await checker.isRevoked(session)).toBe(true);
    expect(await checker.isRevoked(token())).toBe(false);
    unreachable.disconnect();
  });

  it('hands checks back to Redis when its connection is cut, and reloads on reconnection', async () => {
    const name = `mirror-cut-${randomUUID().slice(0, 8)}`;
    const mirror = await startMirror({ connectionName: name });
    // Recorded without a notice: only a reload can bring it into the mirror.
    const session = token();
    await store.redis.set(`${store.prefix}revoked:sid:${session.sid}`, String(now), 'EX', 600);
    expect(mirror.lookup(session)).toBe(false);

    const lines = ((await store.redis.client('LIST')) as string).split('\n').filter((line) => line.includes(` name=${name} `));
    expect(lines).toHaveLength(1);
    await store.redis.client('KILL', 'ID', /\bid=(\d+)/.exec(lines[0]!)![1]!);

    await eventually(() => expect(mirror.lookup(session)).toBe(true));
    expect(mirror.isLive).toBe(true);
  });

  it('picks up, by its periodic reload, a record written without a notice (an older replica mid-upgrade)', async () => {
    const mirror = await startMirror({ resyncEveryMs: 300 });
    const session = token();
    await store.redis.set(`${store.prefix}revoked:sid:${session.sid}`, String(now), 'EX', 600);
    expect(mirror.lookup(session)).toBe(false);
    await eventually(() => expect(mirror.lookup(session)).toBe(true));
  });

  it('stands down when the denylist outgrows it, and checks read Redis', async () => {
    for (let i = 0; i < 4; i++) await denylist.apply({ accountId: randomUUID(), sessionId: randomUUID(), revokedAt: now });
    const mirror = await startMirror({ maxEntries: 3 });
    expect(mirror.isLive).toBe(false);
    expect(mirror.lookup(token())).toBeUndefined();
    const checker = new SessionDenylist(store.redis, store.prefix, 3600, () => now);
    checker.useMirror(mirror);
    const session = token();
    await denylist.apply({ accountId: session.sub, sessionId: session.sid, revokedAt: now });
    expect(await checker.isRevoked(session)).toBe(true);
  });

  it('forgets records once they expire', async () => {
    let clock = Date.now();
    const mirror = new RevocationMirror(store.redis.duplicate(), store.redis, store.prefix, testLogger(), { now: () => clock });
    mirrors.push(mirror);
    await mirror.start();
    const session = token();
    await denylist.apply({ accountId: session.sub, sessionId: session.sid, revokedAt: now });
    await eventually(() => expect(mirror.lookup(session)).toBe(true));
    clock += 3_700_000; // past the record's lifetime (one hour of tokens plus the skew margin)
    expect(mirror.lookup(session)).toBe(false);
  });
});
