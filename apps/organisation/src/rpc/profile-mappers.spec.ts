import type { MemberProfileRead } from '../app/read-member-profile';
import { DEFAULT_DIRECTORY_CONFIG } from '../domain/directory';
import type { MembershipWithRole } from '../store/memberships';
import { toUserProfileMessage } from './profile-mappers';

const membership: MembershipWithRole = {
  id: 'membership-1',
  organizationId: 'org-1',
  accountId: 'account-1',
  roleId: 'role-member',
  status: 'ACTIVE',
  firstNameOverride: null,
  lastNameOverride: null,
  email: 'ada@example.org',
  firstName: 'Ada',
  lastName: 'Lovelace',
  firstNameKey: 'ada',
  lastNameKey: 'lovelace',
  searchText: 'ada lovelace ada@example.org',
  displayName: 'Countess',
  phoneNumber: '+44 20 0000',
  jobTitle: 'Analyst',
  company: null,
  dateOfBirth: new Date('1815-12-10T00:00:00Z'),
  addressLine1: '12 St James Square',
  city: 'London',
  postalCode: 'SW1Y 4JH',
  isCertified: true,
  membershipRenewalDate: new Date('2027-01-31T00:00:00Z'),
  isExcludedFromListing: false,
  externalId: 'wp-42',
  importHash: null,
  joinedAt: new Date('2026-01-02T03:04:05.000Z'),
  endedAt: null,
  createdAt: new Date('2020-05-06T07:08:09.000Z'),
  updatedAt: new Date('2026-01-02T03:04:05.000Z'),
  role: { id: 'role-member', name: 'MEMBER' },
};
const today = new Date('2026-06-01T00:00:00Z');
const read = (over: Partial<MemberProfileRead>): MemberProfileRead => ({
  access: 'FULL',
  membership,
  directory: { ...DEFAULT_DIRECTORY_CONFIG },
  assignment: null,
  ...over,
});

describe('a member profile on the wire', () => {
  it('shows every field to a FULL reader, the assignment null when the member has none', () => {
    expect(toUserProfileMessage(read({}), today)).toEqual({
      id: 'account-1',
      email: 'ada@example.org',
      firstName: 'Ada',
      lastName: 'Lovelace',
      status: 'ACTIVE',
      roles: ['MEMBER'],
      joinedAt: '2026-01-02T03:04:05.000Z',
      roleId: 'role-member',
      displayName: 'Countess',
      phoneNumber: '+44 20 0000',
      jobTitle: 'Analyst',
      company: '',
      dateOfBirth: '1815-12-10',
      addressLine1: '12 St James Square',
      city: 'London',
      postalCode: 'SW1Y 4JH',
      isCertified: true,
      membershipRenewalDate: '2027-01-31',
      isExcludedFromListing: false,
      externalId: 'wp-42',
      createdAt: '2020-05-06T07:08:09.000Z',
      membership: undefined,
    });
  });

  it('shows a DIRECTORY reader the directory entry only: no email, phone, birth date, address, renewal, external id or assignment', () => {
    const shown = toUserProfileMessage(read({ access: 'DIRECTORY' }), today);
    expect(shown).toEqual({
      id: 'account-1',
      firstName: 'Ada',
      lastName: 'Lovelace',
      status: 'ACTIVE',
      roles: ['MEMBER'],
      joinedAt: '2026-01-02T03:04:05.000Z',
      roleId: 'role-member',
      displayName: 'Countess',
      jobTitle: 'Analyst',
      company: '',
      city: 'London',
      isCertified: true,
    });
    expect(JSON.stringify(shown)).not.toMatch(/example\.org|\+44|1815|James|SW1Y|2027|wp-42/);
  });

  it('adds email and phone for a DIRECTORY reader once the directory shows them', () => {
    const shown = toUserProfileMessage(read({ access: 'DIRECTORY', directory: { ...DEFAULT_DIRECTORY_CONFIG, showEmail: true, showPhone: true } }), today);
    expect(shown).toMatchObject({ email: 'ada@example.org', phoneNumber: '+44 20 0000' });
    expect(shown.dateOfBirth).toBeUndefined();
  });
});
