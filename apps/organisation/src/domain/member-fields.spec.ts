import { changedProfileFields, formatIsoDate, parseIsoDate, type MemberProfile } from './member-fields';

const empty: MemberProfile = {
  displayName: null,
  phoneNumber: null,
  jobTitle: null,
  company: null,
  dateOfBirth: null,
  addressLine1: null,
  city: null,
  postalCode: null,
  isCertified: false,
  membershipRenewalDate: null,
  isExcludedFromListing: false,
  externalId: null,
};

describe('member profile fields', () => {
  it('parses real calendar dates only', () => {
    expect(formatIsoDate(parseIsoDate('1990-02-28'))).toBe('1990-02-28');
    expect(parseIsoDate('1990-02-30')).toBeUndefined();
    expect(parseIsoDate('1990-2-3')).toBeUndefined();
    expect(formatIsoDate(null)).toBe('');
  });

  it('names the fields a change changes, dates compared by day', () => {
    const current = { ...empty, city: 'Lyon', dateOfBirth: parseIsoDate('1990-01-01') as Date };
    expect(changedProfileFields(current, { city: 'Lyon', dateOfBirth: parseIsoDate('1990-01-01') as Date })).toEqual([]);
    expect(changedProfileFields(current, { city: null, isCertified: true, phoneNumber: undefined })).toEqual(['city', 'isCertified']);
  });
});
