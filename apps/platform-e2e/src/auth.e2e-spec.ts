import { unwrap, type PlatformClient } from '@platform/api-client';
import { ADMIN, client, sleep, startPlatform, type Platform } from './platform';

const ORG = '7a1d2a52-0000-4000-8000-0000000000e2';
const decode = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString());

describe('the identity slice through the gateway', () => {
  let platform: Platform;
  /** Without a token. */
  let api: PlatformClient;
  const as = (token: string) => client(platform.baseUrl, token);
  const systemLogin = async () => unwrap(await api.POST('/api/auth/system/login', { body: ADMIN }));

  beforeAll(async () => {
    platform = await startPlatform('auth');
    api = client(platform.baseUrl);
  });
  afterAll(async () => platform?.stop());

  it('GET /api/auth/health answers {"status":"UP"}', async () => {
    const res = await api.GET('/api/auth/health');
    expect(res.response.status).toBe(200);
    expect(res.data).toEqual({ status: 'UP' });
  });

  it('ignores a stale or bad bearer token on public routes: login, refresh and health still answer', async () => {
    const stale = as('eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c3RhbGU');
    expect((await stale.GET('/api/auth/health')).response.status).toBe(200);
    const login = await stale.POST('/api/auth/system/login', { body: ADMIN });
    expect(login.response.status).toBe(200);
    expect((await stale.POST('/api/auth/tokens/refresh', { body: { refreshToken: login.data!.refreshToken! } })).response.status).toBe(200);
    expect((await stale.GET('/api/auth/me')).response.status).toBe(401);
  });

  it('logs the bootstrap administrator in as a SYSTEM user', async () => {
    const res = await api.POST('/api/auth/system/login', { body: ADMIN });
    expect(res.response.status).toBe(200);
    expect(res.data).toMatchObject({ tokenType: 'Bearer', expiresIn: 3600 });
    expect(decode(res.data!.accessToken!)).toMatchObject({ userType: 'SYSTEM', systemRole: 'SUPER_ADMIN' });
  });

  describe('registration and organisation login', () => {
    let userId: string;

    it('registers: 201 with the new user', async () => {
      const res = await api.POST('/api/auth/org/register', {
        body: { email: 'E2E.User@example.org', password: 'e2e password 1', firstName: 'Edith', lastName: 'Two' },
      });
      expect(res.response.status).toBe(201);
      expect(res.data).toMatchObject({ email: 'e2e.user@example.org', firstName: 'Edith', lastName: 'Two', status: 'PENDING_VERIFICATION' });
      expect(res.data).not.toHaveProperty('passwordHash');
      userId = res.data!.id!;
      platform.organisations!.memberships.set(userId, [
        { organizationId: ORG, organizationSlug: 'e2e', role: 'ADMIN', status: 'ACTIVE', joinedAt: '2026-01-01T00:00:00Z' },
      ]);
    });

    it('answers 409 problem+json when the email already has an account', async () => {
      const res = await api.POST('/api/auth/org/register', {
        body: { email: 'e2e.user@example.org', password: 'e2e password 1', firstName: 'E', lastName: 'T' },
      });
      expect(res.response.status).toBe(409);
      expect(res.response.headers.get('content-type')).toContain('application/problem+json');
      expect(res.error).toMatchObject({ status: 409, detail: 'An account with this email already exists' });
    });

    it('answers 400 with the offending field for a weak password', async () => {
      const res = await api.POST('/api/auth/org/register', { body: { email: 'weak@example.org', password: 'short', firstName: 'W', lastName: 'K' } });
      expect(res.response.status).toBe(400);
      expect(res.error?.errors).toEqual([{ field: 'password', message: 'must be at least 8 characters long' }]);
    });

    it('logs in to the organisation with the spec claims', async () => {
      const res = await api.POST('/api/auth/org/login', { body: { email: 'e2e.user@example.org', password: 'e2e password 1' } });
      expect(res.response.status).toBe(200);
      expect(decode(res.data!.accessToken!)).toMatchObject({
        sub: userId,
        userType: 'ORGANIZATION',
        organizationId: ORG,
        organizationRole: 'ADMIN',
        email: 'e2e.user@example.org',
      });
    });

    it('answers 401 for a wrong password and for an unknown email', async () => {
      expect((await api.POST('/api/auth/org/login', { body: { email: 'e2e.user@example.org', password: 'wrong password' } })).response.status).toBe(401);
      expect((await api.POST('/api/auth/org/login', { body: { email: 'nobody@example.org', password: 'wrong password' } })).response.status).toBe(401);
    });

    it('answers 403 for correct credentials without an active membership', async () => {
      await api.POST('/api/auth/org/register', { body: { email: 'nomember@example.org', password: 'e2e password 2', firstName: 'N', lastName: 'M' } });
      const res = await api.POST('/api/auth/org/login', { body: { email: 'nomember@example.org', password: 'e2e password 2' } });
      expect(res.response.status).toBe(403);
    });
  });

  describe('refresh and revoke', () => {
    it('rotates the refresh token at both refresh paths', async () => {
      const login = await systemLogin();
      const first = await api.POST('/api/auth/tokens/refresh', { body: { refreshToken: login.refreshToken! } });
      expect(first.response.status).toBe(200);
      const second = await api.POST('/api/auth/refresh', { body: { refreshToken: first.data!.refreshToken! } });
      expect(second.response.status).toBe(200);
      expect(second.data?.refreshToken).not.toBe(first.data?.refreshToken);
    });

    it('revokes the family when a rotated refresh token is reused: the newest fails too', async () => {
      const login = await systemLogin();
      const rotated = unwrap(await api.POST('/api/auth/tokens/refresh', { body: { refreshToken: login.refreshToken! } }));
      expect((await api.POST('/api/auth/tokens/refresh', { body: { refreshToken: login.refreshToken! } })).response.status).toBe(401);
      expect((await api.POST('/api/auth/tokens/refresh', { body: { refreshToken: rotated.refreshToken! } })).response.status).toBe(401);
    });

    it('revoke answers 204, then the session access token is refused within a second', async () => {
      const login = await systemLogin();
      const session = as(login.accessToken!);
      const revoke = await session.POST('/api/auth/tokens/revoke');
      expect(revoke.response.status).toBe(204);
      let status = 0;
      for (let i = 0; i < 20 && status !== 401; i++) {
        await sleep(100);
        status = (await session.POST('/api/auth/tokens/revoke')).response.status;
      }
      expect(status).toBe(401);
      expect((await api.POST('/api/auth/tokens/refresh', { body: { refreshToken: login.refreshToken! } })).response.status).toBe(401);
    });

    it('revoke without a token is 401', async () => {
      expect((await api.POST('/api/auth/tokens/revoke')).response.status).toBe(401);
    });
  });
});
