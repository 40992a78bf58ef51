import { randomUUID } from 'node:crypto';
import { status } from '@grpc/grpc-js';
import { identityEventsV1 } from '@platform/proto';
import { failure } from '@platform/testing';
import { startOrganisationHarness, type NewOrganization, type OrganisationHarness } from './organisation-harness';

/** Platform administration of users, identity's internal view of memberships, and the account projection. */
describe('accounts and memberships across organisations', () => {
  let h: OrganisationHarness;
  let sys: string;
  let a: NewOrganization;
  let b: NewOrganization;
  let shared: string;
  let onlyA: string;

  const add = (org: NewOrganization, email: string, firstName = 'Pat', lastName = 'Person', sendInvitationEmail = false) =>
    h.call('addMember', { organizationId: org.org.id, email, firstName, lastName, roleId: '', sendInvitationEmail }, org.ownerToken);
  const listUsers = (
    query: { status?: string; search?: string; organizationId?: string; accountStatus?: string; sort?: string; page?: number; size?: number } = {},
    token = sys,
  ) => h.call('listUsers', { status: '', search: '', organizationId: '', accountStatus: '', sort: '', ...query }, token);
  const accountUpdated = (id: string, fields: { email: string; firstName: string; lastName: string; status: string }, occurredAt: Date) =>
    h.publish('identity.account.updated', identityEventsV1.AccountUpdated.encode({ accountId: id, ...fields, occurredAt: occurredAt.toISOString() }).finish());
  /** Polls until the check passes (the consumer applies events asynchronously). */
  const eventually = async (check: () => Promise<void>, timeoutMs = 5000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      try {
        return await check();
      } catch (err) {
        if (Date.now() > deadline) throw err;
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  };

  beforeAll(async () => {
    h = await startOrganisationHarness('org-accounts');
    sys = h.tokens.system();
    a = await h.newOrganization('accounts-a');
    b = await h.newOrganization('accounts-b');
    shared = (await add(a, 'shared.person@example.org', 'Sha', 'Red')).id;
    await add(b, 'shared.person@example.org', 'Sha', 'Red', true);
    await h.call('updateMember', { organizationId: b.org.id, userId: shared, roleId: b.roles['GUEST'], firstName: 'Shary' }, b.ownerToken);
    onlyA = (await add(a, 'only.a@example.org', 'Olly', 'Alpha')).id;
  });
  afterAll(async () => h?.stop());

  describe('ListAccountMemberships (internal, for identity)', () => {
    it('answers every membership of the account with organisation id, slug, role name, status and joinedAt', async () => {
      const { memberships } = await h.call('listAccountMemberships', { accountId: shared }, h.tokens.service('identity'));
      expect(memberships).toEqual([
        { organizationId: a.org.id, organizationSlug: 'accounts-a', role: 'MEMBER', status: 'ACTIVE', joinedAt: expect.any(String) },
        { organizationId: b.org.id, organizationSlug: 'accounts-b', role: 'GUEST', status: 'PENDING', joinedAt: expect.any(String) },
      ]);
    });

    it('answers an empty list for an account without memberships', async () => {
      expect((await h.call('listAccountMemberships', { accountId: randomUUID() }, h.tokens.service('identity'))).memberships).toEqual([]);
    });

    it('accepts only service tokens', async () => {
      expect((await failure(h.call('listAccountMemberships', { accountId: shared })))?.code).toBe(status.UNAUTHENTICATED);
      expect((await failure(h.call('listAccountMemberships', { accountId: shared }, sys)))?.code).toBe(status.PERMISSION_DENIED);
      expect((await failure(h.call('listAccountMemberships', { accountId: shared }, a.ownerToken)))?.code).toBe(status.PERMISSION_DENIED);
    });
  });

  describe('GET /api/admin/users (sys)', () => {
    it('lists memberships across organisations with their organisation and the account status', async () => {
      const page = await listUsers({ search: 'shared.person', sort: 'joinedAt,asc' });
      expect(page.content.map((u) => [u.id, u.organizationSlug, u.status])).toEqual([
        [shared, 'accounts-a', 'ACTIVE'],
        [shared, 'accounts-b', 'PENDING'],
      ]);
      const pending = await listUsers({ search: 'shared.person', status: 'PENDING' });
      expect(pending.content).toEqual([
        expect.objectContaining({
          id: shared,
          firstName: 'Shary',
          lastName: 'Red',
          status: 'PENDING',
          roles: ['GUEST'],
          organizationId: b.org.id,
          organizationSlug: 'accounts-b',
          organizationName: 'Org accounts-b',
          accountStatus: 'ACTIVE',
        }),
      ]);
    });

    it('filters by organisation, status and account status, and sorts', async () => {
      const inA = await listUsers({ organizationId: a.org.id, sort: 'email,asc' });
      expect(inA.content.map((u) => u.email)).toEqual(['only.a@example.org', 'owner@accounts-a.org', 'shared.person@example.org']);
      expect(inA.totalElements).toBe(3);
      expect((await listUsers({ accountStatus: 'BANNED' })).totalElements).toBe(0);
    });

    it('refuses bad filters (400) and callers who are not platform administrators (403)', async () => {
      for (const bad of [{ accountStatus: 'HAPPY' }, { organizationId: 'nope' }, { status: 'GONE' }, { sort: 'organizationId,asc' }, { size: 500 }]) {
        const err = await failure(listUsers(bad));
        expect([bad, err?.code]).toEqual([bad, status.INVALID_ARGUMENT]);
      }
      for (const token of [a.ownerToken, h.tokens.system('SUPPORT_ADMIN')]) expect((await failure(listUsers({}, token)))?.code).toBe(status.PERMISSION_DENIED);
    });
  });

  describe('GET /api/admin/users/{userId} (sys)', () => {
    it('answers the account from identity with every membership, its role and status', async () => {
      const user = await h.call('getUser', { userId: shared }, sys);
      expect(user).toMatchObject({
        id: shared,
        email: 'shared.person@example.org',
        firstName: 'Sha',
        lastName: 'Red',
        status: 'ACTIVE',
        userType: 'ORGANIZATION',
      });
      expect(user.memberships).toEqual([
        expect.objectContaining({
          organizationId: a.org.id,
          organizationName: 'Org accounts-a',
          roles: ['MEMBER'],
          roleId: a.roles['MEMBER'],
          status: 'ACTIVE',
          firstName: 'Sha',
        }),
        expect.objectContaining({ organizationId: b.org.id, organizationSlug: 'accounts-b', roles: ['GUEST'], status: 'PENDING', firstName: 'Shary' }),
      ]);
    });

    it("adds the account's 20 most recent audit entries from identity, newest first", async () => {
      for (let i = 1; i <= 25; i += 1) h.identity.addAuditEntry({ userId: shared, action: `ACTION_${i}`, organizationId: a.org.id, ipAddress: '198.51.100.1' });
      h.identity.addAuditEntry({ userId: onlyA, action: 'SOMEONE_ELSE' });
      const user = await h.call('getUser', { userId: shared }, sys);
      expect(h.identity.callsOf('listRecentAuditEntries').at(-1)?.request).toEqual({ userId: shared, limit: 20 });
      expect(user.auditHistoryUnavailable).toBe(false);
      expect(user.auditHistory.map((e) => e.action)).toEqual(Array.from({ length: 20 }, (_, i) => `ACTION_${25 - i}`));
      expect(user.auditHistory[0]).toEqual({
        id: expect.any(String),
        userId: shared,
        action: 'ACTION_25',
        organizationId: a.org.id,
        ipAddress: '198.51.100.1',
        createdAt: expect.any(String),
      });
    });

    it('answers without the audit history, and says so, when identity cannot give it', async () => {
      h.identity.failNext('listRecentAuditEntries', status.UNAVAILABLE);
      const user = await h.call('getUser', { userId: shared }, sys);
      expect(user).toMatchObject({ id: shared, email: 'shared.person@example.org', auditHistory: [], auditHistoryUnavailable: true });
      expect(user.memberships).toHaveLength(2);
    });

    it('answers NOT_FOUND for an account identity does not know, UNAVAILABLE when identity is down', async () => {
      expect((await failure(h.call('getUser', { userId: randomUUID() }, sys)))?.code).toBe(status.NOT_FOUND);
      h.identity.failNext('getAccount', status.UNAVAILABLE);
      expect((await failure(h.call('getUser', { userId: shared }, sys)))?.code).toBe(status.UNAVAILABLE);
      expect((await failure(h.call('getUser', { userId: 'nope' }, sys)))?.code).toBe(status.INVALID_ARGUMENT);
      expect((await failure(h.call('getUser', { userId: shared }, a.ownerToken)))?.code).toBe(status.PERMISSION_DENIED);
    });
  });

  describe('the account projection (identity.account.updated)', () => {
    it("shows identity's new email, names and status everywhere, keeping each organisation's own names", async () => {
      const now = new Date();
      await accountUpdated(shared, { email: 'sha.red@example.net', firstName: 'Sasha', lastName: 'Redd', status: 'SUSPENDED' }, now);
      await eventually(async () => {
        const inA = await h.call('listMembers', { organizationId: a.org.id, status: '', search: 'sha.red@example.net', sort: '' }, a.ownerToken);
        expect(inA.content).toEqual([expect.objectContaining({ id: shared, firstName: 'Sasha', lastName: 'Redd' })]);
      });
      const inB = await h.call('listMembers', { organizationId: b.org.id, status: '', search: 'redd', sort: '' }, b.ownerToken);
      expect(inB.content).toEqual([expect.objectContaining({ id: shared, firstName: 'Shary', lastName: 'Redd', email: 'sha.red@example.net' })]);
      // One row per membership: the account's status shows in both organisations.
      expect((await listUsers({ accountStatus: 'SUSPENDED' })).content.map((u) => [u.id, u.accountStatus])).toEqual([
        [shared, 'SUSPENDED'],
        [shared, 'SUSPENDED'],
      ]);
    });

    it('ignores an update older than what it holds, and accounts it never saw', async () => {
      const stranger = randomUUID();
      await accountUpdated(onlyA, { email: 'old@example.org', firstName: 'Old', lastName: 'News', status: 'ACTIVE' }, new Date(Date.now() - 86_400_000));
      await accountUpdated(stranger, { email: 'stranger@example.org', firstName: 'S', lastName: 'T', status: 'ACTIVE' }, new Date());
      await accountUpdated(onlyA, { email: 'only.a@example.org', firstName: 'Olly', lastName: 'Alpha-Beta', status: 'ACTIVE' }, new Date());
      await eventually(async () => {
        const page = await h.call('listMembers', { organizationId: a.org.id, status: '', search: 'only.a@', sort: '' }, a.ownerToken);
        expect(page.content).toEqual([expect.objectContaining({ lastName: 'Alpha-Beta', email: 'only.a@example.org' })]);
      });
      expect(await h.sql('SELECT id FROM account_projection WHERE id = $1', [stranger])).toEqual([]);
    });
  });
});
