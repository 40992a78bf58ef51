import { ADMIN, http, sleep, startPlatform, type Platform } from './platform';

const ORG = '7a1d2a52-0000-4000-8000-0000000000e2';
const decode = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString());

describe('the identity slice through the gateway', () => {
  let platform: Platform;
  let api: ReturnType<typeof http>;

  beforeAll(async () => {
    platform = await startPlatform('auth');
    api = http(platform.baseUrl);
  });
  afterAll(async () => platform?.stop());

  it('GET /api/auth/health answers {"status":"UP"}', async () => {
    const res = await api.get('/api/auth/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'UP' });
  });

  it('ignores a stale or bad bearer token on public routes: login, refresh and health still answer', async () => {
    const stale = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c3RhbGU';
    expect((await api.get('/api/auth/health', stale)).status).toBe(200);
    const login = await api.post('/api/auth/system/login', ADMIN, stale);
    expect(login.status).toBe(200);
    expect((await api.post('/api/auth/tokens/refresh', { refreshToken: login.body.refreshToken }, stale)).status).toBe(200);
    expect((await api.get('/api/auth/me', stale)).status).toBe(401);
  });

  it('logs the bootstrap administrator in as a SYSTEM user', async () => {
    const res = await api.post('/api/auth/system/login', ADMIN);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ tokenType: 'Bearer', expiresIn: 3600 });
    expect(decode(res.body.accessToken)).toMatchObject({ userType: 'SYSTEM', systemRole: 'SUPER_ADMIN' });
  });

  describe('registration and organisation login', () => {
    let userId: string;

    it('registers: 201 with the new user', async () => {
      const res = await api.post('/api/auth/org/register', { email: 'E2E.User@example.org', password: 'e2e password 1', firstName: 'Edith', lastName: 'Two' });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ email: 'e2e.user@example.org', firstName: 'Edith', lastName: 'Two', status: 'PENDING_VERIFICATION' });
      expect(res.body).not.toHaveProperty('passwordHash');
      userId = res.body.id;
      platform.organisations!.memberships.set(userId, [
        { organizationId: ORG, organizationSlug: 'e2e', role: 'ADMIN', status: 'ACTIVE', joinedAt: '2026-01-01T00:00:00Z' },
      ]);
    });

    it('answers 409 problem+json when the email already has an account', async () => {
      const res = await api.post('/api/auth/org/register', { email: 'e2e.user@example.org', password: 'e2e password 1', firstName: 'E', lastName: 'T' });
      expect(res.status).toBe(409);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      expect(res.body).toMatchObject({ status: 409, detail: 'An account with this email already exists' });
    });

    it('answers 400 with the offending field for a weak password', async () => {
      const res = await api.post('/api/auth/org/register', { email: 'weak@example.org', password: 'short', firstName: 'W', lastName: 'K' });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ field: 'password', message: 'must be at least 8 characters long' }]);
    });

    it('logs in to the organisation with the spec claims', async () => {
      const res = await api.post('/api/auth/org/login', { email: 'e2e.user@example.org', password: 'e2e password 1' });
      expect(res.status).toBe(200);
      expect(decode(res.body.accessToken)).toMatchObject({
        sub: userId,
        userType: 'ORGANIZATION',
        organizationId: ORG,
        organizationRole: 'ADMIN',
        email: 'e2e.user@example.org',
      });
    });

    it('answers 401 for a wrong password and for an unknown email', async () => {
      expect((await api.post('/api/auth/org/login', { email: 'e2e.user@example.org', password: 'wrong password' })).status).toBe(401);
      expect((await api.post('/api/auth/org/login', { email: 'nobody@example.org', password: 'wrong password' })).status).toBe(401);
    });

    it('answers 403 for correct credentials without an active membership', async () => {
      await api.post('/api/auth/org/register', { email: 'nomember@example.org', password: 'e2e password 2', firstName: 'N', lastName: 'M' });
      const res = await api.post('/api/auth/org/login', { email: 'nomember@example.org', password: 'e2e password 2' });
      expect(res.status).toBe(403);
    });
  });

  describe('refresh and revoke', () => {
    it('rotates the refresh token at both refresh paths', async () => {
      const login = await api.post('/api/auth/system/login', ADMIN);
      const first = await api.post('/api/auth/tokens/refresh', { refreshToken: login.body.refreshToken });
      expect(first.status).toBe(200);
      const second = await api.post('/api/auth/refresh', { refreshToken: first.body.refreshToken });
      expect(second.status).toBe(200);
      expect(second.body.refreshToken).not.toBe(first.body.refreshToken);
    });

    it('revokes the family when a rotated refresh token is reused: the newest fails too', async () => {
      const login = await api.post('/api/auth/system/login', ADMIN);
      const rotated = await api.post('/api/auth/tokens/refresh', { refreshToken: login.body.refreshToken });
      expect((await api.post('/api/auth/tokens/refresh', { refreshToken: login.body.refreshToken })).status).toBe(401);
      expect((await api.post('/api/auth/tokens/refresh', { refreshToken: rotated.body.refreshToken })).status).toBe(401);
    });

    it('revoke answers 204, then the session access token is refused within a second', async () => {
      const login = await api.post('/api/auth/system/login', ADMIN);
      const token = login.body.accessToken;
      const revoke = await api.post('/api/auth/tokens/revoke', undefined, token);
      expect(revoke.status).toBe(204);
      let status = 0;
      for (let i = 0; i < 20 && status !== 401; i++) {
        await sleep(100);
        status = (await api.post('/api/auth/tokens/revoke', undefined, token)).status;
      }
      expect(status).toBe(401);
      expect((await api.post('/api/auth/tokens/refresh', { refreshToken: login.body.refreshToken })).status).toBe(401);
    });

    it('revoke without a token is 401', async () => {
      expect((await api.post('/api/auth/tokens/revoke')).status).toBe(401);
    });
  });
});
