import { status } from '@grpc/grpc-js';
import { unary } from '@platform/grpc-server';
import { identityEventsV1 } from '@platform/proto';
import { ERROR_CODE_KEY, ERROR_RETRY_AFTER_KEY } from '@platform/errors';
import { failure, violationsOf } from '@platform/testing';
import { createIdentityDb } from '../src/store/db';
import { pruneExpiredRecords } from '../src/jobs/expired-records';
import { identityCalls, RESET_FLOOR_MS, startIdentityHarness, tokensOf, type IdentityHarness } from './identity-harness';

describe('password reset', () => {
  let h: IdentityHarness;
  let calls: ReturnType<typeof identityCalls>;
  const request = (email: string) => unary(h.client, h.client.requestPasswordReset, { email });
  const resend = (email: string) => unary(h.client, h.client.resendPasswordReset, { email });
  const verify = (email: string, code: string, newPassword: string) => unary(h.client, h.client.verifyPasswordReset, { email, code, newPassword });

  /** Asks for a code and answers it, read from the event as notifications would. */
  async function codeFor(email: string, ask = request): Promise<{ code: string; event: identityEventsV1.PasswordResetRequested; raw: Uint8Array }> {
    const raw = await h.nextMessage('identity.password.reset-requested', () => ask(email));
    if (!raw) throw new Error(`no code was sent to ${email}`);
    const event = identityEventsV1.PasswordResetRequested.decode(raw);
    return { code: h.box.open(event.code!.ciphertext), event, raw };
  }
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  const codesIssued = async (accountId: string) =>
    Number((await h.sql<{ n: string }>('SELECT count(*) AS n FROM password_reset_code WHERE account_id = $1', [accountId]))[0]?.n);

  beforeAll(async () => {
    h = await startIdentityHarness('identity-reset', { PASSWORD_RESET_MAX_CODES: '3' });
    calls = identityCalls(h);
  });
  afterAll(async () => h?.stop());

  describe('request', () => {
    it('answers the same body for a known and an unknown address, no sooner than the floor either way', async () => {
      await calls.member('known@example.org');
      const timed = async (email: string) => {
        const started = Date.now();
        const reply = await request(email);
        return { reply, ms: Date.now() - started };
      };
      // Alternating samples, compared by their medians: one slow sample on a busy machine says
      // nothing about the service.
      const known: { reply: unknown; ms: number }[] = [];
      const unknown: { reply: unknown; ms: number }[] = [];
      for (let i = 0; i < 5; i++) {
        known.push(await timed('known@example.org'));
        unknown.push(await timed(`nobody-here-${i}@example.org`));
      }
      const median = (samples: { ms: number }[]) => samples.map((x) => x.ms).sort((x, y) => x - y)[2]!;
      expect(new Set([...known, ...unknown].map((x) => JSON.stringify(x.reply))).size).toBe(1);
      expect(known[0]!.reply).toEqual({ message: 'If an account exists for this address, a code has been sent to it.' });
      for (const x of [...known, ...unknown]) expect(x.ms).toBeGreaterThanOrEqual(RESET_FLOOR_MS - 5);
      expect(Math.abs(median(known) - median(unknown))).toBeLessThan(100);
    });

    it('publishes identity.password.reset-requested with a sealed 6-digit code, the name and email for the mail', async () => {
      const member = await calls.member('mail@example.org');
      const { code, event, raw } = await codeFor('Mail@Example.org');
      expect(code).toMatch(/^\d{6}$/);
      expect(event).toMatchObject({ accountId: member.id, email: 'mail@example.org', firstName: 'Mem', lastName: 'Ber', resend: false });
      expect(new Date(event.expiresAt).getTime() - Date.now()).toBeGreaterThan(890_000);
      expect(Buffer.from(raw).toString('latin1')).not.toContain(code);
    });

    it('stores the code only as a hash', async () => {
      const member = await calls.member('hashed@example.org');
      const { code } = await codeFor(member.email);
      const [row] = await h.sql<{ code_hash: string }>('SELECT code_hash FROM password_reset_code WHERE account_id = $1', [member.id]);
      expect(row?.code_hash).toMatch(/^\$2[aby]\$/);
      expect(row?.code_hash).not.toContain(code);
    });

    it('sends nothing for an unknown address', async () => {
      expect(await h.nextMessage('identity.password.reset-requested', () => request('ghost@example.org'), 1000)).toBeUndefined();
    });

    it('refuses a malformed address with INVALID_ARGUMENT', async () => {
      expect((await failure(request('not-an-email')))?.code).toBe(status.INVALID_ARGUMENT);
      expect((await failure(request('')))?.code).toBe(status.INVALID_ARGUMENT);
    });
  });

  describe('verify', () => {
    it('sets the password, ends every session, and announces it for the lockout and the denylist', async () => {
      const member = await calls.member('reset@example.org', 'old password 1');
      const first = tokensOf(await calls.orgLogin(member.email, member.password));
      const second = tokensOf(await calls.orgLogin(member.email, member.password));
      const { code } = await codeFor(member.email);
      let changed: Uint8Array | undefined;
      const revoked = await h.events('identity.session.revoked', async () => {
        changed = await h.nextMessage('identity.password.changed', () => verify(member.email, code, 'brand new password'));
      });
      expect(identityEventsV1.PasswordChanged.decode(changed!)).toMatchObject({ accountId: member.id, email: 'reset@example.org', via: 'RESET' });
      const sessions = revoked.map((data) => identityEventsV1.SessionRevoked.decode(data));
      expect(sessions.map((e) => e.sessionId).sort()).toEqual(
        [h.signer.verifyAccess(first.accessToken).sid, h.signer.verifyAccess(second.accessToken).sid].sort(),
      );
      for (const e of sessions) {
        expect(e).toMatchObject({ accountId: member.id, reason: 'PASSWORD_RESET' });
        expect(Math.abs(Number(e.revokedAt) - Date.now() / 1000)).toBeLessThan(5);
      }
      expect((await failure(calls.refresh(first.refreshToken)))?.code).toBe(status.UNAUTHENTICATED);
      expect((await failure(calls.orgLogin(member.email, member.password)))?.code).toBe(status.UNAUTHENTICATED);
      // A session opened right after the reset works (no account-wide denylisting by the second).
      tokensOf(await calls.orgLogin(member.email, 'brand new password'));
    });

    it('accepts a code once', async () => {
      const member = await calls.member('once@example.org');
      const { code } = await codeFor(member.email);
      await verify(member.email, code, 'first new password');
      const again = await failure(verify(member.email, code, 'second new password'));
      expect(again?.code).toBe(status.INVALID_ARGUMENT);
      expect(again?.details).toBe('The code is not valid or has expired. Request a new code.');
    });

    it('kills a code after five wrong tries, even racing ones: the right code no longer works', async () => {
      const member = await calls.member('guess@example.org');
      const { code } = await codeFor(member.email);
      const guesses = await Promise.allSettled(Array.from({ length: 8 }, () => verify(member.email, wrong(code), 'guessed password')));
      expect(guesses.every((g) => g.status === 'rejected')).toBe(true);
      const [row] = await h.sql<{ attempts: number }>('SELECT attempts FROM password_reset_code WHERE account_id = $1', [member.id]);
      expect(row?.attempts).toBe(5);
      expect((await failure(verify(member.email, code, 'guessed password')))?.code).toBe(status.INVALID_ARGUMENT);
    });

    it('allows an address ten tries a day across all its codes, then 423 with Retry-After even for the right code, known or not', async () => {
      const member = await calls.member('budget@example.org');
      for (let i = 0; i < 2; i++) {
        const { code } = await codeFor(member.email);
        for (let j = 0; j < 5; j++) expect((await failure(verify(member.email, wrong(code), 'guessed password')))?.code).toBe(status.INVALID_ARGUMENT);
      }
      const { code } = await codeFor(member.email);
      const spent = await failure(verify(member.email, code, 'my new password'));
      expect([spent?.code, spent?.metadata.get(ERROR_CODE_KEY)[0], Number(spent?.metadata.get(ERROR_RETRY_AFTER_KEY)[0])]).toEqual([
        status.RESOURCE_EXHAUSTED,
        'TOO_MANY_ATTEMPTS',
        expect.any(Number),
      ]);
      expect(Number(spent?.metadata.get(ERROR_RETRY_AFTER_KEY)[0])).toBeGreaterThan(23 * 3600);
      for (let i = 0; i < 10; i++) await failure(verify('nobody-budget@example.org', '123456', 'whatever password'));
      expect((await failure(verify('nobody-budget@example.org', '123456', 'whatever password')))?.metadata.get(ERROR_CODE_KEY)[0]).toBe('TOO_MANY_ATTEMPTS');

      // A day later the budget starts again and the code still works.
      await h.sql("UPDATE password_reset_verify_throttle SET window_start = now() - interval '25 hours'");
      expect(await verify(member.email, code, 'my new password')).toEqual({ message: 'Your password has been reset. Sign in with the new password.' });
    });

    it('refuses an expired code', async () => {
      const member = await calls.member('expired@example.org');
      const { code } = await codeFor(member.email);
      await h.sql("UPDATE password_reset_code SET expires_at = now() - interval '1 second' WHERE account_id = $1", [member.id]);
      expect((await failure(verify(member.email, code, 'too late password')))?.details).toBe('The code is not valid or has expired. Request a new code.');
    });

    it('answers an unknown address exactly like a wrong code', async () => {
      const unknown = await failure(verify('nobody-at-all@example.org', '123456', 'whatever password'));
      const member = await calls.member('samewrong@example.org');
      const { code } = await codeFor(member.email);
      const wrongCode = await failure(verify(member.email, wrong(code), 'whatever password'));
      expect([unknown?.code, unknown?.details]).toEqual([wrongCode?.code, wrongCode?.details]);
    });

    it('applies the password rules with clear 400s, and refuses malformed codes', async () => {
      const member = await calls.member('rules@example.org');
      const { code } = await codeFor(member.email);
      expect((await failure(verify(member.email, code, 'short')))?.details).toBe('Invalid newPassword: must be at least 8 characters long');
      expect((await failure(verify(member.email, code, 'rules@example.org')))?.details).toBe('Invalid newPassword: must not be your email address');
      expect(violationsOf(await failure(verify(member.email, '12ab56', 'good new password')))).toEqual([
        { field: 'code', message: 'must be the 6-digit code from the email' },
      ]);
      // The rules are checked before the code: it still works.
      await verify(member.email, code, 'good new password');
    });

    it('lets an account made for someone (no password) set one, which also verifies the address', async () => {
      const { account } = await unary(
        h.client,
        h.client.ensureAccount,
        { email: 'imported@example.org', firstName: 'Im', lastName: 'Ported' },
        { token: calls.service() },
      );
      const { code } = await codeFor('imported@example.org');
      await verify('imported@example.org', code, 'my first password');
      const after = await unary(h.client, h.client.getAccount, { accountId: account!.id }, { token: calls.service() });
      expect(after).toMatchObject({ hasPassword: true, emailVerified: true, status: 'ACTIVE' });
    });

    it('activates a PENDING_VERIFICATION account (the code proves the address)', async () => {
      const member = await calls.member('pending-reset@example.org');
      const { code } = await codeFor(member.email);
      const updated = await h.nextMessage('identity.account.updated', () => verify(member.email, code, 'verified by code'));
      expect(identityEventsV1.AccountUpdated.decode(updated!)).toMatchObject({ accountId: member.id, status: 'ACTIVE' });
    });
  });

  describe('resend', () => {
    it('issues a fresh code and the previous one stops working', async () => {
      const member = await calls.member('resend@example.org');
      const first = await codeFor(member.email);
      const second = await codeFor(member.email, resend);
      expect(second.event.resend).toBe(true);
      expect((await failure(verify(member.email, first.code, 'from the old code')))?.code).toBe(status.INVALID_ARGUMENT);
      await verify(member.email, second.code, 'from the new code');
    });

    it('answers like a request, for known and unknown addresses', async () => {
      expect(await resend('never-registered@example.org')).toEqual(await request('never-registered@example.org'));
    });
  });

  describe('under a flood', () => {
    it('sends no more codes to one address than the limit, and every answer is the same', async () => {
      const member = await calls.member('flood@example.org');
      let replies: unknown[] = [];
      const events = await h.events('identity.password.reset-requested', async () => {
        replies = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? request(member.email) : resend(member.email))));
      });
      expect(events).toHaveLength(3);
      expect(await codesIssued(member.id)).toBe(3);
      expect(new Set(replies.map((r) => JSON.stringify(r))).size).toBe(1);
    });

    it('limits each of many addresses on its own, known or not, with the same answers', async () => {
      const known = await Promise.all(['a', 'b', 'c', 'd'].map((x) => calls.member(`many-${x}@example.org`)));
      const addresses = [...known.map((m) => m.email), 'many-x@example.org', 'many-y@example.org'];
      let replies: unknown[] = [];
      const events = await h.events('identity.password.reset-requested', async () => {
        replies = await Promise.all(addresses.flatMap((address) => Array.from({ length: 5 }, () => request(address))));
      });
      const perAccount = new Map<string, number>();
      for (const data of events) {
        const { accountId } = identityEventsV1.PasswordResetRequested.decode(data);
        perAccount.set(accountId, (perAccount.get(accountId) ?? 0) + 1);
      }
      expect([...perAccount.values()]).toEqual([3, 3, 3, 3]);
      expect(new Set(replies.map((r) => JSON.stringify(r))).size).toBe(1);
    });
  });

  describe('housekeeping', () => {
    it('forgets windows that are over and codes long expired, so made-up addresses cannot grow the tables', async () => {
      await request('made-up-1@example.org');
      await h.sql("UPDATE password_reset_throttle SET window_start = now() - interval '1 hour'");
      const member = await calls.member('old-code@example.org');
      await codeFor(member.email);
      await h.sql("UPDATE password_reset_code SET expires_at = now() - interval '2 days' WHERE account_id = $1", [member.id]);
      const db = createIdentityDb(h.schema.connectionString, h.schema.schema);
      try {
        await pruneExpiredRecords(db, new Date(), 900);
      } finally {
        await db.$disconnect();
      }
      expect(await h.sql('SELECT * FROM password_reset_throttle')).toHaveLength(1); // old-code's own, still in its window
      expect(await codesIssued(member.id)).toBe(0);
    });
  });

  describe('change (signed in)', () => {
    it('needs the current password, then ends the other sessions and keeps this one', async () => {
      const member = await calls.member('change@example.org', 'current password 1');
      const other = tokensOf(await calls.orgLogin(member.email, member.password));
      const mine = tokensOf(await calls.orgLogin(member.email, member.password));
      const change = (currentPassword: string, newPassword: string) =>
        unary(h.client, h.client.changePassword, { currentPassword, newPassword }, { token: mine.accessToken });
      expect((await failure(change('not my password', 'next password 1')))?.details).toBe('The current password is not correct');
      const revoked = await h.nextMessage('identity.session.revoked', () => change(member.password, 'next password 1'));
      expect(identityEventsV1.SessionRevoked.decode(revoked!)).toMatchObject({
        sessionId: h.signer.verifyAccess(other.accessToken).sid,
        reason: 'PASSWORD_CHANGED',
      });
      expect((await failure(calls.refresh(other.refreshToken)))?.code).toBe(status.UNAUTHENTICATED);
      await expect(calls.refresh(mine.refreshToken)).resolves.toBeDefined();
      tokensOf(await calls.orgLogin(member.email, 'next password 1'));
    });
  });
});
