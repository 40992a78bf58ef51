import { status, type ServiceError } from '@grpc/grpc-js';
import { SecretBox } from '@platform/crypto';
import { ERROR_CODE_KEY, ERROR_RETRY_AFTER_KEY } from '@platform/errors';
import { organisationEventsV1 } from '@platform/proto';
import { createTestRedis, failure, TEST_SECRETS_KEY, violationsOf, type TestRedis } from '@platform/testing';
import { startOrganisationHarness, type NewOrganization, type OrganisationHarness } from './organisation-harness';

const box = new SecretBox(TEST_SECRETS_KEY);
const codeOf = (err: ServiceError | undefined) => err?.metadata.get(ERROR_CODE_KEY)[0];

describe('invitations, join requests and creation invitations', () => {
  let h: OrganisationHarness;
  let a: NewOrganization;
  let b: NewOrganization;
  let redis: TestRedis;

  /** Invites and answers the invitation with the token its event carried (sealed) to notifications. */
  const invite = async (org: NewOrganization, email: string, extra: { roleId?: string; message?: string } = {}, token = org.ownerToken) => {
    let invitation: Awaited<ReturnType<OrganisationHarness['call']>> | undefined;
    const data = await h.nextMessage('organisation.member.invited', async () => {
      invitation = await h.call('createInvitation', { organizationId: org.org.id, email, roleId: extra.roleId ?? '', message: extra.message ?? '' }, token);
    });
    const event = organisationEventsV1.MemberInvited.decode(data!);
    return { invitation: invitation as Awaited<ReturnType<typeof createInvitation>>, event, token: box.open(event.acceptToken!.ciphertext) };
  };
  const createInvitation = (org: NewOrganization, email: string) =>
    h.call('createInvitation', { organizationId: org.org.id, email, roleId: '', message: '' }, org.ownerToken);
  const accept = (org: NewOrganization, token: string, body: { firstName?: string; lastName?: string; password?: string } = {}) =>
    h.call('acceptInvitation', {
      organizationId: org.org.id,
      token,
      firstName: body.firstName ?? '',
      lastName: body.lastName ?? '',
      password: body.password ?? '',
    });
  const member = async (org: NewOrganization, email: string) =>
    (await h.call('listMembers', { organizationId: org.org.id, status: '', search: email, sort: '' }, org.ownerToken)).content.find((u) => u.email === email);

  beforeAll(async () => {
    redis = createTestRedis('org-invitations');
    h = await startOrganisationHarness('org-invitations', {
      REDIS_KEY_PREFIX: redis.prefix,
      JOIN_REQUESTS_PER_EMAIL_PER_HOUR: '2',
      JOIN_REQUESTS_PER_IP_PER_HOUR: '4',
    });
    a = await h.newOrganization('invitations-a');
    b = await h.newOrganization('invitations-b');
  });
  afterAll(async () => {
    await h?.stop();
    await redis?.cleanup();
  });

  describe('invitations', () => {
    it('invites a new address: PENDING membership, the invitation without its token, the token sealed in organisation.member.invited', async () => {
      const { invitation, event, token } = await invite(a, 'New.Comer@Example.org', { roleId: a.roles['MANAGER'], message: 'Welcome!' });
      expect(invitation).toMatchObject({ email: 'new.comer@example.org', role: 'MANAGER', roleId: a.roles['MANAGER'], status: 'PENDING', message: 'Welcome!' });
      expect(JSON.stringify(invitation)).not.toContain(token);
      expect(Date.parse(invitation.expiresAt) - Date.parse(invitation.createdAt)).toBeCloseTo(7 * 86_400_000, -4);
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
      expect(event).toMatchObject({ invitationId: invitation.id, message: 'Welcome!', accountCreated: true, role: 'MANAGER' });
      expect(await member(a, 'new.comer@example.org')).toMatchObject({ status: 'PENDING', roles: ['MANAGER'] });
    });

    it('accepts a new account with names and password: ACTIVE with the invited role, the account activated, the event published', async () => {
      const { invitation, token } = await invite(a, 'fresh@example.org', { roleId: a.roles['GUEST'] });
      const missing = await failure(accept(a, token));
      expect(missing?.code).toBe(status.INVALID_ARGUMENT);
      expect(violationsOf(missing).map((v) => v.field)).toEqual(['firstName', 'lastName', 'password']);
      let answer: Awaited<ReturnType<typeof accept>> | undefined;
      const data = await h.nextMessage('organisation.invitation.accepted', async () => {
        answer = await accept(a, token, { firstName: 'Fay', lastName: 'Fresh', password: 'a long password' });
      });
      expect(answer).toMatchObject({
        accountActivated: true,
        organizationId: a.org.id,
        member: { status: 'ACTIVE', roles: ['GUEST'], firstName: 'Fay', lastName: 'Fresh' },
      });
      expect(organisationEventsV1.InvitationAccepted.decode(data!)).toMatchObject({ invitationId: invitation.id, role: 'GUEST', accountActivated: true });
      expect(h.identity.accounts.get(answer!.member!.id)).toMatchObject({ hasPassword: true, emailVerified: true, firstName: 'Fay' });
      const listed = await h.call('listInvitations', { organizationId: a.org.id, status: 'ACCEPTED', sort: '' }, a.ownerToken);
      expect(listed.content.map((i) => i.id)).toContain(invitation.id);
    });

    it('accepts for an existing account without a password in the body', async () => {
      h.identity.addAccount({ email: 'known@example.org', hasPassword: true, emailVerified: true });
      const { token, event } = await invite(a, 'known@example.org');
      expect(event.accountCreated).toBe(false);
      expect(await accept(a, token)).toMatchObject({ accountActivated: false, member: { status: 'ACTIVE', roles: ['MEMBER'] } });
    });

    it('answers 410 INVITATION_USED to a second use and to the loser of two acceptances at once', async () => {
      const { token } = await invite(a, 'twice@example.org');
      const results = await Promise.allSettled([0, 1, 2].map(() => accept(a, token, { firstName: 'Tw', lastName: 'Ice', password: 'another password' })));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      for (const r of results.filter((r): r is PromiseRejectedResult => r.status === 'rejected')) {
        expect([(r.reason as ServiceError).code, codeOf(r.reason as ServiceError)]).toEqual([status.FAILED_PRECONDITION, 'INVITATION_USED']);
      }
      expect(codeOf(await failure(accept(a, token)))).toBe('INVITATION_USED');
    });

    it('re-inviting a pending address replaces the invitation (the old token is cancelled); an active member is 409', async () => {
      const first = await invite(a, 'again@example.org');
      const second = await invite(a, 'again@example.org', { roleId: a.roles['ADMIN'] });
      expect(second.invitation.id).not.toBe(first.invitation.id);
      expect(codeOf(await failure(accept(a, first.token)))).toBe('INVITATION_CANCELLED');
      expect(await member(a, 'again@example.org')).toMatchObject({ status: 'PENDING', roles: ['ADMIN'] });
      await accept(a, second.token, { firstName: 'Ag', lastName: 'Ain', password: 'password again' });
      const conflict = await failure(createInvitation(a, 'again@example.org'));
      expect(conflict?.code).toBe(status.ALREADY_EXISTS);
    });

    it('cancels: the token stops working and the PENDING membership ends; another organisation sees 404', async () => {
      const { invitation, token } = await invite(a, 'cancelled@example.org');
      expect((await failure(h.call('cancelInvitation', { organizationId: b.org.id, invitationId: invitation.id }, b.ownerToken)))?.code).toBe(status.NOT_FOUND);
      await h.call('cancelInvitation', { organizationId: a.org.id, invitationId: invitation.id }, a.ownerToken);
      expect(codeOf(await failure(accept(a, token, { firstName: 'C', lastName: 'D', password: 'whatever123' })))).toBe('INVITATION_CANCELLED');
      expect(await member(a, 'cancelled@example.org')).toBeUndefined();
      // The token belongs to organisation A: B knows nothing of it.
      expect((await failure(accept(b, token)))?.code).toBe(status.NOT_FOUND);
    });

    it('answers 410 INVITATION_EXPIRED after 7 days', async () => {
      const { invitation, token } = await invite(a, 'late@example.org');
      await h.sql(`UPDATE invitation SET expires_at = now() - interval '1 second' WHERE id = $1`, [invitation.id]);
      expect(codeOf(await failure(accept(a, token, { firstName: 'L', lastName: 'Ate', password: 'late password' })))).toBe('INVITATION_EXPIRED');
      const expired = await h.call('listInvitations', { organizationId: a.org.id, status: 'EXPIRED', sort: '' }, a.ownerToken);
      expect(expired.content.map((i) => i.id)).toEqual([invitation.id]);
    });

    it('respects maxOrganisationsPerUser when accepting', async () => {
      const { token } = await invite(b, 'busy@example.org');
      await invite(a, 'busy@example.org');
      h.identity.settings.maxOrganisationsPerUser = 1;
      try {
        const refused = await failure(accept(b, token, { firstName: 'B', lastName: 'Usy', password: 'busy password' }));
        expect(refused?.code).toBe(status.ALREADY_EXISTS);
      } finally {
        h.identity.settings.maxOrganisationsPerUser = 10;
      }
    });

    it('refuses bad input with the field, an unknown role, and an OWNER invitation from an ADMIN', async () => {
      const bad = await failure(h.call('createInvitation', { organizationId: a.org.id, email: 'nope', roleId: 'x', message: '' }, a.ownerToken));
      expect(
        violationsOf(bad)
          .map((v) => v.field)
          .sort(),
      ).toEqual(['email', 'roleId']);
      const otherRole = await failure(
        h.call('createInvitation', { organizationId: a.org.id, email: 'r@example.org', roleId: b.roles['MEMBER']!, message: '' }, a.ownerToken),
      );
      expect(violationsOf(otherRole)).toEqual([{ field: 'roleId', message: 'is not a role of this organisation' }]);
      const owner = await failure(
        h.call('createInvitation', { organizationId: a.org.id, email: 'o@example.org', roleId: a.roles['OWNER']!, message: '' }, a.token('ADMIN')),
      );
      expect(owner?.code).toBe(status.PERMISSION_DENIED);
      expect((await failure(h.call('listInvitations', { organizationId: a.org.id, status: 'NOPE', sort: '' }, a.ownerToken)))?.code).toBe(
        status.INVALID_ARGUMENT,
      );
    });
  });

  describe('join requests', () => {
    const submit = (slug: string, email: string, ip = '203.0.113.7') =>
      h.callFrom({ ip, userAgent: 'test' }, 'submitJoinRequest', { slug, firstName: 'Jo', lastName: 'Joiner', email, message: 'Let me in' }, '');
    const list = (org: NewOrganization, s = '') => h.call('listJoinRequests', { organizationId: org.org.id, status: s, sort: '' }, org.ownerToken);

    beforeAll(async () => {
      await h.call('updateOrganisation', { id: a.org.id, allowJoinRequests: true }, a.ownerToken);
    });

    it('is refused (403) where the organisation does not allow join requests, and 404 for an unknown slug', async () => {
      expect((await failure(submit(b.org.slug, 'x@example.org', '203.0.113.1')))?.code).toBe(status.PERMISSION_DENIED);
      expect((await failure(submit('no-such-org', 'x@example.org', '203.0.113.1')))?.code).toBe(status.NOT_FOUND);
    });

    it('answers the same receipt whether or not the address is known, and lists the request PENDING', async () => {
      const unknown = await submit(a.org.slug, 'stranger@example.org', '203.0.113.2');
      const known = await submit(a.org.slug, a.owner.email, '203.0.113.2');
      expect(known).toEqual(unknown);
      expect(unknown.status).toBe('RECEIVED');
      expect((await list(a, 'PENDING')).content.map((r) => r.email)).toEqual(expect.arrayContaining(['stranger@example.org', a.owner.email]));
      expect(await h.call('countPendingJoinRequests', { organizationId: a.org.id }, a.ownerToken)).toEqual({ count: 2 });
    });

    it('allows N per address and per client IP an hour, then 429 with a retry-after', async () => {
      await submit(a.org.slug, 'limit@example.org', '203.0.113.3');
      await submit(a.org.slug, 'limit@example.org', '203.0.113.3');
      const byAddress = await failure(submit(a.org.slug, 'LIMIT@example.org', '203.0.113.4'));
      expect([byAddress?.code, codeOf(byAddress)]).toEqual([status.RESOURCE_EXHAUSTED, 'RATE_LIMITED']);
      expect(Number(byAddress?.metadata.get(ERROR_RETRY_AFTER_KEY)[0])).toBeGreaterThan(3000);
      for (const n of [1, 2, 3, 4]) await submit(a.org.slug, `ip${n}@example.org`, '203.0.113.5');
      expect((await failure(submit(a.org.slug, 'ip5@example.org', '203.0.113.5')))?.code).toBe(status.RESOURCE_EXHAUSTED);
    });

    it('approves: an ACTIVE MEMBER (account made without a password) and the decision event; deciding again is 409', async () => {
      await submit(a.org.slug, 'approve.me@example.org', '203.0.113.6');
      const request = (await list(a, 'PENDING')).content.find((r) => r.email === 'approve.me@example.org')!;
      let decision: Awaited<ReturnType<OrganisationHarness['call']>> | undefined;
      const data = await h.nextMessage('organisation.join-request.decided', async () => {
        decision = await h.call('approveJoinRequest', { organizationId: a.org.id, requestId: request.id }, a.token('ADMIN'));
      });
      expect(decision).toMatchObject({ request: { status: 'APPROVED' }, member: { status: 'ACTIVE', roles: ['MEMBER'], firstName: 'Jo', lastName: 'Joiner' } });
      expect(organisationEventsV1.JoinRequestDecided.decode(data!)).toMatchObject({
        decision: 'APPROVED',
        accountCreated: true,
        email: 'approve.me@example.org',
      });
      for (const rpc of ['approveJoinRequest', 'rejectJoinRequest'] as const) {
        expect((await failure(h.call(rpc, { organizationId: a.org.id, requestId: request.id }, a.ownerToken)))?.code).toBe(status.ALREADY_EXISTS);
      }
    });

    it('rejects (REJECTED, decision event); another organisation sees 404', async () => {
      await submit(a.org.slug, 'reject.me@example.org', '203.0.113.8');
      const request = (await list(a, 'PENDING')).content.find((r) => r.email === 'reject.me@example.org')!;
      expect((await failure(h.call('rejectJoinRequest', { organizationId: b.org.id, requestId: request.id }, b.ownerToken)))?.code).toBe(status.NOT_FOUND);
      const data = await h.nextMessage('organisation.join-request.decided', async () => {
        expect(await h.call('rejectJoinRequest', { organizationId: a.org.id, requestId: request.id }, a.ownerToken)).toMatchObject({
          request: { status: 'REJECTED' },
        });
      });
      expect(organisationEventsV1.JoinRequestDecided.decode(data!)).toMatchObject({ decision: 'REJECTED', accountId: '' });
      expect((await list(a, 'REJECTED')).content.map((r) => r.id)).toEqual([request.id]);
    });
  });

  describe('creation invitations', () => {
    const createInvite = async (email: string, orgName = '') => {
      let created: Awaited<ReturnType<OrganisationHarness['call']>> | undefined;
      const data = await h.nextMessage('organisation.creation-invitation.created', async () => {
        created = await h.call('createCreationInvitation', { email, orgName, expiresInDays: 0 }, h.tokens.system());
      });
      const event = organisationEventsV1.CreationInvitationCreated.decode(data!);
      return { invitation: created as Awaited<ReturnType<typeof listAll>>['content'][number], token: box.open(event.token!.ciphertext) };
    };
    const listAll = () => h.call('listCreationInvitations', { status: '', sort: '' }, h.tokens.system());
    const createOrg = (token: string, orgName: string, adminEmail: string) =>
      h.call('createOrganisationWithInvitation', {
        token,
        orgName,
        adminEmail,
        adminPassword: 'owner password',
        adminFirstName: '',
        adminLastName: '',
        orgSlug: '',
      });

    it('validates a token, creates the organisation with its OWNER (password set), and the token works once', async () => {
      const { invitation, token } = await createInvite('Founder@Example.org', 'Chess Club');
      expect(invitation).toMatchObject({ email: 'founder@example.org', orgName: 'Chess Club', status: 'PENDING' });
      expect(await h.call('validateCreationInvitation', { token })).toMatchObject({ valid: true, email: 'founder@example.org', orgName: 'Chess Club' });
      const wrongAddress = await failure(createOrg(token, 'Chess Club', 'someone@example.org'));
      expect(violationsOf(wrongAddress)).toEqual([{ field: 'adminEmail', message: 'must be the address the invitation was sent to' }]);
      const created = await createOrg(token, 'Société d’Échecs', 'founder@example.org');
      expect(created.organization).toMatchObject({ name: 'Société d’Échecs', slug: 'societe-d-echecs' });
      expect(created.owner).toMatchObject({ email: 'founder@example.org', status: 'ACTIVE', roles: ['OWNER'] });
      expect(h.identity.accounts.get(created.owner!.id)).toMatchObject({ hasPassword: true, emailVerified: true });
      expect(codeOf(await failure(h.call('validateCreationInvitation', { token })))).toBe('INVITATION_USED');
      expect(codeOf(await failure(createOrg(token, 'Another', 'founder@example.org')))).toBe('INVITATION_USED');
      expect((await listAll()).content.find((i) => i.id === invitation.id)).toMatchObject({ status: 'USED', organizationId: created.organization!.id });
    });

    it('cancels and expires tokens (410), 404 for an unknown one, and refuses the routes to non-system callers', async () => {
      const cancelled = await createInvite('c1@example.org');
      await h.call('cancelCreationInvitation', { invitationId: cancelled.invitation.id }, h.tokens.system());
      expect(codeOf(await failure(h.call('validateCreationInvitation', { token: cancelled.token })))).toBe('INVITATION_CANCELLED');
      const expired = await createInvite('c2@example.org');
      await h.sql(`UPDATE creation_invitation SET expires_at = now() - interval '1 second' WHERE id = $1`, [expired.invitation.id]);
      expect(codeOf(await failure(createOrg(expired.token, 'Late Club', 'c2@example.org')))).toBe('INVITATION_EXPIRED');
      expect((await failure(h.call('validateCreationInvitation', { token: 'x'.repeat(43) })))?.code).toBe(status.NOT_FOUND);
      expect((await failure(h.call('listCreationInvitations', { status: '', sort: '' }, a.ownerToken)))?.code).toBe(status.PERMISSION_DENIED);
    });
  });
});
