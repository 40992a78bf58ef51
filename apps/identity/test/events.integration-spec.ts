import { status, type ServiceError } from '@grpc/grpc-js';
import { SecretBox } from '@platform/crypto';
import { unary } from '@platform/grpc-server';
import { identityEventsV1, organisationEventsV1 } from '@platform/proto';
import { startIdentityHarness, tokensOf, type IdentityHarness } from './identity-harness';

const ORG = '6f1d2a52-0000-4000-8000-0000000000cc';
const DEFAULT_KEY = '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff';

describe('identity events', () => {
  let h: IdentityHarness;
  beforeAll(async () => {
    h = await startIdentityHarness('identity-events');
  });
  afterAll(async () => h?.stop());

  it('publishes identity.user.registered with the verification token sealed', async () => {
    const data = await h.nextEvent('identity.user.registered', () =>
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
    const data = await h.nextEvent('identity.session.revoked', () => unary(h.client, h.client.revokeTokens, {}, { token: pair.accessToken }));
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
    const revoked = await h.nextEvent('identity.session.revoked', () => h.publish('organisation.membership.changed', change));
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
});
