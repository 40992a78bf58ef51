import { SessionStore, type KeyValueStorage, type TokenPair } from './session-store';

/** An unsigned JWT with the given claims (the app reads them without verifying: the gateway does). */
function jwt(claims: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}.signature`;
}

const HOUR = 3600;
const now = () => Math.floor(Date.now() / 1000);
const pair = (sub: string, exp = now() + HOUR, refreshToken = `refresh-${sub}`): TokenPair => ({
  accessToken: jwt({ sub, exp, userType: 'ORGANIZATION', email: `${sub}@example.org`, organizationId: 'org-1' }),
  refreshToken,
});

class MapStorage implements KeyValueStorage {
  readonly map = new Map<string, string>();
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.map.set(key, value);
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
}

describe('SessionStore', () => {
  it('keeps a signed-in pair in storage and reads it back on the next visit', () => {
    const storage = new MapStorage();
    const first = new SessionStore(storage, jest.fn());
    const listener = jest.fn();
    first.subscribe(listener);
    const session = first.signIn(pair('ann'));
    expect(session.claims).toMatchObject({ sub: 'ann', email: 'ann@example.org', userType: 'ORGANIZATION', organizationId: 'org-1' });
    expect(listener).toHaveBeenCalledTimes(1);

    const again = new SessionStore(storage, jest.fn());
    expect(again.session?.claims.sub).toBe('ann');
    expect(again.session?.refreshToken).toBe('refresh-ann');
  });

  it('signs out: storage emptied, listeners told, no session', () => {
    const storage = new MapStorage();
    const store = new SessionStore(storage, jest.fn());
    store.signIn(pair('ann'));
    const listener = jest.fn();
    const unsubscribe = store.subscribe(listener);
    store.signOut();
    expect(store.session).toBeUndefined();
    expect(storage.map.has('platform.session')).toBe(false);
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    store.signIn(pair('bob'));
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('ignores stored garbage and an unreadable token, and forgets them', () => {
    const storage = new MapStorage();
    storage.setItem('platform.session', '{not json');
    expect(new SessionStore(storage, jest.fn()).session).toBeUndefined();
    expect(storage.map.has('platform.session')).toBe(false);
    storage.setItem('platform.session', JSON.stringify({ accessToken: 'not.a-jwt', refreshToken: 'r' }));
    expect(new SessionStore(storage, jest.fn()).session).toBeUndefined();
    expect(storage.map.has('platform.session')).toBe(false);
  });

  it('refuses to sign in with a token it cannot read', () => {
    const store = new SessionStore(new MapStorage(), jest.fn());
    expect(() => store.signIn({ accessToken: 'nope', refreshToken: 'r' })).toThrow(/cannot read/);
    expect(store.session).toBeUndefined();
  });

  it('refreshes once for every caller waiting at the same time, then stores the new pair', async () => {
    const storage = new MapStorage();
    let answer!: (value: TokenPair) => void;
    const exchange = jest.fn(() => new Promise<TokenPair>((resolve) => (answer = resolve)));
    const store = new SessionStore(storage, exchange);
    store.signIn(pair('ann'));
    const waiting = [store.refresh(), store.refresh(), store.refresh()];
    answer(pair('ann', now() + 2 * HOUR, 'refresh-2'));
    expect(await Promise.all(waiting)).toEqual([true, true, true]);
    expect(exchange).toHaveBeenCalledTimes(1);
    expect(exchange).toHaveBeenCalledWith('refresh-ann');
    expect(store.session?.refreshToken).toBe('refresh-2');
    expect(JSON.parse(storage.getItem('platform.session')!).refreshToken).toBe('refresh-2');
    // A later refresh is a new exchange, with the rotated token.
    exchange.mockResolvedValueOnce(pair('ann', now() + 3 * HOUR, 'refresh-3'));
    expect(await store.refresh()).toBe(true);
    expect(exchange).toHaveBeenLastCalledWith('refresh-2');
  });

  it('signs out when the refresh token is spent (the exchange answers nothing)', async () => {
    const storage = new MapStorage();
    const store = new SessionStore(storage, jest.fn().mockResolvedValue(undefined));
    store.signIn(pair('ann'));
    const listener = jest.fn();
    store.subscribe(listener);
    expect(await Promise.all([store.refresh(), store.refresh()])).toEqual([false, false]);
    expect(store.session).toBeUndefined();
    expect(storage.map.has('platform.session')).toBe(false);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('stays signed in when the refresh fails for another reason (offline, 5xx)', async () => {
    const store = new SessionStore(new MapStorage(), jest.fn().mockRejectedValue(new Error('refresh answered 503')));
    store.signIn(pair('ann'));
    expect(await store.refresh()).toBe(false);
    expect(store.session?.claims.sub).toBe('ann');
  });

  it('does not refresh without a session', async () => {
    const exchange = jest.fn();
    expect(await new SessionStore(new MapStorage(), exchange).refresh()).toBe(false);
    expect(exchange).not.toHaveBeenCalled();
  });

  it('tells when the access token runs out within the margin', () => {
    const store = new SessionStore(new MapStorage(), jest.fn());
    expect(store.expiresSoon()).toBe(true);
    const exp = now() + 120;
    store.signIn(pair('ann', exp));
    expect(store.expiresSoon(exp * 1000 - 60_000)).toBe(false);
    expect(store.expiresSoon(exp * 1000 - 20_000)).toBe(true);
    expect(store.expiresSoon(exp * 1000 - 60_000, 90)).toBe(true);
  });

  it('keeps one device id per browser', () => {
    const storage = new MapStorage();
    const id = new SessionStore(storage, jest.fn()).deviceId();
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new SessionStore(storage, jest.fn()).deviceId()).toBe(id);
  });
});
