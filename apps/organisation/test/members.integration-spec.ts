import { randomUUID } from 'node:crypto';
import { status } from '@grpc/grpc-js';
import { organisationEventsV1, type organisationV1 } from '@platform/proto';
import { failure, violationsOf } from '@platform/testing';
import { startOrganisationHarness, type NewOrganization, type OrganisationHarness } from './organisation-harness';

describe('members of an organisation', () => {
  let h: OrganisationHarness;
  let a: NewOrganization;
  let b: NewOrganization;
  let admin: string;

  const add = (
    org: NewOrganization,
    email: string,
    extra: { firstName?: string; lastName?: string; roleId?: string; sendInvitationEmail?: boolean } = {},
    token = org.ownerToken,
  ) =>
    h.call(
      'addMember',
      {
        organizationId: org.org.id,
        email,
        firstName: extra.firstName ?? 'Mia',
        lastName: extra.lastName ?? 'Member',
        roleId: extra.roleId ?? '',
        sendInvitationEmail: extra.sendInvitationEmail ?? false,
      },
      token,
    );
  const list = (org: NewOrganization, query: { status?: string; search?: string; page?: number; size?: number; sort?: string } = {}, token = org.ownerToken) =>
    h.call('listMembers', { organizationId: org.org.id, status: '', search: '', sort: '', ...query }, token);
  const update = (
    org: NewOrganization,
    userId: string,
    changes: Partial<Omit<organisationV1.UpdateMemberRequest, 'organizationId' | 'userId'>>,
    token = org.ownerToken,
  ) => h.call('updateMember', { organizationId: org.org.id, userId, ...changes }, token);
  const remove = (org: NewOrganization, userId: string, token = org.ownerToken) => h.call('removeMember', { organizationId: org.org.id, userId }, token);
  const changes = (data: Uint8Array[]) => data.map((d) => organisationEventsV1.MembershipChanged.decode(d));

  beforeAll(async () => {
    h = await startOrganisationHarness('org-members');
    a = await h.newOrganization('members-a');
    b = await h.newOrganization('members-b');
    admin = a.token('ADMIN');
  });
  afterAll(async () => h?.stop());

  describe('adding', () => {
    it('creates the account through identity when the email is new; the membership is ACTIVE with role MEMBER', async () => {
      let user: Awaited<ReturnType<typeof add>> | undefined;
      const events = changes(
        await h.events('organisation.membership.changed', async () => {
          user = await add(a, 'New.Person@Example.org', { firstName: 'Nora', lastName: 'New' }, admin);
        }),
      );
      expect(user).toMatchObject({
        email: 'new.person@example.org',
        firstName: 'Nora',
        lastName: 'New',
        status: 'ACTIVE',
        roles: ['MEMBER'],
        roleId: a.roles['MEMBER'],
      });
      expect(h.identity.accounts.get(user!.id)).toMatchObject({ email: 'new.person@example.org', firstName: 'Nora' });
      expect(Date.parse(user!.joinedAt)).toBeGreaterThan(Date.now() - 60_000);
      expect(events).toEqual([
        expect.objectContaining({ accountId: user!.id, organizationId: a.org.id, role: 'MEMBER', status: 'ACTIVE', previousStatus: '' }),
      ]);
    });

    it('with sendInvitationEmail, makes the membership PENDING and publishes organisation.member.invited', async () => {
      let user: Awaited<ReturnType<typeof add>> | undefined;
      const data = await h.nextMessage('organisation.member.invited', async () => {
        user = await add(a, 'invitee@example.org', { firstName: 'Ivy', lastName: 'Invitee', roleId: a.roles['MANAGER'], sendInvitationEmail: true }, admin);
      });
      expect(user).toMatchObject({ status: 'PENDING', roles: ['MANAGER'] });
      expect(organisationEventsV1.MemberInvited.decode(data!)).toMatchObject({
        organizationId: a.org.id,
        organizationName: 'Org members-a',
        organizationSlug: 'members-a',
        accountId: user!.id,
        email: 'invitee@example.org',
        firstName: 'Ivy',
        lastName: 'Invitee',
        role: 'MANAGER',
        accountCreated: true,
      });
    });

    it('attaches an existing account, keeping names the admin typed as this organisation’s own', async () => {
      const existing = h.identity.addAccount({ email: 'known@example.org', firstName: 'Karl', lastName: 'Known' });
      const inA = await add(a, 'KNOWN@example.org', { firstName: 'Charlie', lastName: 'Known' }, admin);
      expect(inA).toMatchObject({ id: existing.id, firstName: 'Charlie', lastName: 'Known' });
      const inB = await add(b, 'known@example.org', { firstName: 'Karl', lastName: 'Known' });
      expect(inB).toMatchObject({ id: existing.id, firstName: 'Karl', lastName: 'Known' });
      expect(h.identity.accounts.get(existing.id)).toMatchObject({ firstName: 'Karl' });
    });

    it('answers ALREADY_EXISTS (409) for a person who is already a member', async () => {
      await add(a, 'twice@example.org');
      expect((await failure(add(a, 'twice@example.org')))?.code).toBe(status.ALREADY_EXISTS);
    });

    it('refuses a roleId of another organisation or unknown (400), and bad fields', async () => {
      expect((await failure(add(a, 'r1@example.org', { roleId: b.roles['MEMBER'] })))?.code).toBe(status.INVALID_ARGUMENT);
      expect((await failure(add(a, 'r2@example.org', { roleId: randomUUID() })))?.code).toBe(status.INVALID_ARGUMENT);
      expect((await failure(add(a, 'r3@example.org', { roleId: 'nope' })))?.code).toBe(status.INVALID_ARGUMENT);
      expect((await failure(add(a, 'not-an-email')))?.code).toBe(status.INVALID_ARGUMENT);
      expect((await failure(add(a, 'r4@example.org', { firstName: '' })))?.code).toBe(status.INVALID_ARGUMENT);
      expect((await failure(add(a, 'r5@example.org', { lastName: 'x'.repeat(101) })))?.code).toBe(status.INVALID_ARGUMENT);
    });

    it('lets only an owner make someone OWNER', async () => {
      expect((await failure(add(a, 'boss@example.org', { roleId: a.roles['OWNER'] }, admin)))?.code).toBe(status.PERMISSION_DENIED);
      expect(await add(a, 'boss@example.org', { roleId: a.roles['OWNER'] })).toMatchObject({ roles: ['OWNER'] });
    });

    it('refuses a platform staff account as a member (409)', async () => {
      h.identity.addAccount({ email: 'staff@platform.example', userType: 'SYSTEM', systemRole: 'SUPPORT_ADMIN' });
      expect((await failure(add(a, 'staff@platform.example')))?.code).toBe(status.ALREADY_EXISTS);
    });

    it('answers UNAVAILABLE when identity is down, and adds nobody', async () => {
      h.identity.failNext('ensureAccount', status.UNAVAILABLE);
      expect((await failure(add(a, 'down@example.org')))?.code).toBe(status.UNAVAILABLE);
      expect((await list(a, { search: 'down@example.org' })).totalElements).toBe(0);
    });
  });

  describe('listing', () => {
    let c: NewOrganization;
    const people = [
      { email: 'zoe.adams@example.org', firstName: 'Zoë', lastName: 'adams' },
      { email: 'bob.brown@example.org', firstName: 'Bob', lastName: 'Brown' },
      { email: 'carla.clark@example.org', firstName: 'Carla', lastName: 'Clark' },
      { email: 'emile.durand@example.org', firstName: 'Émile', lastName: 'Durand' },
    ];
    const ids: Record<string, string> = {};

    beforeAll(async () => {
      c = await h.newOrganization('members-c');
      for (const p of people) ids[p.lastName] = (await add(c, p.email, p)).id;
      await update(c, ids['Clark']!, { status: 'SUSPENDED' });
      const pending = await add(c, 'pia.pending@example.org', { firstName: 'Pia', lastName: 'Pending', sendInvitationEmail: true });
      ids['Pending'] = pending.id;
      const gone = await add(c, 'gus.gone@example.org', { firstName: 'Gus', lastName: 'Gone' });
      ids['Gone'] = gone.id;
      await remove(c, gone.id);
    });

    it('lists current members (not INACTIVE) in the paged envelope, by last name, case-insensitively', async () => {
      const page = await list(c);
      expect(page.content.map((u) => u.lastName)).toEqual(['adams', 'Brown', 'Clark', 'Durand', 'Owner', 'Pending']);
      expect(page).toMatchObject({ totalElements: 6, totalPages: 1, page: 0, size: 20 });
      expect(page.content[0]).toMatchObject({ id: ids['adams'], email: 'zoe.adams@example.org', firstName: 'Zoë', status: 'ACTIVE', roles: ['MEMBER'] });
    });

    it('filters by status', async () => {
      expect((await list(c, { status: 'SUSPENDED' })).content.map((u) => u.lastName)).toEqual(['Clark']);
      expect((await list(c, { status: 'PENDING' })).content.map((u) => u.lastName)).toEqual(['Pending']);
      expect((await list(c, { status: 'INACTIVE' })).content.map((u) => u.lastName)).toEqual(['Gone']);
    });

    it('searches names and email, every word, ignoring case and accents', async () => {
      expect((await list(c, { search: 'EMILE' })).content.map((u) => u.lastName)).toEqual(['Durand']);
      expect((await list(c, { search: 'zoe adams' })).content.map((u) => u.lastName)).toEqual(['adams']);
      expect((await list(c, { search: 'bob.brown@' })).content.map((u) => u.lastName)).toEqual(['Brown']);
      expect((await list(c, { search: 'example.org' })).totalElements).toBe(5);
      expect((await list(c, { search: '100%' })).totalElements).toBe(0);
    });

    it('sorts by lastName, firstName, email or joinedAt, either way, and pages', async () => {
      expect((await list(c, { sort: 'lastName,desc' })).content.map((u) => u.lastName)).toEqual(['Pending', 'Owner', 'Durand', 'Clark', 'Brown', 'adams']);
      expect((await list(c, { sort: 'firstName,asc' })).content.map((u) => u.firstName)).toEqual(['Bob', 'Carla', 'Émile', 'Olive', 'Pia', 'Zoë']);
      expect((await list(c, { sort: 'email' })).content.map((u) => u.email)[0]).toBe('bob.brown@example.org');
      const byJoin = (await list(c, { sort: 'joinedAt,asc' })).content;
      expect(byJoin[0]!.lastName).toBe('Owner');
      const joined = byJoin.map((u) => u.joinedAt);
      expect(joined).toEqual([...joined].sort());
      const second = await list(c, { page: 1, size: 4 });
      expect(second).toMatchObject({ page: 1, size: 4, totalElements: 6, totalPages: 2 });
      expect(second.content.map((u) => u.lastName)).toEqual(['Owner', 'Pending']);
    });

    it('refuses bad status, page, size and sort values with INVALID_ARGUMENT (400)', async () => {
      for (const bad of [
        { status: 'GONE' },
        { page: -1 },
        { size: 0 },
        { size: 101 },
        { sort: 'password,asc' },
        { sort: 'lastName,sideways' },
        { search: 'x'.repeat(201) },
      ]) {
        const err = await failure(list(c, bad));
        expect([bad, err?.code]).toEqual([bad, status.INVALID_ARGUMENT]);
      }
    });
  });

  describe('updating', () => {
    it("keeps an admin's name edit in this organisation only", async () => {
      const person = h.identity.addAccount({ email: 'shared@example.org', firstName: 'Sam', lastName: 'Shared' });
      await add(a, 'shared@example.org', { firstName: 'Sam', lastName: 'Shared' });
      await add(b, 'shared@example.org', { firstName: 'Sam', lastName: 'Shared' });
      const edited = await update(a, person.id, { firstName: 'Samuel', lastName: 'Shared-Smith' }, admin);
      expect(edited).toMatchObject({ firstName: 'Samuel', lastName: 'Shared-Smith' });
      expect((await list(a, { search: 'samuel' })).content.map((u) => u.id)).toEqual([person.id]);
      const inB = (await list(b, { search: 'shared@' })).content[0];
      expect(inB).toMatchObject({ firstName: 'Sam', lastName: 'Shared' });
      expect((await list(b, { search: 'samuel' })).totalElements).toBe(0);
      expect(h.identity.accounts.get(person.id)).toMatchObject({ firstName: 'Sam', lastName: 'Shared' });
    });

    it('changes the role and the status, publishing organisation.membership.changed', async () => {
      const user = await add(a, 'promote@example.org');
      const events = changes(
        await h.events('organisation.membership.changed', async () => {
          expect(await update(a, user.id, { roleId: a.roles['ADMIN'] }, admin)).toMatchObject({ roles: ['ADMIN'], roleId: a.roles['ADMIN'], status: 'ACTIVE' });
          expect(await update(a, user.id, { status: 'SUSPENDED' }, admin)).toMatchObject({ status: 'SUSPENDED' });
          await update(a, user.id, { firstName: 'Only', lastName: 'Names' }, admin);
        }),
      );
      expect(events).toEqual([
        expect.objectContaining({ accountId: user.id, role: 'ADMIN', previousRole: 'MEMBER', status: 'ACTIVE', previousStatus: 'ACTIVE' }),
        expect.objectContaining({ accountId: user.id, role: 'ADMIN', previousRole: '', status: 'SUSPENDED', previousStatus: 'ACTIVE' }),
      ]);
    });

    it('accepts every status of the state table and refuses unknown ones', async () => {
      const user = await add(a, 'states@example.org');
      for (const s of ['PENDING', 'SUSPENDED', 'INACTIVE', 'REJECTED', 'ACTIVE']) expect((await update(a, user.id, { status: s })).status).toBe(s);
      expect((await failure(update(a, user.id, { status: 'FROZEN' })))?.code).toBe(status.INVALID_ARGUMENT);
      expect((await failure(update(a, user.id, { roleId: b.roles['ADMIN'] })))?.code).toBe(status.INVALID_ARGUMENT);
    });

    it('sets, keeps and clears the member profile, announcing the changed fields', async () => {
      const user = await add(a, 'profile@example.org', { firstName: 'Pia', lastName: 'Profile' });
      let edited: organisationV1.User | undefined;
      const published = await h.events('organisation.member.profile-changed', async () => {
        edited = await update(
          a,
          user.id,
          { displayName: 'Dr Pia', phoneNumber: '+33 6 12 34 56 78', dateOfBirth: '1985-12-31', isCertified: true, externalId: 'legacy-7', city: 'Nantes' },
          admin,
        );
        await update(a, user.id, { city: 'Nantes' }, admin);
        await update(a, user.id, { city: '', firstName: 'Pia', lastName: 'Renamed' }, admin);
      });
      expect(edited).toMatchObject({
        displayName: 'Dr Pia',
        dateOfBirth: '1985-12-31',
        isCertified: true,
        externalId: 'legacy-7',
        city: 'Nantes',
        jobTitle: '',
      });
      const found = (await list(a, { search: 'profile@' })).content[0];
      expect(found).toMatchObject({ displayName: 'Dr Pia', city: '', lastName: 'Renamed', phoneNumber: '+33 6 12 34 56 78' });
      const events = published.map((d) => organisationEventsV1.MemberProfileChanged.decode(d));
      expect(events.map((e) => e.changedFields)).toEqual([
        ['displayName', 'phoneNumber', 'dateOfBirth', 'city', 'isCertified', 'externalId'],
        ['lastName', 'city'],
      ]);
      expect(events[0]).toMatchObject({ organizationId: a.org.id, accountId: user.id });
      // The profile after each change travels with it (the connector writes it back to the site).
      expect(events[1]?.profile).toMatchObject({
        firstName: 'Pia',
        lastName: 'Renamed',
        displayName: 'Dr Pia',
        city: '',
        dateOfBirth: '1985-12-31',
        isCertified: true,
      });
    });

    it('refuses a bad profile field with the field named, and an externalId another member has', async () => {
      const user = await add(a, 'profile-bad@example.org');
      const other = await add(a, 'profile-other@example.org');
      await update(a, other.id, { externalId: 'taken-1' });
      for (const bad of [{ dateOfBirth: '1990-02-30' }, { dateOfBirth: '2999-01-01' }, { phoneNumber: 'call me' }, { postalCode: 'x'.repeat(21) }]) {
        const err = await failure(update(a, user.id, bad));
        expect(err?.code).toBe(status.INVALID_ARGUMENT);
        expect(violationsOf(err).map((v) => v.field)).toEqual([Object.keys(bad)[0]]);
      }
      expect((await failure(update(a, user.id, { externalId: 'taken-1' })))?.code).toBe(status.ALREADY_EXISTS);
    });

    it('answers NOT_FOUND for someone who is not a member of this organisation', async () => {
      const onlyInB = await add(b, 'only-b@example.org');
      expect((await failure(update(a, onlyInB.id, { status: 'SUSPENDED' })))?.code).toBe(status.NOT_FOUND);
      expect((await failure(update(a, randomUUID(), { status: 'SUSPENDED' })))?.code).toBe(status.NOT_FOUND);
    });
  });

  describe('the last owner', () => {
    let d: NewOrganization;
    beforeAll(async () => {
      d = await h.newOrganization('members-d');
    });

    it('cannot be demoted, suspended or removed (409)', async () => {
      expect((await failure(update(d, d.owner.id, { roleId: d.roles['ADMIN'] })))?.code).toBe(status.ALREADY_EXISTS);
      expect((await failure(update(d, d.owner.id, { status: 'SUSPENDED' })))?.code).toBe(status.ALREADY_EXISTS);
      expect((await failure(remove(d, d.owner.id)))?.code).toBe(status.ALREADY_EXISTS);
      expect((await list(d, { search: 'owner@' })).content[0]).toMatchObject({ roles: ['OWNER'], status: 'ACTIVE' });
    });

    it('can go once another owner is active, but never both at once', async () => {
      const second = await add(d, 'second.owner@example.org', { roleId: d.roles['OWNER'] });
      const results = await Promise.allSettled([remove(d, d.owner.id), remove(d, second.id)]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect((await list(d, { status: 'ACTIVE' })).content.filter((u) => u.roles.includes('OWNER'))).toHaveLength(1);
    });

    it("is protected from admins: an ADMIN cannot change or remove an owner's membership", async () => {
      const e = await h.newOrganization('members-e');
      await add(e, 'co.owner@example.org', { roleId: e.roles['OWNER'] });
      const eAdmin = e.token('ADMIN');
      expect((await failure(update(e, e.owner.id, { roleId: e.roles['MEMBER'] }, eAdmin)))?.code).toBe(status.PERMISSION_DENIED);
      expect((await failure(remove(e, e.owner.id, eAdmin)))?.code).toBe(status.PERMISSION_DENIED);
      const member = await add(e, 'climber@example.org');
      expect((await failure(update(e, member.id, { roleId: e.roles['OWNER'] }, eAdmin)))?.code).toBe(status.PERMISSION_DENIED);
      expect(await update(e, e.owner.id, { firstName: 'Olivia' }, eAdmin)).toMatchObject({ firstName: 'Olivia', roles: ['OWNER'] });
    });
  });

  describe('removing', () => {
    it('makes the membership INACTIVE and keeps the account; removing again changes nothing', async () => {
      const user = await add(a, 'leaver@example.org');
      const events = changes(
        await h.events('organisation.membership.changed', async () => {
          expect(await remove(a, user.id, admin)).toEqual({});
          expect(await remove(a, user.id, admin)).toEqual({});
        }),
      );
      expect(events).toEqual([expect.objectContaining({ accountId: user.id, status: 'INACTIVE', previousStatus: 'ACTIVE', role: 'MEMBER' })]);
      expect((await list(a, { search: 'leaver@' })).totalElements).toBe(0);
      expect((await list(a, { search: 'leaver@', status: 'INACTIVE' })).totalElements).toBe(1);
      expect(h.identity.accounts.has(user.id)).toBe(true);
    });

    it('restarts a removed member who is added again', async () => {
      const user = await add(a, 'returner@example.org');
      await remove(a, user.id);
      const back = await add(a, 'returner@example.org', { roleId: a.roles['GUEST'] });
      expect(back).toMatchObject({ id: user.id, status: 'ACTIVE', roles: ['GUEST'] });
      expect(Date.parse(back.joinedAt)).toBeGreaterThan(Date.parse(user.joinedAt));
    });
  });

  describe('scoping and role limits', () => {
    let target: string;
    beforeAll(async () => {
      target = (await add(a, 'target@example.org')).id;
    });

    const attempts = (token: string) => [
      () => list(a, {}, token),
      () => add(a, `x-${randomUUID()}@example.org`, {}, token),
      () => update(a, target, { status: 'SUSPENDED' }, token),
      () => remove(a, target, token),
    ];

    it("refuses every member RPC with another organisation's token, even its owner's (PERMISSION_DENIED)", async () => {
      for (const attempt of attempts(b.ownerToken)) expect((await failure(attempt()))?.code).toBe(status.PERMISSION_DENIED);
    });

    it('refuses MANAGER, MEMBER and GUEST of the organisation itself', async () => {
      for (const role of ['MANAGER', 'MEMBER', 'GUEST'] as const) {
        for (const attempt of attempts(a.token(role))) expect((await failure(attempt()))?.code).toBe(status.PERMISSION_DENIED);
      }
      expect((await list(a, { search: 'target@' })).content[0]).toMatchObject({ status: 'ACTIVE' });
    });

    it("answers NOT_FOUND when an admin reaches for another organisation's member through their own", async () => {
      expect((await failure(update(b, target, { status: 'SUSPENDED' })))?.code).toBe(status.NOT_FOUND);
      expect((await failure(remove(b, target)))?.code).toBe(status.NOT_FOUND);
    });

    it('lets a SUPER_ADMIN or PLATFORM_ADMIN act in any organisation', async () => {
      expect((await list(a, { search: 'target@' }, h.tokens.system('PLATFORM_ADMIN'))).totalElements).toBe(1);
      expect(await update(a, target, { status: 'SUSPENDED' }, h.tokens.system('SUPER_ADMIN'))).toMatchObject({ status: 'SUSPENDED' });
      expect((await failure(list(a, {}, h.tokens.system('SUPPORT_ADMIN'))))?.code).toBe(status.PERMISSION_DENIED);
    });

    it('answers NOT_FOUND for an unknown organisation', async () => {
      const ghost = randomUUID();
      expect((await failure(h.call('listMembers', { organizationId: ghost, status: '', search: '', sort: '' }, h.tokens.system())))?.code).toBe(
        status.NOT_FOUND,
      );
    });
  });

  describe('when the organisation is deleted', () => {
    it('ends every running membership and announces each', async () => {
      const f = await h.newOrganization('members-f');
      const m1 = await add(f, 'f1@example.org');
      const m2 = await add(f, 'f2@example.org', { sendInvitationEmail: true });
      const events = changes(await h.events('organisation.membership.changed', () => h.call('deleteOrganisation', { id: f.org.id }, f.ownerToken)));
      expect(events.map((e) => [e.accountId, e.status, e.previousStatus]).sort()).toEqual(
        [
          [f.owner.id, 'INACTIVE', 'ACTIVE'],
          [m1.id, 'INACTIVE', 'ACTIVE'],
          [m2.id, 'INACTIVE', 'PENDING'],
        ].sort(),
      );
      const memberships = await h.call('listAccountMemberships', { accountId: m1.id }, h.tokens.service('identity'));
      expect(memberships.memberships).toEqual([]);
    });
  });
});
