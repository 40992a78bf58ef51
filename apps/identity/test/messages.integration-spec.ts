import { status, type ServiceError } from '@grpc/grpc-js';
import { SecretBox } from '@platform/crypto';
import { unary } from '@platform/grpc-server';
import { identityEventsV1, organisationEventsV1, type identityV1 } from '@platform/proto';
import { eventually } from '@platform/testing';
import { startIdentityHarness, tokensOf, type IdentityHarness } from './identity-harness';

const ORG = '6f1d2a52-0000-4000-8000-0000000000cc';
const DEFAULT_KEY = '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff';

describe('identity messages', () => {
  let h: IdentityHarness;
  beforeAll(async () => {
    h = await startIdentityHarness('identity-messages');
  });
  afterAll(async () => h?.stop());

  it('publishes identity.user.registered with the verification token sealed', async () => {
    const data = await h.nextMessage('identity.user.registered', () =>
      unary(h.client, h.client.register, { email: 'events@example.org', password: 'a good password', firstName: 'Eve', lastName: 'Ents' }),
    );
    const event = identityEventsV1.UserRegistered.decode(data!);
    expect(event).toMatchObject({ email: 'events@example.org', firstName: 'Eve' });
    const token = new SecretBox(DEFAULT_KEY).open(event.verificationToken!.ciphertext);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(data!).toString('latin1')).not.toContain(token);
  });

  it('publishes identity.session.revoked when a session is revoked', async () => {
    await unary(h.client, h.client.register, { email: 'logout@example.org', password: 'a good password', firstName: 'Lo', lastName: 'Gout' });
    const account = await unary(
      h.client,
      h.client.ensureAccount,
      { email: 'logout@example.org', firstName: 'x', lastName: 'y' },
      { token: h.signer.signService('test') },
    );
    h.organisations.memberships.set(account.account!.id, [
      { organizationId: ORG, organizationSlug: 'c', role: 'MEMBER', status: 'ACTIVE', joinedAt: '2026-01-01T00:00:00Z' },
    ]);
    const pair = tokensOf(
      await unary(h.client, h.client.orgLogin, { email: 'logout@example.org', password: 'a good password', organizationId: '', organizationSlug: '' }),
    );
    const data = await h.nextMessage('identity.session.revoked', () => unary(h.client, h.client.revokeTokens, {}, { token: pair.accessToken }));
    const event = identityEventsV1.SessionRevoked.decode(data!);
    expect(event).toMatchObject({ accountId: account.account!.id, sessionId: h.signer.verifyAccess(pair.accessToken).sid, reason: 'LOGOUT' });
  });

  it('ends the sessions of a membership that is suspended', async () => {
    await unary(h.client, h.client.register, { email: 'suspended@example.org', password: 'a good password', firstName: 'Su', lastName: 'Spended' });
    const { account } = await unary(
      h.client,
      h.client.ensureAccount,
      { email: 'suspended@example.org', firstName: 'x', lastName: 'y' },
      { token: h.signer.signService('test') },
    );
    h.organisations.memberships.set(account!.id, [
      { organizationId: ORG, organizationSlug: 'c', role: 'MEMBER', status: 'ACTIVE', joinedAt: '2026-01-01T00:00:00Z' },
    ]);
    const pair = tokensOf(
      await unary(h.client, h.client.orgLogin, { email: 'suspended@example.org', password: 'a good password', organizationId: '', organizationSlug: '' }),
    );
    const change = organisationEventsV1.MembershipChanged.encode({
      accountId: account!.id,
      organizationId: ORG,
      role: 'MEMBER',
      previousRole: 'MEMBER',
      status: 'SUSPENDED',
      previousStatus: 'ACTIVE',
      occurredAt: new Date().toISOString(),
    }).finish();
    const revoked = await h.nextMessage('identity.session.revoked', () => h.publish('organisation.membership.changed', change));
    expect(identityEventsV1.SessionRevoked.decode(revoked!)).toMatchObject({
      sessionId: h.signer.verifyAccess(pair.accessToken).sid,
      reason: 'MEMBERSHIP_SUSPENDED',
    });
    const err = await unary(h.client, h.client.refreshTokens, { refreshToken: pair.refreshToken }).then(
      () => undefined,
      (e: ServiceError) => e,
    );
    expect(err?.code).toBe(status.UNAUTHENTICATED);
  });

  it('ends every session of the account an operator names, tells the gateway, and records SESSIONS_REVOKED', async () => {
    await unary(h.client, h.client.register, { email: 'ops-revoke@example.org', password: 'a good password', firstName: 'Op', lastName: 'Revoke' });
    const account = (
      await unary(h.client, h.client.ensureAccount, { email: 'ops-revoke@example.org', firstName: 'x', lastName: 'y' }, { token: h.signer.signService('test') })
    ).account!;
    h.organisations.memberships.set(account.id, [
      { organizationId: ORG, organizationSlug: 'c', role: 'MEMBER', status: 'ACTIVE', joinedAt: '2026-01-01T00:00:00Z' },
    ]);
    const orgLogin = () =>
      unary(h.client, h.client.orgLogin, { email: 'ops-revoke@example.org', password: 'a good password', organizationId: '', organizationSlug: '' });
    const first = tokensOf(await orgLogin());
    const second = tokensOf(await orgLogin());
    const sessions = [first, second].map((pair) => h.signer.verifyAccess(pair.accessToken).sid);

    let reply: identityV1.RevokeAccountSessionsResponse | undefined;
    const data = await h.nextMessage('identity.session.revoked', async () => {
      reply = await unary(
        h.client,
        h.client.revokeAccountSessions,
        { email: ' OPS-Revoke@Example.org ', operator: 'olga' },
        { token: h.signer.signService('ops') },
      );
    });
    expect(reply).toEqual({ accountId: account.id, revoked: 2 });
    const event = identityEventsV1.SessionRevoked.decode(data!);
    expect(event).toMatchObject({ accountId: account.id, reason: 'OPERATOR_REVOKED' });
    expect(sessions).toContain(event.sessionId);
    const rows = await h.sql<{ id: string; revoke_reason: string }>('SELECT id::text, revoke_reason FROM session WHERE account_id = $1 ORDER BY id', [
      account.id,
    ]);
    expect(rows.map((r) => [r.id, r.revoke_reason])).toEqual([...sessions].sort().map((id) => [id, 'OPERATOR_REVOKED']));
    const err = await unary(h.client, h.client.refreshTokens, { refreshToken: second.refreshToken }).then(
      () => undefined,
      (e: ServiceError) => e,
    );
    expect(err?.code).toBe(status.UNAUTHENTICATED);
    const [audit] = await eventually(async () => {
      const found = await h.sql<{ action: string; detail: Record<string, unknown> }>(
        "SELECT action, detail FROM audit_log WHERE user_id = $1 AND action = 'SESSIONS_REVOKED'",
        [account.id],
      );
      expect(found).toHaveLength(1);
      return found;
    });
    expect(audit!.detail).toMatchObject({ operator: 'olga', via: 'ops-cli', revoked: 2, by: 'service:ops' });

    const again = await unary(
      h.client,
      h.client.revokeAccountSessions,
      { email: 'ops-revoke@example.org', operator: 'olga' },
      { token: h.signer.signService('ops') },
    );
    expect(again.revoked).toBe(0);
    const refused = (request: { email: string; operator: string }, token?: string) =>
      unary(h.client, h.client.revokeAccountSessions, request, { token }).then(
        () => undefined,
        (e: ServiceError) => e.code,
      );
    expect(await refused({ email: 'nobody@example.org', operator: 'olga' }, h.signer.signService('ops'))).toBe(status.NOT_FOUND);
    expect(await refused({ email: 'ops-revoke@example.org', operator: 'olga' }, tokensOf(await orgLogin()).accessToken)).toBe(status.PERMISSION_DENIED);
  });
});
