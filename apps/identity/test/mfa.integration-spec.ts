import { status } from '@grpc/grpc-js';
import { ERROR_RETRY_AFTER_KEY } from '@platform/errors';
import { unary } from '@platform/grpc-server';
import { eventually, failure, violationsOf } from '@platform/testing';
import { totpAt } from '../src/domain/totp';
import { identityCalls, startIdentityHarness, tokensOf, type IdentityHarness } from './identity-harness';

/**
 * A code for the step `offset` steps from now (-1, 0 or +1 are accepted). Each test takes its
 * codes in increasing order of offset, so they stay increasing even when a step boundary passes.
 */
const code = (secret: string, offset: -1 | 0 | 1) => totpAt(secret, Math.floor(Date.now() / 1000) + offset * 30);

describe('two-factor authentication (TOTP)', () => {
  let h: IdentityHarness;
  let calls: ReturnType<typeof identityCalls>;

  beforeAll(async () => {
    h = await startIdentityHarness('identity-mfa');
    calls = identityCalls(h);
  });
  afterAll(async () => h?.stop());

  /** An account with MFA on: its secret, backup codes and a signed-in token. */
  async function enrolled(email: string) {
    const member = await calls.member(email);
    const token = tokensOf(await calls.orgLogin(member.email, member.password)).accessToken;
    const { secret, otpauthUri } = await unary(h.client, h.client.startMfaEnrolment, {}, { token });
    const { backupCodes } = await unary(h.client, h.client.confirmMfaEnrolment, { code: code(secret, -1) }, { token });
    return { ...member, token, secret, otpauthUri, backupCodes };
  }
  const verifyLogin = (email: string, challengeToken: string, mfaCode: string, deviceId?: string) =>
    unary(h.client, h.client.verifyMfaLogin, { email, challengeToken, code: mfaCode, deviceId });
  async function challengeOf(email: string, password: string) {
    const reply = await calls.orgLogin(email, password);
    expect(reply).toMatchObject({ mfaRequired: true });
    expect(reply.accessToken).toBeUndefined();
    expect(reply.refreshToken).toBeUndefined();
    return reply.challengeToken!;
  }

  describe('enrolment', () => {
    it('starts with a secret and an otpauth URI, and is not on until confirmed', async () => {
      const member = await calls.member('start@example.org');
      const token = tokensOf(await calls.orgLogin(member.email, member.password)).accessToken;
      const enrolment = await unary(h.client, h.client.startMfaEnrolment, {}, { token });
      expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(enrolment.otpauthUri).toBe(`otpauth://totp/Association%20Platform:start%40example.org?secret=${enrolment.secret}&issuer=Association%20Platform`);
      expect(await unary(h.client, h.client.getMfaStatus, {}, { token })).toEqual({ enabled: false, enrolmentPending: true, backupCodesRemaining: 0 });
      expect((await calls.orgLogin(member.email, member.password)).mfaRequired).toBe(false);
      const [row] = await h.sql<{ secret_sealed: string }>('SELECT secret_sealed FROM mfa_credential');
      expect(row?.secret_sealed).not.toContain(enrolment.secret);
    });

    it('refuses a wrong confirmation code with a clear 400, then confirms with a right one and answers ten backup codes', async () => {
      const member = await calls.member('confirm@example.org');
      const token = tokensOf(await calls.orgLogin(member.email, member.password)).accessToken;
      const { secret } = await unary(h.client, h.client.startMfaEnrolment, {}, { token });
      const wrong = await failure(unary(h.client, h.client.confirmMfaEnrolment, { code: '000000' === code(secret, 0) ? '111111' : '000000' }, { token }));
      expect(wrong?.code).toBe(status.INVALID_ARGUMENT);
      expect(violationsOf(wrong)).toEqual([{ field: 'code', message: 'is not a valid code from your authenticator app' }]);
      const { backupCodes } = await unary(h.client, h.client.confirmMfaEnrolment, { code: code(secret, 0) }, { token });
      expect(backupCodes).toHaveLength(10);
      expect(await unary(h.client, h.client.getMfaStatus, {}, { token })).toEqual({ enabled: true, enrolmentPending: false, backupCodesRemaining: 10 });
      expect((await failure(unary(h.client, h.client.startMfaEnrolment, {}, { token })))?.code).toBe(status.ALREADY_EXISTS);
      const rows = await h.sql<{ code_hash: string }>('SELECT code_hash FROM mfa_backup_code');
      expect(rows.map((r) => r.code_hash).join()).not.toContain(backupCodes[0]!.replace(/-/g, ''));
    });

    it('refuses malformed input with INVALID_ARGUMENT and needs a signed-in caller', async () => {
      const member = await calls.member('badinput@example.org');
      const token = tokensOf(await calls.orgLogin(member.email, member.password)).accessToken;
      expect((await failure(unary(h.client, h.client.confirmMfaEnrolment, { code: '' }, { token })))?.code).toBe(status.INVALID_ARGUMENT);
      expect((await failure(unary(h.client, h.client.confirmMfaEnrolment, { code: '123456' }, { token })))?.code).toBe(status.FAILED_PRECONDITION);
      expect((await failure(unary(h.client, h.client.startMfaEnrolment, {})))?.code).toBe(status.UNAUTHENTICATED);
    });
  });

  describe('login', () => {
    it('answers mfa_required with a challenge instead of tokens, then the pair for the challenge and a TOTP code', async () => {
      const account = await enrolled('login@example.org');
      const challenge = await challengeOf(account.email, account.password);
      const pair = await verifyLogin(account.email, challenge, code(account.secret, 0));
      expect(pair).toMatchObject({ tokenType: 'Bearer', expiresIn: 3600 });
      expect(h.signer.verifyAccess(pair.accessToken)).toMatchObject({ sub: account.id, organizationId: account.organizationId, organizationRole: 'MEMBER' });
      await expect(calls.refresh(pair.refreshToken)).resolves.toBeDefined();
    });

    it('never accepts the same code twice, nor a challenge twice', async () => {
      const account = await enrolled('replay@example.org');
      const first = await challengeOf(account.email, account.password);
      const used = code(account.secret, 0);
      await verifyLogin(account.email, first, used);
      const second = await challengeOf(account.email, account.password);
      expect((await failure(verifyLogin(account.email, second, used)))?.details).toBe('Invalid authentication code');
      expect((await failure(verifyLogin(account.email, first, code(account.secret, 1))))?.code).toBe(status.UNAUTHENTICATED);
      await expect(verifyLogin(account.email, second, code(account.secret, 1))).resolves.toBeDefined();
    });

    it('accepts each backup code once', async () => {
      const account = await enrolled('backup@example.org');
      const [backup] = account.backupCodes;
      await verifyLogin(account.email, await challengeOf(account.email, account.password), backup!.toUpperCase());
      expect((await failure(verifyLogin(account.email, await challengeOf(account.email, account.password), backup!)))?.code).toBe(status.UNAUTHENTICATED);
      expect(await unary(h.client, h.client.getMfaStatus, {}, { token: account.token })).toMatchObject({ backupCodesRemaining: 9 });
    });

    it('answers UNAUTHENTICATED (so the gateway counts it) for a wrong code, another email, or a made-up challenge', async () => {
      const account = await enrolled('wrong@example.org');
      const challenge = await challengeOf(account.email, account.password);
      const wrongCode = await failure(verifyLogin(account.email, challenge, '000000' === code(account.secret, 0) ? '999999' : '000000'));
      const otherEmail = await failure(verifyLogin('someone-else@example.org', challenge, code(account.secret, 0)));
      const madeUp = await failure(verifyLogin(account.email, 'made-up-challenge', code(account.secret, 0)));
      expect([wrongCode?.code, otherEmail?.code, madeUp?.code]).toEqual([status.UNAUTHENTICATED, status.UNAUTHENTICATED, status.UNAUTHENTICATED]);
      await eventually(async () => {
        const rows = await h.sql<{ action: string }>("SELECT action FROM audit_log WHERE user_id = $1 AND action = 'LOGIN_MFA_FAILED'", [account.id]);
        expect(rows).toHaveLength(1);
      });
    });

    it('lets a challenge be tried five times, racing or not', async () => {
      const account = await enrolled('tries@example.org');
      const challenge = await challengeOf(account.email, account.password);
      const bad = '000000' === code(account.secret, 0) ? '999999' : '000000';
      await Promise.allSettled(Array.from({ length: 7 }, () => verifyLogin(account.email, challenge, bad)));
      const [row] = await h.sql<{ attempts: number }>('SELECT attempts FROM mfa_challenge WHERE account_id = $1', [account.id]);
      expect(row?.attempts).toBe(5);
      expect((await failure(verifyLogin(account.email, challenge, code(account.secret, 0))))?.details).toBe(
        'The sign-in challenge is not valid or has expired; sign in again with your password',
      );
    });

    it('refuses an expired challenge', async () => {
      const account = await enrolled('late@example.org');
      const challenge = await challengeOf(account.email, account.password);
      await h.sql("UPDATE mfa_challenge SET expires_at = now() - interval '1 second' WHERE account_id = $1", [account.id]);
      expect((await failure(verifyLogin(account.email, challenge, code(account.secret, 0))))?.code).toBe(status.UNAUTHENTICATED);
    });

    it('works for system accounts too', async () => {
      const token = (await calls.systemLogin()).accessToken;
      await unary(
        h.client,
        h.client.createSystemUser,
        { email: 'staff-mfa@platform.test', firstName: 'Staff', lastName: 'Mfa', systemRole: 'SUPPORT_ADMIN', password: 'staff password 1' },
        { token },
      );
      const staff = await calls.systemLogin('staff-mfa@platform.test', 'staff password 1');
      const { secret } = await unary(h.client, h.client.startMfaEnrolment, {}, { token: staff.accessToken });
      await unary(h.client, h.client.confirmMfaEnrolment, { code: code(secret, 0) }, { token: staff.accessToken });
      const reply = await unary(h.client, h.client.systemLogin, { email: 'staff-mfa@platform.test', password: 'staff password 1' });
      expect(reply.mfaRequired).toBe(true);
      const pair = await verifyLogin('staff-mfa@platform.test', reply.challengeToken!, code(secret, 1));
      expect(h.signer.verifyAccess(pair.accessToken)).toMatchObject({ userType: 'SYSTEM', systemRole: 'SUPPORT_ADMIN' });
    });
  });

  describe('management', () => {
    it('regenerates backup codes with a TOTP code: the old ones stop working', async () => {
      const account = await enrolled('regen@example.org');
      const [old] = account.backupCodes;
      const withBackup = await failure(unary(h.client, h.client.regenerateBackupCodes, { code: account.backupCodes[1]! }, { token: account.token }));
      expect(withBackup?.code).toBe(status.INVALID_ARGUMENT);
      const { backupCodes } = await unary(h.client, h.client.regenerateBackupCodes, { code: code(account.secret, 0) }, { token: account.token });
      expect(backupCodes).toHaveLength(10);
      expect(backupCodes).not.toContain(old);
      expect((await failure(verifyLogin(account.email, await challengeOf(account.email, account.password), old!)))?.code).toBe(status.UNAUTHENTICATED);
      await verifyLogin(account.email, await challengeOf(account.email, account.password), backupCodes[0]!);
    });

    it('disables with a code (backup codes too); login answers tokens again', async () => {
      const account = await enrolled('disable@example.org');
      expect((await failure(unary(h.client, h.client.disableMfa, { code: 'zzzz-zzzz-zzzz' }, { token: account.token })))?.code).toBe(status.INVALID_ARGUMENT);
      expect(await unary(h.client, h.client.disableMfa, { code: account.backupCodes[0]! }, { token: account.token })).toEqual({
        enabled: false,
        enrolmentPending: false,
        backupCodesRemaining: 0,
      });
      expect((await calls.orgLogin(account.email, account.password)).mfaRequired).toBe(false);
      expect((await failure(unary(h.client, h.client.disableMfa, { code: '123456' }, { token: account.token })))?.code).toBe(status.FAILED_PRECONDITION);
      await eventually(async () => {
        const rows = await h.sql<{ action: string }>('SELECT action FROM audit_log WHERE user_id = $1 ORDER BY created_at', [account.id]);
        expect(rows.map((r) => r.action)).toEqual(expect.arrayContaining(['MFA_ENABLED', 'MFA_DISABLED']));
      });
    });

    it('stops checking codes for an account after ten in a window (RESOURCE_EXHAUSTED), whatever the route', async () => {
      const account = await enrolled('budget@example.org');
      const bad = '000000' === code(account.secret, 0) ? '999999' : '000000';
      for (let i = 0; i < 10; i++) await failure(unary(h.client, h.client.disableMfa, { code: bad }, { token: account.token }));
      const refused = await failure(unary(h.client, h.client.disableMfa, { code: code(account.secret, 0) }, { token: account.token }));
      expect(refused?.code).toBe(status.RESOURCE_EXHAUSTED);
      // The wait the gateway answers as Retry-After: the window.
      expect(refused?.metadata.get(ERROR_RETRY_AFTER_KEY)).toEqual(['900']);
    });
  });
});
