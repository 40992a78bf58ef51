import { http, startPlatform, type Platform } from './platform';

describe('bad input on every identity route gets a clear 4xx problem, never a 500', () => {
  let platform: Platform;
  let api: ReturnType<typeof http>;

  beforeAll(async () => {
    platform = await startPlatform('bad-input');
    api = http(platform.baseUrl);
  });
  afterAll(async () => platform?.stop());

  const routes = ['/api/auth/org/login', '/api/auth/system/login', '/api/auth/org/register', '/api/auth/tokens/refresh', '/api/auth/refresh'];

  it.each(routes)('%s: malformed JSON is 400', async (path) => {
    const res = await api.call('POST', path, { raw: '{"email": ' });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(JSON.stringify(res.body)).not.toMatch(/at .*\.(ts|js):\d+/);
  });

  it.each(routes)('%s: wrong types are 400 naming the field', async (path) => {
    const res = await api.post(path, { email: 42, password: ['x'], refreshToken: { a: 1 }, firstName: true });
    expect(res.status).toBe(400);
    expect(Array.isArray(res.body.errors)).toBe(true);
  });

  it.each(routes)('%s: an oversized body is 413', async (path) => {
    const res = await api.post(path, { email: 'a@b.org', password: 'x'.repeat(2 * 1024 * 1024) });
    expect(res.status).toBe(413);
  });

  it('an over-long email is 400', async () => {
    const res = await api.post('/api/auth/org/register', { email: `${'a'.repeat(260)}@example.org`, password: 'long enough', firstName: 'A', lastName: 'B' });
    expect(res.status).toBe(400);
  });

  it('an over-long name is 400', async () => {
    const res = await api.post('/api/auth/org/register', { email: 'long@example.org', password: 'long enough', firstName: 'A'.repeat(101), lastName: 'B' });
    expect(res.status).toBe(400);
  });

  it('an invalid email is 400', async () => {
    const res = await api.post('/api/auth/org/register', { email: 'not-an-email', password: 'long enough', firstName: 'A', lastName: 'B' });
    expect(res.status).toBe(400);
  });

  it('an invalid organisation id at login is 400', async () => {
    const res = await api.post('/api/auth/org/login', { email: 'a@b.org', password: 'x', organizationId: 'not-a-uuid' });
    expect(res.status).toBe(400);
  });

  it('a garbage bearer token is 401', async () => {
    const res = await api.post('/api/auth/tokens/revoke', undefined, 'garbage');
    expect(res.status).toBe(401);
  });

  it('an unknown route is a 404 problem, a known path with another method is 405', async () => {
    expect((await api.get('/api/nothing-here')).status).toBe(404);
    expect((await api.get('/api/auth/org/login')).status).toBe(405);
  });

  it('the OpenAPI document lists every identity route', async () => {
    const res = await api.get('/api/docs/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\.1/);
    for (const path of [...routes, '/api/auth/tokens/revoke', '/api/auth/health']) expect(Object.keys(res.body.paths)).toContain(path);
  });

  it('the OpenAPI document lists the routes of issue 4 with their methods, and the X-Device-Id header where it applies', async () => {
    const { paths } = (await api.get('/api/docs/openapi.json')).body as {
      paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
    };
    const expected: Array<[string, string]> = [
      ['get', '/api/auth/mfa'],
      ['post', '/api/auth/mfa/enrol/start'],
      ['post', '/api/auth/mfa/enrol/confirm'],
      ['post', '/api/auth/mfa/verify'],
      ['post', '/api/auth/mfa/disable'],
      ['post', '/api/auth/mfa/backup-codes/regenerate'],
      ['post', '/api/auth/password-reset/request'],
      ['post', '/api/auth/password-reset/resend'],
      ['post', '/api/auth/password-reset/verify'],
      ['post', '/api/auth/password/change'],
      ['post', '/api/auth/email/verify'],
      ['post', '/api/auth/me/deactivate'],
      ['get', '/api/system/settings'],
      ['put', '/api/system/settings'],
      ['get', '/api/admin/system-users'],
      ['post', '/api/admin/system-users'],
      ['put', '/api/admin/system-users/{userId}/role'],
      ['put', '/api/admin/users/{userId}/status'],
      ['get', '/api/audit/logs'],
      ['get', '/api/audit/logs/{userId}'],
    ];
    for (const [method, path] of expected) expect({ path, method, listed: paths[path]?.[method] !== undefined }).toEqual({ path, method, listed: true });
    const header = (method: string, path: string) => (paths[path]?.[method]?.parameters ?? []).some((p) => p.in === 'header' && p.name === 'X-Device-Id');
    expect(header('post', '/api/auth/org/login')).toBe(true);
    expect(header('post', '/api/auth/system/login')).toBe(true);
    expect(header('get', '/api/auth/health')).toBe(false);
  });
});
