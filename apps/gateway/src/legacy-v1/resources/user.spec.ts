import { legacyLogin, nicenameOf } from './auth';
import { legacyProfile, legacyRoleOf } from './user';

const profile = {
  id: 'u1',
  email: 'zoe.obrien@example.org',
  firstName: 'Zoë',
  lastName: "O'Brien",
  displayName: 'Zoë OB',
  status: 'ACTIVE',
  roles: ['MEMBER'],
  phoneNumber: '',
  jobTitle: 'Nurse',
  company: '',
  city: 'Perth',
  isCertified: false,
  dateOfBirth: '1990-02-03',
  addressLine1: '1 Main St',
  postalCode: '6000',
  membershipRenewalDate: '2027-01-01',
  isExcludedFromListing: false,
  createdAt: '2019-06-01T00:00:00.000Z',
  joinedAt: '2026-12-01T00:00:00.000Z',
};

describe('the member’s own profile and sign-in in the old app’s shape', () => {
  it('gives the directory fields and the profile’s own, the email as user name', () => {
    expect(legacyProfile(profile)).toEqual({
      id: 'u1',
      display_name: 'Zoë OB',
      first_name: 'Zoë',
      last_name: "O'Brien",
      email: 'zoe.obrien@example.org',
      mobile_number: null,
      job_title: 'Nurse',
      company: null,
      city: 'Perth',
      state: null,
      is_certified: false,
      username: 'zoe.obrien@example.org',
      role: 'association-member',
      birthday: '1990-02-03',
      street_address: '1 Main St',
      zip: '6000',
      renewal_date: '2027-01-01',
      is_exclude_listing: false,
      registered: '2019-06-01T00:00:00+00:00',
      devices: [],
    });
  });

  it('reads the spec’s role mapping backwards', () => {
    expect(legacyRoleOf(['ADMIN'], 'ACTIVE')).toBe('administrator');
    expect(legacyRoleOf(['OWNER'], 'ACTIVE')).toBe('administrator');
    expect(legacyRoleOf(['MEMBER'], 'ACTIVE')).toBe('association-member');
    expect(legacyRoleOf(['MEMBER'], 'PENDING')).toBe('pending-review');
    expect(legacyRoleOf(['MEMBER'], 'SUSPENDED')).toBe('suspended');
  });

  it('answers a sign-in with the platform’s tokens in the site’s login fields', () => {
    expect(legacyLogin({ accessToken: 'access', refreshToken: 'refresh', expiresIn: 3600 }, profile)).toEqual({
      token: 'access',
      refresh_token: 'refresh',
      user_email: 'zoe.obrien@example.org',
      user_nicename: 'zoe-obrien',
      user_display_name: 'Zoë OB',
      user_id: 'u1',
      user_role: 'association-member',
      expires_in: 3600,
    });
    expect(nicenameOf('Ada+Club@example.org')).toBe('ada-club');
    expect(nicenameOf('@example.org')).toBe('member');
  });
});
