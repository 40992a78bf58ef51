import { importedProfileOf, importedRoleAndStatus } from './member-import';

describe('importedRoleAndStatus', () => {
  it('gives a new member MEMBER and ACTIVE unless the record names others', () => {
    expect(importedRoleAndStatus(undefined, { role: '', status: '' })).toEqual({ role: 'MEMBER', status: 'ACTIVE' });
    expect(importedRoleAndStatus(undefined, { role: 'ADMIN', status: 'PENDING' })).toEqual({ role: 'ADMIN', status: 'PENDING' });
  });

  it('keeps what a known member has when the record is silent', () => {
    expect(importedRoleAndStatus({ role: 'GUEST', status: 'SUSPENDED' }, { role: '', status: '' })).toEqual({ role: 'GUEST', status: 'SUSPENDED' });
    expect(importedRoleAndStatus({ role: 'GUEST', status: 'ACTIVE' }, { role: 'MEMBER', status: 'INACTIVE' })).toEqual({ role: 'MEMBER', status: 'INACTIVE' });
  });

  it('never changes an owner', () => {
    expect(importedRoleAndStatus({ role: 'OWNER', status: 'ACTIVE' }, { role: 'MEMBER', status: 'INACTIVE' })).toEqual({ role: 'OWNER', status: 'ACTIVE' });
  });
});

describe('importedProfileOf', () => {
  it('takes the names and profile fields an import writes, not the external id, role or status', () => {
    const row = {
      externalId: 'wp-1',
      role: 'ADMIN',
      status: 'ACTIVE',
      email: 'a@example.org',
      firstName: 'Ada',
      lastName: 'Lovelace',
      displayName: null,
      phoneNumber: null,
      jobTitle: 'Analyst',
      company: null,
      dateOfBirth: null,
      addressLine1: null,
      city: 'London',
      postalCode: null,
      isCertified: true,
      membershipRenewalDate: null,
      isExcludedFromListing: false,
    };
    expect(Object.keys(importedProfileOf(row)).sort()).toEqual(
      [
        'addressLine1',
        'city',
        'company',
        'dateOfBirth',
        'displayName',
        'firstName',
        'isCertified',
        'isExcludedFromListing',
        'jobTitle',
        'lastName',
        'membershipRenewalDate',
        'phoneNumber',
        'postalCode',
      ].sort(),
    );
  });
});
