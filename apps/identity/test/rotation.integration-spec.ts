import { status } from '@grpc/grpc-js';
import { unary } from '@platform/grpc-server';
import { identityEventsV1 } from '@platform/proto';
import { Metadata } from '@grpc/grpc-js';
import { failure } from '@platform/testing';
import { identityCalls, startIdentityHarness, tokensOf, type IdentityHarness } from './identity-harness';

describe('refresh-token rotation strategies', () => {
  let h: IdentityHarness;
  let calls: ReturnType<typeof identityCalls>;
  let adminToken: string;
  const strategy = (tokenRotationStrategy: string, maxActiveTokensPerUser?: number) =>
    unary(
      h.client,
      h.client.updateSystemSettings,
      { settings: { tokenRotationStrategy, maxActiveTokensPerUser, secrets: {}, configuredSecrets: [] } },
      { token: adminToken },
    );
  const jtiOf = (refreshToken: string) => h.signer.verifyRefresh(refreshToken).jti;
  const sidOf = (accessToken: string) => h.signer.verifyAccess(accessToken).sid;
  const stillWorks = async (refreshToken: string) => (await failure(calls.refresh(refreshToken))) === undefined;
  /** The outcome of each of several refreshes racing with the same token. */
  const race = async (refreshToken: string) =>
    (await Promise.allSettled([1, 2, 3].map(() => calls.refresh(refreshToken)))).filter((r) => r.status === 'fulfilled').length;

  beforeAll(async () => {
    h = await startIdentityHarness('identity-rotation');
    calls = identityCalls(h);
    adminToken = (await calls.systemLogin()).accessToken;
  });
  afterAll(async () => h?.stop());

  describe('CREATE_NEW (the default)', () => {
    it('is what the settings start with', async () => {
      expect((await unary(h.client, h.client.getSystemSettings, {}, { token: adminToken })).tokenRotationStrategy).toBe('CREATE_NEW');
    });

    it('issues a new refresh token on every use; reusing a spent one ends the family', async () => {
      const member = await calls.member('create-new@example.org');
      const first = tokensOf(await calls.orgLogin(member.email, member.password));
      const second = await calls.refresh(first.refreshToken);
      expect(jtiOf(second.refreshToken)).not.toBe(jtiOf(first.refreshToken));
      expect((await failure(calls.refresh(first.refreshToken)))?.code).toBe(status.UNAUTHENTICATED);
      expect(await stillWorks(second.refreshToken)).toBe(false);
    });
  });

  describe('UPDATE_EXISTING', () => {
    beforeAll(() => strategy('UPDATE_EXISTING'));
    afterAll(() => strategy('CREATE_NEW'));

    it('re-issues the same token (same id) with a later expiry', async () => {
      const member = await calls.member('update-existing@example.org');
      const first = tokensOf(await calls.orgLogin(member.email, member.password));
      const second = await calls.refresh(first.refreshToken);
      expect(jtiOf(second.refreshToken)).toBe(jtiOf(first.refreshToken));
      expect(h.signer.verifyRefresh(second.refreshToken).exp).toBeGreaterThan(h.signer.verifyRefresh(first.refreshToken).exp);
      expect(sidOf(second.accessToken)).toBe(sidOf(first.accessToken));
      const rows = await h.sql<{ n: string }>('SELECT count(*) AS n FROM refresh_token WHERE session_id = $1', [sidOf(first.accessToken)]);
      expect(rows[0]?.n).toBe('1');
      const third = await calls.refresh(second.refreshToken);
      expect(jtiOf(third.refreshToken)).toBe(jtiOf(first.refreshToken));
    });

    it('ends the family when an older version of the token is presented', async () => {
      const member = await calls.member('update-reuse@example.org');
      const first = tokensOf(await calls.orgLogin(member.email, member.password));
      const second = await calls.refresh(first.refreshToken);
      const revoked = await h.nextMessage('identity.session.revoked', () => failure(calls.refresh(first.refreshToken)));
      expect(identityEventsV1.SessionRevoked.decode(revoked!)).toMatchObject({ sessionId: sidOf(first.accessToken), reason: 'REFRESH_TOKEN_REUSE' });
      expect(await stillWorks(second.refreshToken)).toBe(false);
    });

    it('lets at most one of racing refreshes succeed', async () => {
      const member = await calls.member('update-race@example.org');
      const pair = tokensOf(await calls.orgLogin(member.email, member.password));
      expect(await race(pair.refreshToken)).toBeLessThanOrEqual(1);
    });
  });

  describe('LIMIT_PER_DEVICE', () => {
    beforeAll(() => strategy('LIMIT_PER_DEVICE'));
    afterAll(() => strategy('CREATE_NEW'));

    it('keeps one session per device: a new login on the device ends the previous one there', async () => {
      const member = await calls.member('per-device@example.org');
      const phone = tokensOf(await calls.orgLogin(member.email, member.password, 'phone-1'));
      const laptop = tokensOf(await calls.orgLogin(member.email, member.password, 'laptop-1'));
      let phoneAgain: { accessToken: string; refreshToken: string } | undefined;
      const revoked = await h.nextMessage('identity.session.revoked', async () => {
        phoneAgain = tokensOf(await calls.orgLogin(member.email, member.password, 'phone-1'));
      });
      expect(identityEventsV1.SessionRevoked.decode(revoked!)).toMatchObject({
        accountId: member.id,
        sessionId: sidOf(phone.accessToken),
        reason: 'DEVICE_REPLACED',
      });
      expect(await stillWorks(phone.refreshToken)).toBe(false);
      expect(await stillWorks(laptop.refreshToken)).toBe(true);
      expect(await stillWorks(phoneAgain!.refreshToken)).toBe(true);
    });

    it('reads the device id from the x-device-id metadata (the gateway’s X-Device-Id header) too', async () => {
      const member = await calls.member('per-device-header@example.org');
      const withHeader = () => {
        const metadata = new Metadata();
        metadata.set('x-device-id', 'tablet-9');
        return new Promise<{ accessToken?: string; refreshToken?: string }>((resolve, reject) =>
          h.client.orgLogin({ email: member.email, password: member.password, organizationId: '', organizationSlug: '' }, metadata, (err, reply) =>
            err ? reject(err) : resolve(reply),
          ),
        );
      };
      const first = tokensOf(await withHeader());
      tokensOf(await withHeader());
      expect(await stillWorks(first.refreshToken)).toBe(false);
      const [row] = await h.sql<{ device_id: string }>('SELECT device_id FROM session WHERE id = $1', [sidOf(first.accessToken)]);
      expect(row?.device_id).toBe('tablet-9');
    });

    it('refuses a device id that is too long with INVALID_ARGUMENT', async () => {
      const member = await calls.member('per-device-long@example.org');
      expect((await failure(calls.orgLogin(member.email, member.password, 'x'.repeat(129))))?.code).toBe(status.INVALID_ARGUMENT);
    });
  });

  describe('LIMIT_TOTAL', () => {
    beforeAll(() => strategy('LIMIT_TOTAL', 2));
    afterAll(() => strategy('CREATE_NEW'));

    it('caps a user’s active sessions: the oldest is ended', async () => {
      const member = await calls.member('total@example.org');
      const first = tokensOf(await calls.orgLogin(member.email, member.password));
      const second = tokensOf(await calls.orgLogin(member.email, member.password));
      const third = tokensOf(await calls.orgLogin(member.email, member.password));
      expect(await stillWorks(first.refreshToken)).toBe(false);
      expect(await stillWorks(second.refreshToken)).toBe(true);
      expect(await stillWorks(third.refreshToken)).toBe(true);
    });

    it('holds the cap under concurrent logins', async () => {
      const member = await calls.member('total-race@example.org');
      await Promise.all([1, 2, 3, 4, 5].map(() => calls.orgLogin(member.email, member.password)));
      const rows = await h.sql<{ n: string }>('SELECT count(*) AS n FROM session WHERE account_id = $1 AND revoked_at IS NULL', [member.id]);
      expect(rows[0]?.n).toBe('2');
    });

    it('still ends the family on reuse, and lets at most one racing refresh succeed', async () => {
      const member = await calls.member('total-reuse@example.org');
      const pair = tokensOf(await calls.orgLogin(member.email, member.password));
      const next = await calls.refresh(pair.refreshToken);
      await failure(calls.refresh(pair.refreshToken));
      expect(await stillWorks(next.refreshToken)).toBe(false);
      const other = tokensOf(await calls.orgLogin(member.email, member.password));
      expect(await race(other.refreshToken)).toBeLessThanOrEqual(1);
    });
  });
});
