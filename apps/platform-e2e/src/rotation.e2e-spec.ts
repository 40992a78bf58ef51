import { ADMIN, http, sleep, startPlatform, type Platform } from './platform';

const ORG = '7a1d2a52-0000-4000-8000-0000000000e5';

describe('token rotation strategies through the gateway', () => {
  let platform: Platform;
  let api: ReturnType<typeof http>;
  let admin: string;

  const member = async (email: string) => {
    const res = await api.post('/api/auth/org/register', { email, password: 'rotate password', firstName: 'Ro', lastName: 'Tate' });
    platform.organisations!.memberships.set(res.body.id, [
      { organizationId: ORG, organizationSlug: 'rot', role: 'MEMBER', status: 'ACTIVE', joinedAt: '2026-01-01T00:00:00Z' },
    ]);
  };
  const login = (email: string, deviceId?: string) =>
    api.call('POST', '/api/auth/org/login', { body: { email, password: 'rotate password' }, headers: deviceId ? { 'x-device-id': deviceId } : {} });
  const strategy = (tokenRotationStrategy: string, maxActiveTokensPerUser = 2) =>
    api.call('PUT', '/api/system/settings', { body: { tokenRotationStrategy, maxActiveTokensPerUser }, token: admin });
  const refusedSoon = async (token: string) => {
    for (let i = 0; i < 20; i++) {
      if ((await api.get('/api/auth/me', token)).status === 401) return true;
      await sleep(100);
    }
    return false;
  };

  beforeAll(async () => {
    platform = await startPlatform('rotation');
    api = http(platform.baseUrl);
    admin = (await api.post('/api/auth/system/login', ADMIN)).body.accessToken;
  });
  afterAll(async () => {
    await strategy('CREATE_NEW').catch(() => undefined);
    await platform?.stop();
  });

  it('UPDATE_EXISTING re-issues the same token id with a later expiry; the old string is spent', async () => {
    expect((await strategy('UPDATE_EXISTING')).status).toBe(200);
    await member('update@rot.example');
    const first = await login('update@rot.example');
    const jti = (t: string) => JSON.parse(Buffer.from(t.split('.')[1]!, 'base64url').toString()).jti;
    await sleep(1100);
    const second = await api.post('/api/auth/tokens/refresh', { refreshToken: first.body.refreshToken });
    expect(second.status).toBe(200);
    expect(jti(second.body.refreshToken)).toBe(jti(first.body.refreshToken));
    expect(second.body.refreshToken).not.toBe(first.body.refreshToken);
    expect((await api.post('/api/auth/tokens/refresh', { refreshToken: first.body.refreshToken })).status).toBe(401);
  });

  it('LIMIT_PER_DEVICE keeps one session per X-Device-Id', async () => {
    expect((await strategy('LIMIT_PER_DEVICE')).status).toBe(200);
    await member('device@rot.example');
    const phone = await login('device@rot.example', 'phone-1');
    const tablet = await login('device@rot.example', 'tablet-1');
    const phoneAgain = await login('device@rot.example', 'phone-1');
    expect([phone.status, tablet.status, phoneAgain.status]).toEqual([200, 200, 200]);
    expect(await refusedSoon(phone.body.accessToken)).toBe(true);
    expect((await api.get('/api/auth/me', tablet.body.accessToken)).status).toBe(200);
    expect((await api.post('/api/auth/tokens/refresh', { refreshToken: phone.body.refreshToken })).status).toBe(401);
  });

  it('LIMIT_TOTAL ends the oldest session beyond the cap', async () => {
    expect((await strategy('LIMIT_TOTAL', 2)).status).toBe(200);
    await member('total@rot.example');
    const one = await login('total@rot.example');
    const two = await login('total@rot.example');
    const three = await login('total@rot.example');
    expect(await refusedSoon(one.body.accessToken)).toBe(true);
    for (const s of [two, three]) expect((await api.get('/api/auth/me', s.body.accessToken)).status).toBe(200);
  });

  it('refuses an unknown strategy with 400', async () => {
    expect((await strategy('ROTATE_SOMETIMES')).status).toBe(400);
  });
});
