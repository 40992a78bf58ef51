import { status, type ServiceError } from '@grpc/grpc-js';
import { unary } from '@platform/grpc-server';
import type { identityV1 } from '@platform/proto';
import pg from 'pg';
import { createLogger } from '@platform/telemetry';
import { ensureBootstrapAdmin } from '../src/bootstrap';
import { createIdentityDb } from '../src/store/db';
import { ADMIN, startIdentityHarness, tokensOf, type IdentityHarness } from './identity-harness';

const ORG_A = '6f1d2a52-0000-4000-8000-00000000000a';
const ORG_B = '6f1d2a52-0000-4000-8000-00000000000b';

describe('identity service', () => {
  let h: IdentityHarness;
  const failure = (p: Promise<unknown>) =>
    p.then(
      () => undefined,
      (e: ServiceError) => e,
    );
  const register = (email: string, password = 'long enough pw') => unary(h.client, h.client.register, { email, password, firstName: 'Ann', lastName: 'Lee' });
  const orgLogin = (email: string, password: string, organizationId = '', organizationSlug = '') =>
    unary(h.client, h.client.orgLogin, { email, password, organizationId, organizationSlug });
  const membership = (organizationId: string, status = 'ACTIVE', role = 'MEMBER', joinedAt = '2026-01-01T00:00:00Z') => ({
    organizationId,
    organizationSlug: organizationId === ORG_A ? 'alpha' : 'beta',
    role,
    status,
    joinedAt,
  });

  beforeAll(async () => {
    h = await startIdentityHarness('identity');
  });
  afterAll(async () => h?.stop());

  describe('registration', () => {
    it('creates a PENDING_VERIFICATION account and never returns the password', async () => {
      const account = await register('Ann.Lee@Example.org');
      expect(account).toMatchObject({
        email: 'ann.lee@example.org',
        firstName: 'Ann',
        lastName: 'Lee',
        status: 'PENDING_VERIFICATION',
        userType: 'ORGANIZATION',
        hasPassword: true,
      });
      expect(JSON.stringify(account)).not.toContain('long enough pw');
    });

    it('answers ALREADY_EXISTS when the email already has an account, whatever its case', async () => {
      const err = await failure(register('ANN.LEE@example.org'));
      expect(err?.code).toBe(status.ALREADY_EXISTS);
    });

    it('lets only one of two concurrent registrations of an email succeed', async () => {
      const results = await Promise.allSettled([register('race@example.org'), register('race@example.org'), register('race@example.org')]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    });

    it('refuses a short password and the email as password with INVALID_ARGUMENT', async () => {
      expect((await failure(register('short@example.org', 'short')))?.details).toContain('at least 8 characters');
      expect((await failure(register('same@example.org', 'same@example.org')))?.code).toBe(status.INVALID_ARGUMENT);
    });

    it('stores the verification token hashed and publishes it only sealed', async () => {
      const client = new pg.Client({ connectionString: h.schema.connectionString });
      await client.connect();
      try {
        const { rows } = await client.query(`SELECT token_hash FROM "${h.schema.schema}".email_verification`);
        expect(rows.length).toBeGreaterThan(0);
        expect(rows[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
      } finally {
        await client.end();
      }
    });
  });

  describe('organisation login', () => {
    let accountId: string;
    beforeAll(async () => {
      accountId = (await register('member@example.org', 'member password')).id;
      h.organisations.memberships.set(accountId, [
        membership(ORG_A, 'ACTIVE', 'ADMIN', '2025-01-01T00:00:00Z'),
        membership(ORG_B, 'ACTIVE', 'MEMBER', '2026-02-01T00:00:00Z'),
      ]);
    });

    it('asks which organisation when the account belongs to several and signed in to none yet', async () => {
      const asked = await failure(orgLogin('member@example.org', 'member password'));
      expect([asked?.code, asked?.details]).toEqual([status.INVALID_ARGUMENT, 'Name the organisation to sign in to (organizationId or organizationSlug)']);
    });

    it('issues a token pair with the spec claims; without a choice, the organisation signed in to last, not one joined later', async () => {
      await orgLogin('member@example.org', 'member password', ORG_A);
      // ORG_B was joined later (an admin added the account), yet a login without a choice opens ORG_A.
      const pair = await orgLogin('member@example.org', 'member password');
      expect(pair).toMatchObject({ tokenType: 'Bearer', expiresIn: 3600 });
      const claims = h.signer.verifyAccess(pair.accessToken!);
      expect(claims).toMatchObject({
        sub: accountId,
        email: 'member@example.org',
        username: 'member@example.org',
        userType: 'ORGANIZATION',
        organizationId: ORG_A,
        organizationRole: 'ADMIN',
        iss: 'association-platform',
      });
      expect(claims.exp - claims.iat).toBe(3600);
      expect(claims.jti).toBeTruthy();
      expect(claims.sid).toBeTruthy();
      await orgLogin('member@example.org', 'member password', ORG_B);
      expect(h.signer.verifyAccess(tokensOf(await orgLogin('member@example.org', 'member password')).accessToken).organizationId).toBe(ORG_B);
    });

    it('opens the organisation asked for by id or slug', async () => {
      expect(h.signer.verifyAccess(tokensOf(await orgLogin('member@example.org', 'member password', ORG_A)).accessToken).organizationRole).toBe('ADMIN');
      expect(h.signer.verifyAccess(tokensOf(await orgLogin('member@example.org', 'member password', '', 'alpha')).accessToken).organizationId).toBe(ORG_A);
    });

    it('answers UNAUTHENTICATED for a wrong password and for an unknown email alike', async () => {
      const wrong = await failure(orgLogin('member@example.org', 'not the password'));
      const unknown = await failure(orgLogin('nobody@example.org', 'not the password'));
      expect([wrong?.code, unknown?.code]).toEqual([status.UNAUTHENTICATED, status.UNAUTHENTICATED]);
      expect(wrong?.details).toBe(unknown?.details);
    });

    it('answers PERMISSION_DENIED for correct credentials without an active membership there', async () => {
      const { id } = await register('lonely@example.org', 'lonely password');
      h.organisations.memberships.set(id, [membership(ORG_A, 'SUSPENDED')]);
      expect((await failure(orgLogin('lonely@example.org', 'lonely password')))?.code).toBe(status.PERMISSION_DENIED);
      expect((await failure(orgLogin('lonely@example.org', 'lonely password', ORG_A)))?.code).toBe(status.PERMISSION_DENIED);
    });
  });

  describe('system login', () => {
    it('creates the bootstrap SUPER_ADMIN and lets it log in with system claims only', async () => {
      const pair = tokensOf(await unary(h.client, h.client.systemLogin, ADMIN));
      const claims = h.signer.verifyAccess(pair.accessToken!);
      expect(claims).toMatchObject({ userType: 'SYSTEM', systemRole: 'SUPER_ADMIN' });
      expect(claims.organizationId).toBeUndefined();
      expect(claims.email).toBeUndefined();
    });

    it('creates the bootstrap admin once when replicas start together', async () => {
      const db = createIdentityDb(h.schema.connectionString, h.schema.schema);
      try {
        const email = 'second-bootstrap@platform.test';
        await Promise.all(Array.from({ length: 4 }, () => ensureBootstrapAdmin(db, email, 'bootstrap password', 4, createLogger('test'))));
        expect(await h.sql('SELECT 1 FROM account WHERE email = $1', [email])).toHaveLength(1);
      } finally {
        await db.$disconnect();
      }
    });

    it('refuses organisation accounts at the system login and system accounts at the org login', async () => {
      expect((await failure(unary(h.client, h.client.systemLogin, { email: 'member@example.org', password: 'member password' })))?.code).toBe(
        status.PERMISSION_DENIED,
      );
      expect((await failure(orgLogin(ADMIN.email, ADMIN.password)))?.code).toBe(status.PERMISSION_DENIED);
    });
  });

  describe('refresh tokens', () => {
    const refresh = (refreshToken: string) => unary(h.client, h.client.refreshTokens, { refreshToken });

    it('rotates: a refresh token gives a new pair once', async () => {
      const first = tokensOf(await unary(h.client, h.client.systemLogin, ADMIN));
      const second = await refresh(first.refreshToken);
      expect(second.refreshToken).not.toBe(first.refreshToken);
      expect(h.signer.verifyAccess(second.accessToken).sid).toBe(h.signer.verifyAccess(first.accessToken).sid);
      await expect(refresh(second.refreshToken)).resolves.toBeDefined();
    });

    it('revokes the whole family when a rotated token is presented again', async () => {
      const first = tokensOf(await unary(h.client, h.client.systemLogin, ADMIN));
      const second = await refresh(first.refreshToken);
      expect((await failure(refresh(first.refreshToken)))?.code).toBe(status.UNAUTHENTICATED);
      expect((await failure(refresh(second.refreshToken)))?.code).toBe(status.UNAUTHENTICATED);
    });

    it('lets at most one of two racing refreshes with the same token succeed', async () => {
      const pair = tokensOf(await unary(h.client, h.client.systemLogin, ADMIN));
      const results = await Promise.allSettled([refresh(pair.refreshToken), refresh(pair.refreshToken), refresh(pair.refreshToken)]);
      expect(results.filter((r) => r.status === 'fulfilled').length).toBeLessThanOrEqual(1);
    });

    it('refuses an access token, a forged token and garbage as refresh tokens', async () => {
      const pair = tokensOf(await unary(h.client, h.client.systemLogin, ADMIN));
      for (const token of [pair.accessToken, 'garbage', `${pair.refreshToken}x`]) {
        expect((await failure(refresh(token)))?.code).toBe(status.UNAUTHENTICATED);
      }
    });
  });

  describe('revocation', () => {
    it('ends the current session: its refresh token no longer works', async () => {
      const pair = tokensOf(await unary(h.client, h.client.systemLogin, ADMIN));
      await expect(unary(h.client, h.client.revokeTokens, {}, { token: pair.accessToken })).resolves.toEqual({ revoked: true });
      expect((await failure(unary(h.client, h.client.refreshTokens, { refreshToken: pair.refreshToken })))?.code).toBe(status.UNAUTHENTICATED);
    });
  });

  describe('internal account RPCs', () => {
    /** What was published on any of the subjects while the action ran. */
    const publishedDuring = async (subjects: string[], action: () => Promise<unknown>): Promise<Uint8Array[]> => {
      const [first, ...rest] = subjects;
      if (!first) {
        await action();
        return [];
      }
      const inner: Uint8Array[] = [];
      const outer = await h.events(first, async () => inner.push(...(await publishedDuring(rest, action))));
      return [...outer, ...inner];
    };

    it('finds or creates an account without a password, idempotently', async () => {
      const token = h.signer.signService('organisation');
      const first = await unary(h.client, h.client.ensureAccount, { email: 'New.Owner@example.org', firstName: 'New', lastName: 'Owner' }, { token });
      const again = await unary(h.client, h.client.ensureAccount, { email: 'new.owner@example.org', firstName: 'X', lastName: 'Y' }, { token });
      expect(first).toMatchObject({ created: true, account: { email: 'new.owner@example.org', hasPassword: false } });
      expect(again).toMatchObject({ created: false, account: { id: first.account!.id } });
      await unary(h.client, h.client.discardCreatedAccount, { accountId: first.account!.id }, { token });
      expect((await failure(unary(h.client, h.client.getAccount, { accountId: first.account!.id }, { token })))?.code).toBe(status.NOT_FOUND);
    });

    it('activates an invited account once: first password, names, email verified; then FAILED_PRECONDITION', async () => {
      const token = h.signer.signService('organisation');
      const { account } = await unary(h.client, h.client.ensureAccount, { email: 'invited@example.org', firstName: 'Invited', lastName: '-' }, { token });
      const weak = await failure(
        unary(h.client, h.client.activateAccount, { accountId: account!.id, password: 'short', firstName: '', lastName: '' }, { token }),
      );
      expect(weak?.code).toBe(status.INVALID_ARGUMENT);
      const activated = await unary(
        h.client,
        h.client.activateAccount,
        { accountId: account!.id, password: 'invited password', firstName: 'Ivy', lastName: 'Vine' },
        { token },
      );
      expect(activated).toMatchObject({ id: account!.id, hasPassword: true, emailVerified: true, status: 'ACTIVE', firstName: 'Ivy', lastName: 'Vine' });
      const again = await failure(
        unary(h.client, h.client.activateAccount, { accountId: account!.id, password: 'another password', firstName: '', lastName: '' }, { token }),
      );
      expect(again?.code).toBe(status.FAILED_PRECONDITION);
    });

    it('finds or creates many accounts in one call, answering each entry in order, and publishes nothing', async () => {
      const token = h.signer.signService('organisation');
      const known = await register('batch.known@example.org');
      const request = {
        accounts: [
          { email: 'Batch.Known@example.org', firstName: 'Kim', lastName: 'Known' },
          { email: 'batch.new@example.org', firstName: 'Nia', lastName: 'New' },
          { email: ' BATCH.NEW@example.org', firstName: 'Other', lastName: 'Name' },
          { email: 'not-an-email', firstName: 'No', lastName: 'Body' },
          { email: 'batch.nameless@example.org', firstName: '', lastName: 'Lee' },
          { email: 'batch.other@example.org', firstName: 'Otto', lastName: 'Other' },
        ],
      };
      let reply: identityV1.EnsureAccountsResponse | undefined;
      // As EnsureAccount: no registration mail (user.registered), no account.updated, no audit entry.
      const published = await publishedDuring(['identity.user.registered', 'identity.account.updated', 'audit.recorded'], async () => {
        reply = await unary(h.client, h.client.ensureAccounts, request, { token });
      });
      expect(published).toHaveLength(0);
      const [existing, created, sameAddress, invalid, nameless, other] = reply!.results;
      expect(existing).toMatchObject({ email: 'Batch.Known@example.org', created: false, error: '', account: { id: known.id, hasPassword: true } });
      expect(created).toMatchObject({
        created: true,
        error: '',
        account: { email: 'batch.new@example.org', firstName: 'Nia', lastName: 'New', status: 'ACTIVE', hasPassword: false, emailVerified: false },
      });
      expect(sameAddress).toMatchObject({ email: ' BATCH.NEW@example.org', created: true, account: { id: created!.account!.id, firstName: 'Nia' } });
      expect(invalid).toMatchObject({ email: 'not-an-email', created: false, error: 'email must be a valid email address' });
      expect(invalid!.account).toBeUndefined();
      expect(nameless).toMatchObject({ created: false, error: 'firstName is required' });
      expect(other).toMatchObject({ created: true, account: { email: 'batch.other@example.org' } });

      const again = await unary(h.client, h.client.ensureAccounts, request, { token });
      expect(again.results.map((r) => [r.account?.id, r.created])).toEqual(reply!.results.map((r) => [r.account?.id, false]));
      // The single call sees the same accounts.
      expect((await unary(h.client, h.client.ensureAccount, { email: 'batch.other@example.org', firstName: 'x', lastName: 'y' }, { token })).account?.id).toBe(
        other!.account!.id,
      );
    });

    it('creates each account once when two calls ask for the same new addresses at the same time', async () => {
      const token = h.signer.signService('organisation');
      const accounts = Array.from({ length: 50 }, (_, i) => ({ email: `batch.race${i}@example.org`, firstName: 'Ra', lastName: `Ce${i}` }));
      const [a, b] = await Promise.all([
        unary(h.client, h.client.ensureAccounts, { accounts }, { token }),
        unary(h.client, h.client.ensureAccounts, { accounts: [...accounts].reverse() }, { token }),
      ]);
      const bByEmail = new Map(b.results.map((r) => [r.email, r]));
      for (const result of a.results) {
        const twin = bByEmail.get(result.email)!;
        expect(twin.account!.id).toBe(result.account!.id);
        expect([result.created, twin.created].filter(Boolean)).toHaveLength(1);
      }
    });

    it('refuses more than 500 entries in one EnsureAccounts call', async () => {
      const token = h.signer.signService('organisation');
      const accounts = Array.from({ length: 501 }, (_, i) => ({ email: `too.many${i}@example.org`, firstName: 'Too', lastName: 'Many' }));
      expect((await failure(unary(h.client, h.client.ensureAccounts, { accounts }, { token })))?.code).toBe(status.INVALID_ARGUMENT);
    });

    it('refuses user tokens on internal RPCs', async () => {
      const pair = tokensOf(await unary(h.client, h.client.systemLogin, ADMIN));
      expect((await failure(unary(h.client, h.client.batchGetAccounts, { accountIds: [] }, { token: pair.accessToken })))?.code).toBe(status.PERMISSION_DENIED);
      const ensure = { accounts: [{ email: 'by-a-user@example.org', firstName: 'By', lastName: 'User' }] };
      expect((await failure(unary(h.client, h.client.ensureAccounts, ensure, { token: pair.accessToken })))?.code).toBe(status.PERMISSION_DENIED);
    });
  });
});
