import { SecretBox } from '@platform/crypto';
import { identityEventsV1 } from '@platform/proto';
import { openEventReader, type EventReader } from '@platform/testing';
import { ADMIN, holdsSoon, http, sleep, startPlatform, type JsonResponse, type Platform } from './platform';
import { totp } from './totp';

const DEV_SECRETS_KEY = '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff';
const PASSWORD = 'journey password';
const decode = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString());

/** Six digits that are not a valid code of `secret` anywhere near now (a wrong code for sure). */
const wrongCode = (secret: string) => {
  const near = new Set([-60, -30, 0, 30, 60, 90].map((d) => totp(secret, Date.now() / 1000 + d)));
  return ['000000', '111111', '222222', '333333', '444444', '555555', '666666', '777777'].find((c) => !near.has(c))!;
};

describe('identity journeys through the gateway, on the real organisation service', () => {
  let platform: Platform;
  let api: ReturnType<typeof http>;
  let tap: EventReader;
  let admin: string;
  let adminId: string;
  let initialSettings: Record<string, unknown>;
  let alphaId: string;
  let alphaOwner: string;
  let betaId: string;
  let betaOwner: string;
  const box = new SecretBox(DEV_SECRETS_KEY);

  const register = (email: string, password = PASSWORD) =>
    api.post('/api/auth/org/register', { email, password, firstName: email.split('@')[0], lastName: 'Journey' });
  const orgLogin = (email: string, options: { password?: string; organizationId?: string; headers?: Record<string, string> } = {}) =>
    api.call('POST', '/api/auth/org/login', {
      body: { email, password: options.password ?? PASSWORD, ...(options.organizationId ? { organizationId: options.organizationId } : {}) },
      headers: options.headers ?? {},
    });
  const addMember = (orgId: string, ownerToken: string, email: string) =>
    api.post(`/api/orgs/${orgId}/users`, { email, firstName: 'Jo', lastName: 'Urney', sendInvitationEmail: false }, ownerToken);
  /** A self-registered account (with a password) that is an ACTIVE member of Alpha. */
  const member = async (email: string) => {
    const registered = await register(email);
    expect(registered.status).toBe(201);
    expect((await addMember(alphaId, alphaOwner, email)).status).toBe(201);
    return registered.body.id as string;
  };
  const refresh = (refreshToken: string, headers: Record<string, string> = {}) =>
    api.call('POST', '/api/auth/tokens/refresh', { body: { refreshToken }, headers });
  const eventually = (check: () => Promise<boolean>, tries = 50) => holdsSoon(check, tries);
  const refusedSoon = (token: string) => eventually(async () => (await api.get('/api/auth/me', token)).status === 401);
  /** PUT takes exactly what GET answers: read, change some fields, write back. */
  const changeSettings = async (changes: Record<string, unknown>) => {
    const got = await api.get('/api/system/settings', admin);
    expect(got.status).toBe(200);
    return api.call('PUT', '/api/system/settings', { body: { ...got.body, ...changes }, token: admin });
  };
  const auditUntil = async (query: string, found: (entries: AuditEntry[]) => boolean, path = '/api/audit/logs') => {
    let entries: AuditEntry[] = [];
    for (let i = 0; i < 50; i++) {
      const res = await api.get(`${path}?${query}`, admin);
      expect(res.status).toBe(200);
      entries = res.body.content;
      if (found(entries)) break;
      await sleep(100);
    }
    return entries;
  };
  const enrolMfa = async (token: string) => {
    const start = await api.post('/api/auth/mfa/enrol/start', {}, token);
    expect(start.status).toBe(200);
    const confirm = await api.post('/api/auth/mfa/enrol/confirm', { code: totp(start.body.secret) }, token);
    expect(confirm.status).toBe(200);
    return { secret: start.body.secret as string, backupCodes: confirm.body.backupCodes as string[] };
  };

  beforeAll(async () => {
    platform = await startPlatform('identity-journeys', { organisation: 'real' });
    api = http(platform.baseUrl);
    tap = await openEventReader(platform.names);
    admin = (await api.post('/api/auth/system/login', ADMIN)).body.accessToken;
    adminId = decode(admin).sub;
    initialSettings = (await api.get('/api/system/settings', admin)).body;
    for (const [slug, name] of [
      ['journeys-alpha', 'Journeys Alpha'],
      ['journeys-beta', 'Journeys Beta'],
    ]) {
      await register(`owner@${slug}.example`);
      const created = await api.post(
        '/api/admin/orgs/create-with-owner',
        { orgName: name, orgSlug: slug, ownerEmail: `owner@${slug}.example`, ownerFirstName: 'Ow', ownerLastName: 'Ner', sendWelcomeEmail: false },
        admin,
      );
      expect(created.status).toBe(201);
      const owner = (await orgLogin(`owner@${slug}.example`)).body.accessToken;
      if (slug === 'journeys-alpha') [alphaId, alphaOwner] = [created.body.organization.id, owner];
      else [betaId, betaOwner] = [created.body.organization.id, owner];
    }
  });
  afterAll(async () => {
    if (initialSettings) await api.call('PUT', '/api/system/settings', { body: initialSettings, token: admin }).catch(() => undefined);
    await tap?.close();
    await platform?.stop();
  });

  describe('maxOrganisationsPerUser', () => {
    afterAll(async () => {
      await changeSettings({ maxOrganisationsPerUser: initialSettings['maxOrganisationsPerUser'] });
    });

    it('refuses a second membership with 409 and a clear message while the limit is 1, and allows it again once restored', async () => {
      await member('two-orgs@journeys.example');
      const limited = await changeSettings({ maxOrganisationsPerUser: 1 });
      expect(limited.status).toBe(200);
      expect(limited.body.maxOrganisationsPerUser).toBe(1);

      // The organisation service reads the setting through a cache of a few seconds: until it
      // applies, an addition succeeds and is undone here, then tried again.
      let refused: JsonResponse | undefined;
      for (let i = 0; i < 100 && !refused; i++) {
        const res = await addMember(betaId, betaOwner, 'two-orgs@journeys.example');
        if (res.status === 201) {
          expect((await api.call('DELETE', `/api/orgs/${betaId}/users/${res.body.id}`, { token: betaOwner })).status).toBe(204);
          await sleep(100);
        } else refused = res;
      }
      expect(refused?.status).toBe(409);
      expect(refused?.headers.get('content-type')).toContain('application/problem+json');
      expect(refused?.body.detail).toBe('The user already belongs to the maximum of 1 organisations');

      const restored = await changeSettings({ maxOrganisationsPerUser: initialSettings['maxOrganisationsPerUser'] });
      expect(restored.status).toBe(200);
      expect(restored.body).toEqual(initialSettings);
      expect(await eventually(async () => (await addMember(betaId, betaOwner, 'two-orgs@journeys.example')).status === 201, 100)).toBe(true);
    });
  });

  describe('two-factor authentication', () => {
    it('wrong TOTP codes at the second login step count toward the lockout: five 401s, then 423', async () => {
      const email = 'mfa-lockout@journeys.example';
      await member(email);
      const { secret } = await enrolMfa((await orgLogin(email)).body.accessToken);
      const challenge = await orgLogin(email);
      expect(challenge.body).toMatchObject({ mfa_required: true, accessToken: null });
      const wrong = wrongCode(secret);
      const statuses = [];
      for (let i = 0; i < 6; i++)
        statuses.push((await api.post('/api/auth/mfa/verify', { email, challengeToken: challenge.body.challengeToken, code: wrong })).status);
      expect(statuses).toEqual([401, 401, 401, 401, 401, 423]);
      const right = await api.post('/api/auth/mfa/verify', {
        email,
        challengeToken: challenge.body.challengeToken,
        code: totp(secret, Date.now() / 1000 + 30),
      });
      expect(right.status).toBe(423);
      const password = await orgLogin(email);
      expect(password.status).toBe(423);
      expect(password.headers.get('content-type')).toContain('application/problem+json');
    });

    it('disabling MFA (with a code) makes login answer the token pair directly again', async () => {
      const email = 'mfa-disable@journeys.example';
      await member(email);
      const token = (await orgLogin(email)).body.accessToken;
      const { secret } = await enrolMfa(token);
      expect((await orgLogin(email)).body.mfa_required).toBe(true);
      const wrong = await api.post('/api/auth/mfa/disable', { code: wrongCode(secret) }, token);
      expect(wrong.status).toBe(400);
      expect(wrong.body.errors).toEqual([{ field: 'code', message: expect.any(String) }]);
      expect((await api.get('/api/auth/mfa', token)).body).toMatchObject({ enabled: true });
      const disabled = await api.post('/api/auth/mfa/disable', { code: totp(secret, Date.now() / 1000 + 30) }, token);
      expect(disabled.status).toBe(200);
      expect(disabled.body).toMatchObject({ enabled: false });
      expect((await api.get('/api/auth/mfa', token)).body).toMatchObject({ enabled: false });
      const login = await orgLogin(email);
      expect(login.status).toBe(200);
      expect(login.body).toMatchObject({ mfa_required: false, challengeToken: null, tokenType: 'Bearer' });
      expect((await api.get('/api/auth/me', login.body.accessToken)).status).toBe(200);
    });

    it('regenerating the backup codes invalidates the old ones: an old code is refused, a new one works', async () => {
      const email = 'mfa-backup@journeys.example';
      await member(email);
      const token = (await orgLogin(email)).body.accessToken;
      const { secret, backupCodes: old } = await enrolMfa(token);
      // Regenerating needs a TOTP code: a backup code is refused (and stays unused).
      const viaBackup = await api.post('/api/auth/mfa/backup-codes/regenerate', { code: old[1] }, token);
      expect(viaBackup.status).toBe(400);
      expect(viaBackup.body.errors).toEqual([{ field: 'code', message: expect.any(String) }]);
      const regenerated = await api.post('/api/auth/mfa/backup-codes/regenerate', { code: totp(secret, Date.now() / 1000 + 30) }, token);
      expect(regenerated.status).toBe(200);
      const fresh: string[] = regenerated.body.backupCodes;
      expect(fresh).toHaveLength(10);
      expect(fresh.filter((c) => old.includes(c))).toEqual([]);
      expect((await api.get('/api/auth/mfa', token)).body).toMatchObject({ enabled: true, backupCodesRemaining: 10 });

      const challenge = await orgLogin(email);
      expect(challenge.body.mfa_required).toBe(true);
      expect((await api.post('/api/auth/mfa/verify', { email, challengeToken: challenge.body.challengeToken, code: old[0] })).status).toBe(401);
      const verified = await api.post('/api/auth/mfa/verify', { email, challengeToken: challenge.body.challengeToken, code: fresh[0] });
      expect(verified.status).toBe(200);
      expect((await api.get('/api/auth/me', verified.body.accessToken)).status).toBe(200);
      expect((await api.get('/api/auth/mfa', token)).body.backupCodesRemaining).toBe(9);
    });
  });

  describe('password reset resend', () => {
    it('issues a fresh code: the previous one is refused, the new one sets the password', async () => {
      const email = 'resend@journeys.example';
      await member(email);
      const codeOf = (data: Uint8Array | undefined) => {
        const event = identityEventsV1.PasswordResetRequested.decode(data!);
        return { code: box.open(event.code!.ciphertext), resend: event.resend };
      };
      const first = codeOf(await tap.nextMessage('identity.password.reset-requested', () => api.post('/api/auth/password-reset/request', { email })));
      let resendAnswer: JsonResponse | undefined;
      const second = codeOf(
        await tap.nextMessage('identity.password.reset-requested', async () => {
          resendAnswer = await api.post('/api/auth/password-reset/resend', { email });
        }),
      );
      expect(resendAnswer?.status).toBe(200);
      expect(resendAnswer?.body).toEqual({ message: 'If an account exists for this address, a code has been sent to it.' });
      expect([first.resend, second.resend]).toEqual([false, true]);
      expect(second.code).toMatch(/^\d{6}$/);
      expect(second.code).not.toBe(first.code);

      const old = await api.post('/api/auth/password-reset/verify', { email, code: first.code, newPassword: 'resent password' });
      expect(old.status).toBe(400);
      const fresh = await api.post('/api/auth/password-reset/verify', { email, code: second.code, newPassword: 'resent password' });
      expect(fresh.status).toBe(200);
      expect((await orgLogin(email, { password: 'resent password' })).status).toBe(200);
      expect((await orgLogin(email)).status).toBe(401);
    });
  });

  describe('refresh-token reuse and races under every rotation strategy', () => {
    afterAll(async () => {
      await changeSettings({ tokenRotationStrategy: 'CREATE_NEW', maxActiveTokensPerUser: initialSettings['maxActiveTokensPerUser'] });
    });

    it.each(['LIMIT_PER_DEVICE', 'LIMIT_TOTAL', 'UPDATE_EXISTING'])(
      '%s: presenting a rotated refresh token ends the family, so the newest fails too',
      async (strategy) => {
        expect((await changeSettings({ tokenRotationStrategy: strategy, maxActiveTokensPerUser: 3 })).status).toBe(200);
        const email = `reuse-${strategy.toLowerCase().replace(/_/g, '-')}@journeys.example`;
        await member(email);
        const device = { 'x-device-id': 'phone-of-reuse' };
        const login = await orgLogin(email, { headers: device });
        expect(login.status).toBe(200);
        const rotated = await refresh(login.body.refreshToken, device);
        expect(rotated.status).toBe(200);
        expect(rotated.body.refreshToken).not.toBe(login.body.refreshToken);
        expect((await refresh(login.body.refreshToken, device)).status).toBe(401);
        expect((await refresh(rotated.body.refreshToken, device)).status).toBe(401);
        expect(await refusedSoon(rotated.body.accessToken)).toBe(true);
      },
    );

    it.each(['CREATE_NEW', 'UPDATE_EXISTING', 'LIMIT_PER_DEVICE', 'LIMIT_TOTAL'])(
      '%s: of two refreshes racing with one token exactly one succeeds',
      async (strategy) => {
        expect((await changeSettings({ tokenRotationStrategy: strategy, maxActiveTokensPerUser: 3 })).status).toBe(200);
        const email = `race-${strategy.toLowerCase().replace(/_/g, '-')}@journeys.example`;
        await member(email);
        const login = await orgLogin(email);
        const results = await Promise.all([refresh(login.body.refreshToken), refresh(login.body.refreshToken)]);
        const statuses = results.map((r) => r.status).sort();
        expect(statuses).toEqual([200, 401]);
      },
    );

    it('the default strategy is back at the end', async () => {
      const restored = await changeSettings({ tokenRotationStrategy: 'CREATE_NEW', maxActiveTokensPerUser: initialSettings['maxActiveTokensPerUser'] });
      expect(restored.status).toBe(200);
      expect(restored.body).toEqual(initialSettings);
    });
  });

  describe('session revocation', () => {
    it('a ban by a system admin refuses the access token within seconds, and login answers 403', async () => {
      const email = 'banned@journeys.example';
      const id = await member(email);
      const session = await orgLogin(email);
      expect((await api.get('/api/auth/me', session.body.accessToken)).status).toBe(200);
      const banned = await api.call('PUT', `/api/admin/users/${id}/status`, { body: { status: 'BANNED', reason: 'e2e journey' }, token: admin });
      expect(banned.status).toBe(200);
      expect(banned.body.status).toBe('BANNED');
      expect(await refusedSoon(session.body.accessToken)).toBe(true);
      expect((await refresh(session.body.refreshToken)).status).toBe(401);
      const login = await orgLogin(email);
      expect(login.status).toBe(403);
      expect(login.body.detail).toMatch(/banned/i);
    });

    it('a password change ends the other sessions and keeps the caller’s', async () => {
      const email = 'change@journeys.example';
      await member(email);
      const mine = await orgLogin(email);
      const other = await orgLogin(email);
      const changed = await api.post('/api/auth/password/change', { currentPassword: PASSWORD, newPassword: 'changed password' }, mine.body.accessToken);
      expect(changed.status).toBe(200);
      expect(await refusedSoon(other.body.accessToken)).toBe(true);
      expect((await refresh(other.body.refreshToken)).status).toBe(401);
      expect((await api.get('/api/auth/me', mine.body.accessToken)).status).toBe(200);
      expect((await refresh(mine.body.refreshToken)).status).toBe(200);
      expect((await orgLogin(email)).status).toBe(401);
      expect((await orgLogin(email, { password: 'changed password' })).status).toBe(200);
    });

    it('self-deactivation ends every session, and a later login answers 403', async () => {
      const email = 'deactivate@journeys.example';
      await member(email);
      const mine = await orgLogin(email);
      const other = await orgLogin(email);
      const deactivated = await api.post('/api/auth/me/deactivate', { password: PASSWORD }, mine.body.accessToken);
      expect(deactivated.status).toBe(200);
      expect(deactivated.body.status).toBe('DEACTIVATED');
      expect(await refusedSoon(mine.body.accessToken)).toBe(true);
      expect(await refusedSoon(other.body.accessToken)).toBe(true);
      expect((await refresh(other.body.refreshToken)).status).toBe(401);
      const login = await orgLogin(email);
      expect(login.status).toBe(403);
      expect(login.body.detail).toMatch(/deactivated/i);
    });

    it("removing a member ends that member's sessions in that organisation only", async () => {
      const email = 'two-homes@journeys.example';
      const id = await member(email);
      expect(await eventually(async () => (await addMember(betaId, betaOwner, email)).status === 201, 100)).toBe(true);
      const inAlpha = await orgLogin(email, { organizationId: alphaId });
      const inBeta = await orgLogin(email, { organizationId: betaId });
      expect(decode(inAlpha.body.accessToken)).toMatchObject({ sub: id, organizationId: alphaId });
      expect(decode(inBeta.body.accessToken)).toMatchObject({ sub: id, organizationId: betaId });

      expect((await api.call('DELETE', `/api/orgs/${alphaId}/users/${id}`, { token: alphaOwner })).status).toBe(204);
      expect(await refusedSoon(inAlpha.body.accessToken)).toBe(true);
      expect((await refresh(inAlpha.body.refreshToken)).status).toBe(401);
      expect((await api.get('/api/auth/me', inBeta.body.accessToken)).status).toBe(200);
      expect((await api.get(`/api/orgs/${betaId}`, inBeta.body.accessToken)).status).toBe(200);
      expect((await orgLogin(email, { organizationId: alphaId })).status).toBe(403);
      expect((await orgLogin(email, { organizationId: betaId })).status).toBe(200);
    });
  });

  describe('audit log', () => {
    it('shows the organisation created by the system admin and a member added, filtered by action, user and organisation', async () => {
      const created = await auditUntil(`action=ORGANIZATION_CREATED&userId=${adminId}&size=100`, (e) => e.some((x) => x.resourceId === alphaId));
      expect(created.every((e) => e.action === 'ORGANIZATION_CREATED' && e.userId === adminId)).toBe(true);
      // The system admin's token carries no email: identity fills it in from the account.
      expect(created.find((e) => e.resourceId === alphaId)).toMatchObject({
        userId: adminId,
        userEmail: ADMIN.email,
        organizationId: alphaId,
        resourceType: 'ORGANIZATION',
        resourceId: alphaId,
      });
      expect(created.some((e) => e.resourceId === betaId)).toBe(true);

      const email = 'audited@journeys.example';
      const id = await member(email);
      const added = await auditUntil(`action=MEMBER_ADDED&userId=${id}`, (e) => e.length > 0);
      expect(added).toHaveLength(1);
      expect(added[0]).toMatchObject({ userId: id, userEmail: email, organizationId: alphaId, action: 'MEMBER_ADDED', resourceType: 'MEMBERSHIP' });
      const inAlpha = await auditUntil(`organizationId=${alphaId}&action=MEMBER_ADDED&size=100`, (e) => e.some((x) => x.userId === id));
      expect(inAlpha.every((e) => e.organizationId === alphaId && e.action === 'MEMBER_ADDED')).toBe(true);
      expect(inAlpha.map((e) => e.userEmail)).toEqual(expect.arrayContaining([email, 'owner@journeys-alpha.example']));
    });

    it('records the client IP address and user agent the gateway passes on with a login', async () => {
      const email = 'audited-login@journeys.example';
      const id = await member(email);
      const headers = { 'x-forwarded-for': '203.0.113.77', 'user-agent': 'identity-journeys-e2e/1.0' };
      expect((await orgLogin(email, { headers })).status).toBe(200);
      const logins = await auditUntil(`action=LOGIN_SUCCESS&userId=${id}`, (e) => e.length > 0);
      expect(logins).toHaveLength(1);
      expect(logins[0]).toMatchObject({
        userId: id,
        userEmail: email,
        action: 'LOGIN_SUCCESS',
        ipAddress: '203.0.113.77',
        userAgent: 'identity-journeys-e2e/1.0',
      });
      expect(logins[0]!.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    });

    it("GET /api/audit/logs/{userId} answers that user's entries only, newest first", async () => {
      const email = 'audit-trail@journeys.example';
      const id = await member(email);
      await orgLogin(email);
      await orgLogin(email, { password: 'not the password' });
      const trail = await auditUntil(
        'size=100',
        (e) => ['MEMBER_ADDED', 'LOGIN_SUCCESS', 'LOGIN_FAILED'].every((a) => e.some((x) => x.action === a)),
        `/api/audit/logs/${id}`,
      );
      expect(trail.map((e) => e.action)).toEqual(expect.arrayContaining(['MEMBER_ADDED', 'LOGIN_SUCCESS', 'LOGIN_FAILED']));
      expect(trail.every((e) => e.userId === id)).toBe(true);
      const times = trail.map((e) => Date.parse(e.createdAt));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      const failed = await api.get(`/api/audit/logs/${id}?action=LOGIN_FAILED`, admin);
      expect(failed.status).toBe(200);
      expect(failed.body.content.map((e: AuditEntry) => e.action)).toEqual(['LOGIN_FAILED']);
    });
  });
});

interface AuditEntry {
  id: string;
  userId: string | null;
  userEmail: string | null;
  organizationId: string | null;
  action: string;
  resourceType: string | null;
  resourceId: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  createdAt: string;
}
