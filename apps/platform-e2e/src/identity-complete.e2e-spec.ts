import { SecretBox } from '@platform/crypto';
import { identityEventsV1 } from '@platform/proto';
import { openEventReader, type EventReader } from '@platform/testing';
import { ADMIN, http, sleep, startPlatform, type Platform } from './platform';
import { totp } from './totp';

const DEV_SECRETS_KEY = '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff';
const ORG = '7a1d2a52-0000-4000-8000-0000000000e4';

describe('identity complete, through the gateway', () => {
  let platform: Platform;
  let api: ReturnType<typeof http>;
  let tap: EventReader;
  let admin: string;
  const box = new SecretBox(DEV_SECRETS_KEY);

  const member = async (email: string, password = 'first password') => {
    const res = await api.post('/api/auth/org/register', { email, password, firstName: 'Mem', lastName: 'Ber' });
    platform.organisations!.memberships.set(res.body.id, [
      { organizationId: ORG, organizationSlug: 'ic', role: 'MEMBER', status: 'ACTIVE', joinedAt: '2026-01-01T00:00:00Z' },
    ]);
    return res.body.id as string;
  };
  const login = (email: string, password: string) => api.post('/api/auth/org/login', { email, password });
  const refusedWithinASecond = async (token: string) => {
    let status = 0;
    for (let i = 0; i < 20 && status !== 401; i++) {
      await sleep(100);
      status = (await api.get('/api/auth/me', token)).status;
    }
    return status === 401;
  };

  beforeAll(async () => {
    platform = await startPlatform('identity-complete');
    api = http(platform.baseUrl);
    tap = await openEventReader(platform.names);
    admin = (await api.post('/api/auth/system/login', ADMIN)).body.accessToken;
  });
  afterAll(async () => {
    await tap?.close();
    await platform?.stop();
  });

  describe('password reset', () => {
    it('answers the same 200 body for a known and an unknown address', async () => {
      await member('reset-known@example.org');
      const known = await api.post('/api/auth/password-reset/request', { email: 'reset-known@example.org' });
      const unknown = await api.post('/api/auth/password-reset/request', { email: 'reset-unknown@example.org' });
      expect([known.status, unknown.status]).toEqual([200, 200]);
      expect(known.body).toEqual(unknown.body);
    });

    it('sets the password with the mailed code, ends every session and clears the lockout', async () => {
      await member('reset-flow@example.org');
      const before = await login('reset-flow@example.org', 'first password');
      for (let i = 0; i < 3; i++) await login('reset-flow@example.org', 'wrong password');
      const data = await tap.nextMessage('identity.password.reset-requested', () =>
        api.post('/api/auth/password-reset/request', { email: 'reset-flow@example.org' }),
      );
      const event = identityEventsV1.PasswordResetRequested.decode(data!);
      const code = box.open(event.code!.ciphertext);
      expect(code).toMatch(/^\d{6}$/);
      expect(Buffer.from(data!).toString('latin1')).not.toContain(code);

      const wrong = await api.post('/api/auth/password-reset/verify', {
        email: 'reset-flow@example.org',
        code: code === '000000' ? '111111' : '000000',
        newPassword: 'second password',
      });
      expect(wrong.status).toBe(400);
      const verify = await api.post('/api/auth/password-reset/verify', { email: 'reset-flow@example.org', code, newPassword: 'second password' });
      expect(verify.status).toBe(200);
      expect(await refusedWithinASecond(before.body.accessToken)).toBe(true);
      expect((await login('reset-flow@example.org', 'first password')).status).toBe(401);
      // The lockout was cleared by the reset: four failures before it plus one now would lock otherwise.
      for (let i = 0; i < 3; i++) await login('reset-flow@example.org', 'wrong password');
      expect((await login('reset-flow@example.org', 'second password')).status).toBe(200);
      expect((await api.post('/api/auth/password-reset/verify', { email: 'reset-flow@example.org', code, newPassword: 'third password' })).status).toBe(400);
    });

    it('answers malformed reset input with 400', async () => {
      expect((await api.post('/api/auth/password-reset/verify', { email: 'x@example.org', code: 12, newPassword: 'long enough' })).status).toBe(400);
      expect((await api.post('/api/auth/password-reset/request', { email: ['x'] })).status).toBe(400);
    });
  });

  describe('two-factor authentication', () => {
    it('enrols, then asks for a code at login and issues tokens for it once', async () => {
      await member('mfa@example.org', 'mfa password');
      const first = await login('mfa@example.org', 'mfa password');
      const token = first.body.accessToken;
      const start = await api.post('/api/auth/mfa/enrol/start', {}, token);
      expect(start.status).toBe(200);
      expect(start.body.otpauthUri).toMatch(/^otpauth:\/\/totp\//);
      const confirm = await api.post('/api/auth/mfa/enrol/confirm', { code: totp(start.body.secret) }, token);
      expect(confirm.status).toBe(200);
      expect(confirm.body.backupCodes).toHaveLength(10);

      const challenge = await login('mfa@example.org', 'mfa password');
      expect(challenge.status).toBe(200);
      expect(challenge.body).toMatchObject({ mfa_required: true, accessToken: null });
      const code = totp(start.body.secret, Date.now() / 1000 + 30);
      const verified = await api.post('/api/auth/mfa/verify', { email: 'mfa@example.org', challengeToken: challenge.body.challengeToken, code });
      expect(verified.status).toBe(200);
      expect(verified.body.accessToken).toBeTruthy();

      const again = await login('mfa@example.org', 'mfa password');
      const replay = await api.post('/api/auth/mfa/verify', { email: 'mfa@example.org', challengeToken: again.body.challengeToken, code });
      expect(replay.status).toBe(401);
      const backup = await api.post('/api/auth/mfa/verify', {
        email: 'mfa@example.org',
        challengeToken: again.body.challengeToken,
        code: confirm.body.backupCodes[0],
      });
      expect(backup.status).toBe(200);
    });
  });

  describe('system settings and system users', () => {
    it('round-trips the settings and closes public registration', async () => {
      const got = await api.get('/api/system/settings', admin);
      expect(got.status).toBe(200);
      expect(got.body).toMatchObject({ allowPublicRegistration: true, tokenRotationStrategy: 'CREATE_NEW' });
      const same = await api.call('PUT', '/api/system/settings', { body: got.body, token: admin });
      expect(same.status).toBe(200);
      expect(same.body).toEqual(got.body);
      const closed = await api.call('PUT', '/api/system/settings', { body: { ...got.body, allowPublicRegistration: false }, token: admin });
      expect(closed.status).toBe(200);
      expect((await api.post('/api/auth/org/register', { email: 'closed@example.org', password: 'long enough', firstName: 'C', lastName: 'D' })).status).toBe(
        403,
      );
      await api.call('PUT', '/api/system/settings', { body: got.body, token: admin });
    });

    it('lets a SUPER_ADMIN create a READ_ONLY_ADMIN, who cannot use sys routes', async () => {
      const created = await api.post(
        '/api/admin/system-users',
        { email: 'viewer@platform.test', firstName: 'Vi', lastName: 'Ewer', systemRole: 'READ_ONLY_ADMIN', password: 'viewer password' },
        admin,
      );
      expect(created.status).toBe(201);
      const viewer = (await api.post('/api/auth/system/login', { email: 'viewer@platform.test', password: 'viewer password' })).body.accessToken;
      expect((await api.get('/api/system/settings', viewer)).status).toBe(403);
      expect((await api.get('/api/auth/me', viewer)).status).toBe(200);
    });

    it('suspends an account: login 403 and its tokens refused at once', async () => {
      const id = await member('suspend@example.org');
      const session = await login('suspend@example.org', 'first password');
      const res = await api.call('PUT', `/api/admin/users/${id}/status`, { body: { status: 'SUSPENDED', reason: 'e2e' }, token: admin });
      expect(res.status).toBe(200);
      expect(await refusedWithinASecond(session.body.accessToken)).toBe(true);
      expect((await login('suspend@example.org', 'first password')).status).toBe(403);
    });

    it('a member cannot reach sys routes', async () => {
      await member('plain@example.org');
      const token = (await login('plain@example.org', 'first password')).body.accessToken;
      expect((await api.get('/api/system/settings', token)).status).toBe(403);
      expect((await api.get('/api/audit/logs', token)).status).toBe(403);
    });
  });

  describe('audit log', () => {
    it('records logins and status changes, newest first, within seconds', async () => {
      let entries: Array<{ action: string }> = [];
      for (let i = 0; i < 30 && !entries.some((e) => e.action.includes('SUSPEND')); i++) {
        await sleep(200);
        entries = (await api.get('/api/audit/logs?size=100', admin)).body.content ?? [];
      }
      const actions = entries.map((e) => e.action);
      expect(actions.some((a) => a.includes('LOGIN'))).toBe(true);
      expect(actions.some((a) => a.includes('SUSPEND'))).toBe(true);
    });

    it('refuses a negative page with 400', async () => {
      expect((await api.get('/api/audit/logs?page=-1', admin)).status).toBe(400);
    });
  });
});
