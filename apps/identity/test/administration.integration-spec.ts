import { status } from '@grpc/grpc-js';
import { unary } from '@platform/grpc-server';
import { identityEventsV1 } from '@platform/proto';
import { failure, violationsOf } from '@platform/testing';
import { identityCalls, startIdentityHarness, tokensOf, type IdentityHarness } from './identity-harness';

describe('platform administration', () => {
  let h: IdentityHarness;
  let calls: ReturnType<typeof identityCalls>;
  let superToken: string;
  const settings = (token = superToken) => unary(h.client, h.client.getSystemSettings, {}, { token });
  const putSettings = (body: Parameters<typeof h.client.updateSystemSettings>[0]['settings'], token = superToken) =>
    unary(h.client, h.client.updateSystemSettings, { settings: body }, { token });
  const createStaff = (email: string, systemRole: string, password = 'staff password 1', token = superToken) =>
    unary(h.client, h.client.createSystemUser, { email, firstName: 'Staff', lastName: 'Member', systemRole, password }, { token });
  const setStatus = (userId: string, accountStatus: string, token = superToken, reason = '') =>
    unary(h.client, h.client.setAccountStatus, { userId, status: accountStatus, reason }, { token });

  beforeAll(async () => {
    h = await startIdentityHarness('identity-admin');
    calls = identityCalls(h);
    superToken = (await calls.systemLogin()).accessToken;
  });
  afterAll(async () => h?.stop());

  describe('system settings', () => {
    it('answers the defaults, and a PUT of exactly what GET answered changes nothing', async () => {
      const before = await settings();
      expect(before).toEqual({
        allowPublicRegistration: true,
        maxOrganisationsPerUser: 10,
        defaultStorageProvider: 'local',
        tokenRotationStrategy: 'CREATE_NEW',
        maxActiveTokensPerUser: 5,
        secrets: {},
        configuredSecrets: [],
      });
      expect(await putSettings(before)).toEqual(before);
      expect(await settings()).toEqual(before);
    });

    it('keeps absent fields and refuses bad values with clear 400s', async () => {
      expect((await putSettings({ maxOrganisationsPerUser: 3, secrets: {}, configuredSecrets: [] })).maxOrganisationsPerUser).toBe(3);
      expect((await settings()).defaultStorageProvider).toBe('local');
      const bad = await failure(putSettings({ maxOrganisationsPerUser: 0, tokenRotationStrategy: 'NEVER', secrets: {}, configuredSecrets: [] }));
      expect(bad?.code).toBe(status.INVALID_ARGUMENT);
      expect(violationsOf(bad).map((v) => v.field)).toEqual(['maxOrganisationsPerUser', 'tokenRotationStrategy']);
      expect((await settings()).maxOrganisationsPerUser).toBe(3);
    });

    it('takes secrets write-only: never answered, sealed at rest, removable', async () => {
      const plaintext = 'storage-credential-Zq81-plaintext';
      const answer = await putSettings({ secrets: { s3SecretAccessKey: plaintext }, configuredSecrets: [] });
      expect(answer.secrets).toEqual({});
      expect(answer.configuredSecrets).toEqual(['s3SecretAccessKey']);
      expect(JSON.stringify(await settings())).not.toContain(plaintext);
      const rows = await h.sql('SELECT * FROM system_settings');
      expect(JSON.stringify(rows)).not.toContain(plaintext);
      const sealed = (rows[0]?.['secrets'] as Record<string, string>)['s3SecretAccessKey']!;
      expect(h.box.open(sealed)).toBe(plaintext);
      // A round trip of the answer keeps the secret; "" removes it.
      expect((await putSettings(await settings())).configuredSecrets).toEqual(['s3SecretAccessKey']);
      expect((await putSettings({ secrets: { s3SecretAccessKey: '' }, configuredSecrets: [] })).configuredSecrets).toEqual([]);
    });

    it('closes public registration: register answers PERMISSION_DENIED', async () => {
      await putSettings({ allowPublicRegistration: false, secrets: {}, configuredSecrets: [] });
      try {
        const err = await failure(calls.register('closed@example.org'));
        expect([err?.code, err?.details]).toEqual([status.PERMISSION_DENIED, 'Public registration is disabled on this platform']);
      } finally {
        await putSettings({ allowPublicRegistration: true, secrets: {}, configuredSecrets: [] });
      }
      await expect(calls.register('open-again@example.org')).resolves.toBeDefined();
    });

    it('serves the settings to other services on the internal RPC, with a service token only', async () => {
      expect((await unary(h.client, h.client.readSystemSettings, {}, { token: calls.service() })).maxOrganisationsPerUser).toBe(3);
      expect((await failure(unary(h.client, h.client.readSystemSettings, {}, { token: superToken })))?.code).toBe(status.PERMISSION_DENIED);
    });
  });

  describe('system roles', () => {
    it('keeps sys routes for SUPER_ADMIN and PLATFORM_ADMIN; lower roles and organisation users get PERMISSION_DENIED', async () => {
      await createStaff('platform@platform.test', 'PLATFORM_ADMIN');
      await createStaff('support@platform.test', 'SUPPORT_ADMIN');
      await createStaff('readonly@platform.test', 'READ_ONLY_ADMIN');
      const platform = (await calls.systemLogin('platform@platform.test', 'staff password 1')).accessToken;
      await expect(settings(platform)).resolves.toBeDefined();
      for (const email of ['support@platform.test', 'readonly@platform.test']) {
        const token = (await calls.systemLogin(email, 'staff password 1')).accessToken;
        expect((await failure(settings(token)))?.code).toBe(status.PERMISSION_DENIED);
        expect(
          (await failure(unary(h.client, h.client.listAuditLogs, { organizationId: '', userId: '', action: '', from: '', to: '' }, { token })))?.code,
        ).toBe(status.PERMISSION_DENIED);
        // What every signed-in user may read stays open to them.
        await expect(unary(h.client, h.client.getCurrentAccount, {}, { token })).resolves.toMatchObject({ email });
      }
      const member = await calls.member('plain-member@example.org');
      const memberToken = tokensOf(await calls.orgLogin(member.email, member.password)).accessToken;
      expect((await failure(settings(memberToken)))?.code).toBe(status.PERMISSION_DENIED);
    });

    it('lets only a SUPER_ADMIN create staff accounts or change their role', async () => {
      const platform = (await calls.systemLogin('platform@platform.test', 'staff password 1')).accessToken;
      const err = await failure(createStaff('sneaky@platform.test', 'SUPER_ADMIN', 'staff password 1', platform));
      expect([err?.code, err?.details]).toEqual([status.PERMISSION_DENIED, 'Only a SUPER_ADMIN manages platform staff accounts']);
      const support = await unary(h.client, h.client.listSystemUsers, {}, { token: superToken });
      const target = support.content.find((a) => a.email === 'support@platform.test')!;
      expect((await failure(unary(h.client, h.client.setSystemRole, { userId: target.id, systemRole: 'SUPER_ADMIN' }, { token: platform })))?.code).toBe(
        status.PERMISSION_DENIED,
      );
    });

    it('creates staff accounts ACTIVE, with or without a password, and refuses a taken email or bad role', async () => {
      const created = await createStaff('NoPassword@Platform.test', 'SUPPORT_ADMIN', '');
      expect(created).toMatchObject({
        email: 'nopassword@platform.test',
        userType: 'SYSTEM',
        systemRole: 'SUPPORT_ADMIN',
        status: 'ACTIVE',
        hasPassword: false,
      });
      expect((await failure(createStaff('nopassword@platform.test', 'SUPPORT_ADMIN')))?.code).toBe(status.ALREADY_EXISTS);
      expect(violationsOf(await failure(createStaff('badrole@platform.test', 'OWNER')))).toEqual([
        { field: 'systemRole', message: 'must be one of SUPER_ADMIN, PLATFORM_ADMIN, SUPPORT_ADMIN, READ_ONLY_ADMIN' },
      ]);
      const page = await unary(h.client, h.client.listSystemUsers, { size: 2 }, { token: superToken });
      expect(page).toMatchObject({ page: 0, size: 2 });
      expect(page.totalElements).toBeGreaterThanOrEqual(5);
    });

    it('changes a staff role at once: the account’s sessions end', async () => {
      const staff = await createStaff('promote@platform.test', 'READ_ONLY_ADMIN');
      const session = await calls.systemLogin('promote@platform.test', 'staff password 1');
      const revoked = await h.nextMessage('identity.session.revoked', () =>
        unary(h.client, h.client.setSystemRole, { userId: staff.id, systemRole: 'SUPPORT_ADMIN' }, { token: superToken }),
      );
      expect(identityEventsV1.SessionRevoked.decode(revoked!)).toMatchObject({ accountId: staff.id, reason: 'SYSTEM_ROLE_CHANGED' });
      expect((await failure(calls.refresh(session.refreshToken)))?.code).toBe(status.UNAUTHENTICATED);
      expect(h.signer.verifyAccess((await calls.systemLogin('promote@platform.test', 'staff password 1')).accessToken).systemRole).toBe('SUPPORT_ADMIN');
    });
  });

  describe('account status', () => {
    it('suspends an account: its sessions end at once and login answers PERMISSION_DENIED, until reactivated', async () => {
      const member = await calls.member('suspend-me@example.org');
      const pair = tokensOf(await calls.orgLogin(member.email, member.password));
      let updated: Uint8Array | undefined;
      const revoked = await h.nextMessage('identity.session.revoked', async () => {
        updated = await h.nextMessage('identity.account.updated', () => setStatus(member.id, 'SUSPENDED', superToken, 'spam'));
      });
      expect(identityEventsV1.SessionRevoked.decode(revoked!)).toMatchObject({
        accountId: member.id,
        sessionId: h.signer.verifyAccess(pair.accessToken).sid,
        reason: 'ACCOUNT_SUSPENDED',
      });
      expect(identityEventsV1.AccountUpdated.decode(updated!)).toMatchObject({ accountId: member.id, status: 'SUSPENDED' });
      expect((await failure(calls.refresh(pair.refreshToken)))?.code).toBe(status.UNAUTHENTICATED);
      const refused = await failure(calls.orgLogin(member.email, member.password));
      expect([refused?.code, refused?.details]).toEqual([status.PERMISSION_DENIED, 'This account is suspended']);
      expect((await setStatus(member.id, 'ACTIVE')).status).toBe('ACTIVE');
      tokensOf(await calls.orgLogin(member.email, member.password));
    });

    it('bans an account for good: only a SUPER_ADMIN lifts a ban', async () => {
      const member = await calls.member('ban-me@example.org');
      const platform = (await calls.systemLogin('platform@platform.test', 'staff password 1')).accessToken;
      expect((await setStatus(member.id, 'BANNED', platform)).status).toBe('BANNED');
      expect((await failure(calls.orgLogin(member.email, member.password)))?.details).toBe('This account is banned');
      expect((await failure(setStatus(member.id, 'ACTIVE', platform)))?.code).toBe(status.PERMISSION_DENIED);
      expect((await setStatus(member.id, 'ACTIVE')).status).toBe('ACTIVE');
    });

    it('refuses bad input, unknown accounts and one’s own account', async () => {
      const member = await calls.member('status-input@example.org');
      expect((await failure(setStatus(member.id, 'DEACTIVATED')))?.code).toBe(status.INVALID_ARGUMENT);
      expect((await failure(setStatus('not-a-uuid', 'ACTIVE')))?.code).toBe(status.INVALID_ARGUMENT);
      expect((await failure(setStatus('6f1d2a52-0000-4000-8000-00000000dead', 'SUSPENDED')))?.code).toBe(status.NOT_FOUND);
      const self = h.signer.verifyAccess(superToken).sub;
      expect((await failure(setStatus(self, 'SUSPENDED')))?.details).toBe('You cannot change the status of your own account');
    });

    it('lets a user deactivate their own account: login answers PERMISSION_DENIED until a platform admin reactivates it', async () => {
      const member = await calls.member('leaving@example.org');
      const pair = tokensOf(await calls.orgLogin(member.email, member.password));
      const deactivate = (password: string) => unary(h.client, h.client.deactivateAccount, { password }, { token: pair.accessToken });
      expect((await failure(deactivate('not my password')))?.code).toBe(status.INVALID_ARGUMENT);
      const revoked = await h.nextMessage('identity.session.revoked', () => deactivate(member.password));
      expect(identityEventsV1.SessionRevoked.decode(revoked!)).toMatchObject({ accountId: member.id, reason: 'ACCOUNT_DEACTIVATED' });
      const refused = await failure(calls.orgLogin(member.email, member.password));
      expect([refused?.code, refused?.details]).toEqual([status.PERMISSION_DENIED, 'This account is deactivated; a platform administrator can reactivate it']);
      expect((await setStatus(member.id, 'ACTIVE')).status).toBe('ACTIVE');
      tokensOf(await calls.orgLogin(member.email, member.password));
    });

    it('does not let staff accounts deactivate themselves', async () => {
      const token = (await calls.systemLogin('support@platform.test', 'staff password 1')).accessToken;
      expect((await failure(unary(h.client, h.client.deactivateAccount, { password: 'staff password 1' }, { token })))?.code).toBe(status.PERMISSION_DENIED);
    });
  });

  describe('email verification', () => {
    async function registered(email: string) {
      let account: Awaited<ReturnType<typeof calls.register>> | undefined;
      const data = await h.nextMessage('identity.user.registered', async () => {
        account = await calls.register(email);
      });
      return { account: account!, token: h.box.open(identityEventsV1.UserRegistered.decode(data!).verificationToken!.ciphertext) };
    }
    const verifyEmail = (token: string) => unary(h.client, h.client.verifyEmail, { token });

    it('moves PENDING_VERIFICATION to ACTIVE with the token from the registration email', async () => {
      const { account, token } = await registered('verify-me@example.org');
      expect(account.status).toBe('PENDING_VERIFICATION');
      const updated = await h.nextMessage('identity.account.updated', async () =>
        expect(await verifyEmail(token)).toEqual({ email: 'verify-me@example.org', status: 'ACTIVE' }),
      );
      expect(identityEventsV1.AccountUpdated.decode(updated!)).toMatchObject({ accountId: account.id, status: 'ACTIVE' });
      expect(await unary(h.client, h.client.getAccount, { accountId: account.id }, { token: calls.service() })).toMatchObject({
        status: 'ACTIVE',
        emailVerified: true,
      });
    });

    it('refuses a used, an expired or an unknown token with a clear 400', async () => {
      const { token } = await registered('verify-twice@example.org');
      await verifyEmail(token);
      expect((await failure(verifyEmail(token)))?.details).toBe('The verification link has already been used');
      const late = await registered('verify-late@example.org');
      await h.sql("UPDATE email_verification SET expires_at = now() - interval '1 second' WHERE account_id = $1", [late.account.id]);
      expect((await failure(verifyEmail(late.token)))?.details).toBe(
        'The verification link has expired; request a password reset to verify the address instead',
      );
      for (const bad of ['nope', '']) expect((await failure(verifyEmail(bad)))?.code).toBe(status.INVALID_ARGUMENT);
    });

    it('gives the token 7 days', async () => {
      const { account } = await registered('verify-days@example.org');
      const [row] = await h.sql<{ expires_at: Date; created_at: Date }>('SELECT expires_at, created_at FROM email_verification WHERE account_id = $1', [
        account.id,
      ]);
      expect(Math.round((row!.expires_at.getTime() - row!.created_at.getTime()) / 3600_000)).toBe(7 * 24);
    });
  });
});
