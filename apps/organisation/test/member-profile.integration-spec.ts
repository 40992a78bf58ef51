import { randomUUID } from 'node:crypto';
import { status } from '@grpc/grpc-js';
import type { OrgRole } from '@platform/auth';
import type { organisationV1 } from '@platform/proto';
import { failure, violationsOf } from '@platform/testing';
import { startOrganisationHarness, type NewOrganization, type OrganisationHarness } from './organisation-harness';

/** GET /api/orgs/{organizationId}/users/{userId} (issue 26): one member's profile, as much as the reader may see. */
describe("a member's profile", () => {
  let h: OrganisationHarness;
  let a: NewOrganization;
  let b: NewOrganization;
  const ids: Record<string, string> = {};

  const read = (userId: string, token: string, org = a) => h.call('getMember', { organizationId: org.org.id, userId }, token);
  const codeOf = async (call: Promise<unknown>) => (await failure(call))?.code;
  /** A token of the member itself, with the role it holds. */
  const as = (key: string, role: OrgRole = 'MEMBER') => a.token(role, ids[key]);
  const setDirectory = (change: Partial<organisationV1.DirectoryConfig>) =>
    h.call('updateDirectoryConfig', { organizationId: a.org.id, ...change }, a.ownerToken);
  const add = async (key: string, firstName: string, roleId = '') => {
    const user = await h.call(
      'addMember',
      { organizationId: a.org.id, email: `${key}@profile.example`, firstName, lastName: 'Person', roleId, sendInvitationEmail: false },
      a.ownerToken,
    );
    ids[key] = user.id;
  };

  beforeAll(async () => {
    h = await startOrganisationHarness('org-member-profile');
    a = await h.newOrganization('profile-a');
    b = await h.newOrganization('profile-b');
    await add('mia', 'Mia');
    await add('mona', 'Mona', a.roles['MANAGER']);
    await add('hedy', 'Hedy');
    await add('sam', 'Sam');
    await add('lee', 'Lee');
    await h.call(
      'updateMember',
      {
        organizationId: a.org.id,
        userId: ids['mia']!,
        displayName: 'Mia P.',
        phoneNumber: '+44 20 7946 0000',
        jobTitle: 'Treasurer',
        company: 'Acme',
        dateOfBirth: '1990-04-01',
        addressLine1: '1 High Street',
        city: 'Leeds',
        postalCode: 'LS1 1AA',
        isCertified: true,
        membershipRenewalDate: '2027-03-31',
        externalId: 'wp-7',
      },
      a.ownerToken,
    );
    await h.call('updateMember', { organizationId: a.org.id, userId: ids['hedy']!, isExcludedFromListing: true }, a.ownerToken);
    await h.call('updateMember', { organizationId: a.org.id, userId: ids['sam']!, status: 'SUSPENDED' }, a.ownerToken);
    await h.call('removeMember', { organizationId: a.org.id, userId: ids['lee']! }, a.ownerToken);
  });
  afterAll(async () => h?.stop());

  it('gives an administrator every field, with the membership assignment once there is one', async () => {
    const before = await read(ids['mia']!, a.token('ADMIN'));
    expect(before).toEqual({
      id: ids['mia'],
      email: 'mia@profile.example',
      firstName: 'Mia',
      lastName: 'Person',
      status: 'ACTIVE',
      roles: ['MEMBER'],
      joinedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      roleId: a.roles['MEMBER'],
      displayName: 'Mia P.',
      phoneNumber: '+44 20 7946 0000',
      jobTitle: 'Treasurer',
      company: 'Acme',
      dateOfBirth: '1990-04-01',
      addressLine1: '1 High Street',
      city: 'Leeds',
      postalCode: 'LS1 1AA',
      isCertified: true,
      membershipRenewalDate: '2027-03-31',
      isExcludedFromListing: false,
      externalId: 'wp-7',
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      membership: undefined,
    });
    // The same member as the member list shows them.
    const listed = await h.call('listMembers', { organizationId: a.org.id, status: '', search: 'mia', sort: '' }, a.ownerToken);
    const { membership: _none, ...profile } = before;
    expect(listed.content).toEqual([profile]);

    const type = await h.call(
      'createMembershipType',
      { organizationId: a.org.id, name: 'Free', description: 'Free membership', price: { value: '0' }, currency: 'EUR', durationMonths: 12, benefits: [] },
      a.ownerToken,
    );
    await h.call('assignMembership', { organizationId: a.org.id, userId: ids['mia']!, membershipTypeId: type.id, startDate: '', endDate: '' }, a.ownerToken);
    const after = await read(ids['mia']!, a.ownerToken);
    expect(after.membership).toMatchObject({ userId: ids['mia'], membershipTypeId: type.id, status: 'ACTIVE', membershipType: { name: 'Free' } });
    expect(await read(ids['mia']!, h.tokens.system('READ_ONLY_ADMIN'))).toEqual(after);
  });

  it('gives administrators and platform users ended, suspended and hidden memberships too', async () => {
    for (const token of [a.ownerToken, a.token('ADMIN'), h.tokens.system(), h.tokens.system('SUPPORT_ADMIN')]) {
      expect(await read(ids['lee']!, token)).toMatchObject({ status: 'INACTIVE' });
      expect(await read(ids['sam']!, token)).toMatchObject({ status: 'SUSPENDED' });
      expect(await read(ids['hedy']!, token)).toMatchObject({ isExcludedFromListing: true, email: 'hedy@profile.example' });
    }
  });

  it('gives the member every field of their own profile, even when hidden from the directory or the directory is closed', async () => {
    expect(await read(ids['mia']!, as('mia'))).toMatchObject({ email: 'mia@profile.example', dateOfBirth: '1990-04-01', externalId: 'wp-7' });
    expect(await read(ids['hedy']!, as('hedy'))).toMatchObject({ isExcludedFromListing: true, email: 'hedy@profile.example' });
    await setDirectory({ visibility: 'ADMINS_ONLY' });
    try {
      expect(await read(ids['mia']!, as('mia'))).toMatchObject({ email: 'mia@profile.example' });
      expect(await read(ids['mona']!, as('mona', 'MANAGER'))).toMatchObject({ roles: ['MANAGER'] });
    } finally {
      await setDirectory({ visibility: 'MEMBERS_ONLY' });
    }
  });

  it('gives another member (or a MANAGER) the directory entry: names, job, company, city, the rest null', async () => {
    for (const token of [as('hedy'), as('mona', 'MANAGER')]) {
      const seen = await read(ids['mia']!, token);
      expect(seen).toEqual({
        id: ids['mia'],
        firstName: 'Mia',
        lastName: 'Person',
        status: 'ACTIVE',
        roles: ['MEMBER'],
        joinedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        roleId: a.roles['MEMBER'],
        displayName: 'Mia P.',
        jobTitle: 'Treasurer',
        company: 'Acme',
        city: 'Leeds',
        isCertified: true,
      });
      // What the directory lists of the same member.
      const page = await h.call('listDirectory', { organizationId: a.org.id, search: 'mia', sort: '' }, token);
      const { status: _s, roleId: _r, ...entry } = seen;
      expect(page.content).toEqual([{ ...entry, email: undefined, phoneNumber: undefined }]);
    }
  });

  it('adds email and phone for another member once the directory config shows them', async () => {
    await setDirectory({ showEmail: true, showPhone: true });
    try {
      expect(await read(ids['mia']!, as('hedy'))).toMatchObject({ email: 'mia@profile.example', phoneNumber: '+44 20 7946 0000', dateOfBirth: undefined });
    } finally {
      await setDirectory({ showEmail: false, showPhone: false });
    }
  });

  it('answers NOT_FOUND to another member for exactly the members the directory does not list', async () => {
    const listed = await h.call('listDirectory', { organizationId: a.org.id, search: '', sort: '', size: 100 }, as('mia'));
    const listedIds = new Set(listed.content.map((e) => e.id));
    for (const [key, id] of Object.entries(ids)) {
      const outcome = listedIds.has(id) ? 'read' : status.NOT_FOUND;
      expect({ key, outcome: (await codeOf(read(id, as('mia')))) ?? 'read' }).toEqual({ key, outcome });
    }
    expect(listedIds.has(ids['hedy']!) || listedIds.has(ids['sam']!) || listedIds.has(ids['lee']!)).toBe(false);
  });

  it('answers PERMISSION_DENIED to a GUEST and, under ADMINS_ONLY, to members and managers, member or not', async () => {
    expect(await codeOf(read(ids['mia']!, a.token('GUEST')))).toBe(status.PERMISSION_DENIED);
    expect(await codeOf(read(randomUUID(), a.token('GUEST')))).toBe(status.PERMISSION_DENIED);
    await setDirectory({ visibility: 'ADMINS_ONLY' });
    try {
      for (const token of [as('hedy'), as('mona', 'MANAGER')]) {
        expect(await codeOf(read(ids['mia']!, token))).toBe(status.PERMISSION_DENIED);
        expect(await codeOf(read(randomUUID(), token))).toBe(status.PERMISSION_DENIED);
      }
      expect(await read(ids['mia']!, a.token('ADMIN'))).toMatchObject({ email: 'mia@profile.example' });
    } finally {
      await setDirectory({ visibility: 'MEMBERS_ONLY' });
    }
  });

  it('keeps organisations apart: PERMISSION_DENIED for a token of another organisation, NOT_FOUND through its own path', async () => {
    expect(await codeOf(read(ids['mia']!, b.ownerToken))).toBe(status.PERMISSION_DENIED);
    expect(await codeOf(read(ids['mia']!, b.ownerToken, b))).toBe(status.NOT_FOUND);
    expect(await codeOf(read(ids['mia']!, b.token('MEMBER'), b))).toBe(status.NOT_FOUND);
  });

  it('answers NOT_FOUND for an unknown member or organisation, INVALID_ARGUMENT naming a malformed id', async () => {
    expect(await codeOf(read(randomUUID(), a.ownerToken))).toBe(status.NOT_FOUND);
    expect(await codeOf(read(randomUUID(), as('mia')))).toBe(status.NOT_FOUND);
    expect(await codeOf(h.call('getMember', { organizationId: randomUUID(), userId: ids['mia']! }, h.tokens.system()))).toBe(status.NOT_FOUND);
    const bad = await failure(read('not-a-uuid', a.ownerToken));
    expect(bad?.code).toBe(status.INVALID_ARGUMENT);
    expect(violationsOf(bad).map((v) => v.field)).toEqual(['userId']);
  });

  it('answers NOT_FOUND once the organisation is deleted, to everyone', async () => {
    const gone = await h.newOrganization('profile-gone');
    await h.call('deleteOrganisation', { id: gone.org.id }, gone.ownerToken);
    expect(await codeOf(h.call('getMember', { organizationId: gone.org.id, userId: gone.owner.id }, h.tokens.system()))).toBe(status.NOT_FOUND);
    expect(await codeOf(h.call('getMember', { organizationId: gone.org.id, userId: gone.owner.id }, gone.ownerToken))).toBe(status.NOT_FOUND);
  });
});
