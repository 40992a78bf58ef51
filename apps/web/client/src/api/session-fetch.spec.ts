import { SessionStore, type KeyValueStorage, type TokenPair } from '../session/session-store';
import { sessionFetch } from './session-fetch';

const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);
const pair = (name: string, exp = now() + 3600): TokenPair => ({
  accessToken: `${part({ alg: 'HS256' })}.${part({ sub: 'u1', exp, userType: 'ORGANIZATION', n: name })}.sig`,
  refreshToken: `refresh-${name}`,
});

function memory(): KeyValueStorage {
  const map = new Map<string, string>();
  return { getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) };
}

/** A fake network: answers by call order, and keeps what each request carried. */
function network(...statuses: number[]) {
  const seen: Array<{ url: string; authorization: string | null; device: string | null; body: string }> = [];
  const send = jest.fn(async (input: RequestInfo | URL) => {
    const request = input as Request;
    seen.push({
      url: request.url,
      authorization: request.headers.get('authorization'),
      device: request.headers.get('x-device-id'),
      body: await request.text(),
    });
    return new Response(null, { status: statuses[seen.length - 1] ?? 200 });
  });
  return { send: send as unknown as typeof fetch, seen };
}

const post = (path: string, body = '{"a":1}') =>
  new Request(`https://app.example.org${path}`, { method: 'POST', body, headers: { 'content-type': 'application/json' } });

describe('sessionFetch', () => {
  it('sends the bearer token and the device id', async () => {
    const store = new SessionStore(memory(), jest.fn());
    const first = pair('first');
    store.signIn(first);
    const { send, seen } = network(200);
    expect((await sessionFetch(store, send)(post('/api/auth/me'))).status).toBe(200);
    expect(seen[0]).toMatchObject({ authorization: `Bearer ${first.accessToken}`, device: store.deviceId() });
  });

  it('after a 401 refreshes once and sends the same request again with the new token', async () => {
    const second = pair('second');
    const exchange = jest.fn().mockResolvedValue(second);
    const store = new SessionStore(memory(), exchange);
    store.signIn(pair('first'));
    const { send, seen } = network(401, 200);
    const response = await sessionFetch(store, send)(post('/api/auth/password/change', '{"x":"y"}'));
    expect(response.status).toBe(200);
    expect(exchange).toHaveBeenCalledTimes(1);
    expect(seen).toHaveLength(2);
    expect(seen[1]).toMatchObject({ authorization: `Bearer ${second.accessToken}`, body: '{"x":"y"}' });
  });

  it('retries only once: a second 401 is answered as it is', async () => {
    const exchange = jest.fn().mockResolvedValue(pair('second'));
    const store = new SessionStore(memory(), exchange);
    store.signIn(pair('first'));
    const { send, seen } = network(401, 401);
    expect((await sessionFetch(store, send)(post('/api/auth/me'))).status).toBe(401);
    expect(seen).toHaveLength(2);
    expect(exchange).toHaveBeenCalledTimes(1);
  });

  it('answers the 401 and signs out when the refresh token is spent', async () => {
    const store = new SessionStore(memory(), jest.fn().mockResolvedValue(undefined));
    store.signIn(pair('first'));
    const { send, seen } = network(401);
    expect((await sessionFetch(store, send)(post('/api/auth/me'))).status).toBe(401);
    expect(seen).toHaveLength(1);
    expect(store.session).toBeUndefined();
  });

  it.each(['/api/auth/org/login', '/api/auth/system/login', '/api/auth/mfa/verify', '/api/auth/tokens/refresh', '/api/auth/password-reset/verify'])(
    'never refreshes or retries after a 401 of %s (wrong credentials, not an expired token)',
    async (path) => {
      const exchange = jest.fn().mockResolvedValue(pair('second'));
      const store = new SessionStore(memory(), exchange);
      store.signIn(pair('first', now() + 5)); // about to run out, too
      const { send, seen } = network(401);
      expect((await sessionFetch(store, send)(post(path))).status).toBe(401);
      expect(seen).toHaveLength(1);
      expect(exchange).not.toHaveBeenCalled();
      expect(store.session).toBeDefined();
    },
  );

  it('refreshes before sending when the access token is about to run out', async () => {
    const fresh = pair('fresh');
    const exchange = jest.fn().mockResolvedValue(fresh);
    const store = new SessionStore(memory(), exchange);
    store.signIn(pair('old', now() + 10));
    const { send, seen } = network(200);
    await sessionFetch(store, send)(post('/api/auth/me'));
    expect(exchange).toHaveBeenCalledTimes(1);
    expect(seen[0]?.authorization).toBe(`Bearer ${fresh.accessToken}`);
  });

  it('signed out: no token, no refresh, no retry', async () => {
    const exchange = jest.fn();
    const store = new SessionStore(memory(), exchange);
    const { send, seen } = network(401);
    expect((await sessionFetch(store, send)(post('/api/auth/me'))).status).toBe(401);
    expect(seen).toEqual([expect.objectContaining({ authorization: null })]);
    expect(exchange).not.toHaveBeenCalled();
  });

  it('several requests failing together share one refresh', async () => {
    let release!: (pair: TokenPair) => void;
    const exchange = jest.fn(() => new Promise<TokenPair>((resolve) => (release = resolve)));
    const store = new SessionStore(memory(), exchange);
    store.signIn(pair('first'));
    const { send } = network(401, 401, 401, 200, 200, 200);
    const fetchWith = sessionFetch(store, send);
    const all = Promise.all([fetchWith(post('/api/a')), fetchWith(post('/api/b')), fetchWith(post('/api/c'))]);
    await new Promise((r) => setTimeout(r, 10));
    release(pair('second'));
    expect((await all).map((r) => r.status)).toEqual([200, 200, 200]);
    expect(exchange).toHaveBeenCalledTimes(1);
  });
});
