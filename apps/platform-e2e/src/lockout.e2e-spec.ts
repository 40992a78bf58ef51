import { http, startPlatform, type Platform } from './platform';

describe('login lockout through the gateway', () => {
  let platform: Platform;
  let api: ReturnType<typeof http>;
  const ORG = '7a1d2a52-0000-4000-8000-0000000000e3';

  const member = async (email: string) => {
    const res = await api.post('/api/auth/org/register', { email, password: 'right password', firstName: 'L', lastName: 'O' });
    platform.organisations!.memberships.set(res.body.id, [
      { organizationId: ORG, organizationSlug: 'lock', role: 'MEMBER', status: 'ACTIVE', joinedAt: '2026-01-01T00:00:00Z' },
    ]);
  };

  beforeAll(async () => {
    platform = await startPlatform('lockout');
    api = http(platform.baseUrl);
  });
  afterAll(async () => platform?.stop());

  it('answers 423 after five failed attempts, even for the right password', async () => {
    await member('locked@example.org');
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await api.post('/api/auth/org/login', { email: 'locked@example.org', password: 'wrong' })).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 423]);
    const right = await api.post('/api/auth/org/login', { email: 'Locked@Example.org', password: 'right password' });
    expect(right.status).toBe(423);
    expect(right.headers.get('content-type')).toContain('application/problem+json');
  });

  it('a success before the fifth failure resets the count', async () => {
    await member('reset@example.org');
    for (let i = 0; i < 4; i++) await api.post('/api/auth/org/login', { email: 'reset@example.org', password: 'wrong' });
    expect((await api.post('/api/auth/org/login', { email: 'reset@example.org', password: 'right password' })).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await api.post('/api/auth/org/login', { email: 'reset@example.org', password: 'wrong' })).status).toBe(401);
  });

  it('30 concurrent wrong passwords for one account give at most five 401 answers; the rest are 423', async () => {
    await member('storm@example.org');
    const results = await Promise.all(Array.from({ length: 30 }, () => api.post('/api/auth/org/login', { email: 'storm@example.org', password: 'wrong' })));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s !== 401 && s !== 423)).toEqual([]);
  });

  it('counts the system login too', async () => {
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await api.post('/api/auth/system/login', { email: 'ghost@platform.test', password: 'wrong' })).status);
    expect(statuses.at(-1)).toBe(423);
  });
});
