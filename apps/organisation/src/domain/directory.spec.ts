import {
  changedDirectoryFields,
  DEFAULT_DIRECTORY_CONFIG,
  directoryEntry,
  effectiveDirectoryConfig,
  isDirectoryVisibility,
  isListedInDirectory,
  mayReadDirectory,
} from './directory';

const member = {
  id: 'a1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  displayName: null,
  email: 'ada@example.org',
  phoneNumber: '+44 20 0000',
  jobTitle: 'Analyst',
  company: null,
  city: 'London',
  isCertified: true,
  role: 'MEMBER',
  joinedAt: new Date('2026-01-02T03:04:05.000Z'),
};

describe('the member directory', () => {
  it('defaults to MEMBERS_ONLY, no email, no phone, search allowed', () => {
    expect(effectiveDirectoryConfig(null)).toEqual({ visibility: 'MEMBERS_ONLY', showEmail: false, showPhone: false, allowMemberSearch: true });
    expect(effectiveDirectoryConfig({ ...DEFAULT_DIRECTORY_CONFIG, showEmail: true })).toMatchObject({ showEmail: true });
  });

  it('knows the two visibilities only', () => {
    expect(isDirectoryVisibility('MEMBERS_ONLY')).toBe(true);
    expect(isDirectoryVisibility('ADMINS_ONLY')).toBe(true);
    expect(isDirectoryVisibility('PUBLIC')).toBe(false);
    expect(isDirectoryVisibility('members_only')).toBe(false);
  });

  it('lets every reader through MEMBERS_ONLY, and only OWNER, ADMIN and system users through ADMINS_ONLY', () => {
    const org = (organizationRole: 'OWNER' | 'ADMIN' | 'MANAGER' | 'MEMBER' | 'GUEST') => ({ userType: 'ORGANIZATION' as const, organizationRole });
    for (const role of ['OWNER', 'ADMIN', 'MANAGER', 'MEMBER'] as const) expect(mayReadDirectory(org(role), 'MEMBERS_ONLY')).toBe(true);
    expect(mayReadDirectory(org('OWNER'), 'ADMINS_ONLY')).toBe(true);
    expect(mayReadDirectory(org('ADMIN'), 'ADMINS_ONLY')).toBe(true);
    expect(mayReadDirectory(org('MANAGER'), 'ADMINS_ONLY')).toBe(false);
    expect(mayReadDirectory(org('MEMBER'), 'ADMINS_ONLY')).toBe(false);
    expect(mayReadDirectory({ userType: 'SYSTEM' }, 'ADMINS_ONLY')).toBe(true);
    expect(mayReadDirectory(undefined, 'MEMBERS_ONLY')).toBe(false);
  });

  it('shows email and phone only when the config does, and never the private profile fields', () => {
    const hidden = directoryEntry(member, { showEmail: false, showPhone: false });
    expect(hidden).toEqual({
      id: 'a1',
      firstName: 'Ada',
      lastName: 'Lovelace',
      displayName: '',
      jobTitle: 'Analyst',
      company: '',
      city: 'London',
      isCertified: true,
      roles: ['MEMBER'],
      joinedAt: '2026-01-02T03:04:05.000Z',
    });
    expect(directoryEntry(member, { showEmail: true, showPhone: false })).toMatchObject({ email: 'ada@example.org' });
    expect(directoryEntry(member, { showEmail: true, showPhone: false }).phoneNumber).toBeUndefined();
    expect(directoryEntry(member, { showEmail: false, showPhone: true })).toMatchObject({ phoneNumber: '+44 20 0000' });
    expect(directoryEntry({ ...member, phoneNumber: null }, { showEmail: false, showPhone: true }).phoneNumber).toBeUndefined();
  });

  it('lists ACTIVE members only, and none excluded from listing', () => {
    expect(isListedInDirectory({ status: 'ACTIVE', isExcludedFromListing: false })).toBe(true);
    expect(isListedInDirectory({ status: 'ACTIVE', isExcludedFromListing: true })).toBe(false);
    for (const status of ['PENDING', 'SUSPENDED', 'INACTIVE', 'REJECTED']) expect(isListedInDirectory({ status, isExcludedFromListing: false })).toBe(false);
  });

  it('names the settings a change sets differently', () => {
    expect(changedDirectoryFields(DEFAULT_DIRECTORY_CONFIG, { showEmail: true, allowMemberSearch: true })).toEqual(['showEmail']);
  });
});
