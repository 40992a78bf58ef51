import type { OrgRole, SystemRole } from '@platform/auth';
import { profileAccess, type ProfileReader } from './profile-access';

const MEMBER_ID = 'member-1';
const org = (organizationRole: OrgRole, sub = 'someone-else'): ProfileReader => ({ sub, userType: 'ORGANIZATION', organizationRole });
const system = (systemRole: SystemRole): ProfileReader => ({ sub: 'platform-user', userType: 'SYSTEM', systemRole });
const listed = { status: 'ACTIVE', isExcludedFromListing: false };
const excluded = { status: 'ACTIVE', isExcludedFromListing: true };

describe('who may read whose profile', () => {
  it.each(['OWNER', 'ADMIN'] as const)('gives an %s every field of any member, whatever the status or the directory', (role) => {
    for (const member of [listed, excluded, { status: 'SUSPENDED', isExcludedFromListing: false }, { status: 'INACTIVE', isExcludedFromListing: false }])
      for (const visibility of ['MEMBERS_ONLY', 'ADMINS_ONLY'] as const)
        expect(profileAccess(org(role), MEMBER_ID, member, visibility)).toEqual({ allowed: true, access: 'FULL', member });
  });

  it.each(['SUPER_ADMIN', 'PLATFORM_ADMIN', 'SUPPORT_ADMIN', 'READ_ONLY_ADMIN'] as const)('gives the system user %s every field', (role) => {
    expect(profileAccess(system(role), MEMBER_ID, excluded, 'ADMINS_ONLY')).toMatchObject({ allowed: true, access: 'FULL' });
  });

  it.each(['OWNER', 'ADMIN', 'MANAGER', 'MEMBER', 'GUEST'] as const)('gives a %s every field of their own profile, hidden or not', (role) => {
    for (const visibility of ['MEMBERS_ONLY', 'ADMINS_ONLY'] as const)
      expect(profileAccess(org(role, MEMBER_ID), MEMBER_ID, excluded, visibility)).toMatchObject({ allowed: true, access: 'FULL' });
  });

  it('answers NOT_FOUND to those who see everything when there is no such member', () => {
    expect(profileAccess(org('ADMIN'), MEMBER_ID, null, 'MEMBERS_ONLY')).toEqual({ allowed: false, refusal: 'NOT_FOUND' });
    expect(profileAccess(system('SUPER_ADMIN'), MEMBER_ID, null, 'MEMBERS_ONLY')).toEqual({ allowed: false, refusal: 'NOT_FOUND' });
    expect(profileAccess(org('MEMBER', MEMBER_ID), MEMBER_ID, null, 'MEMBERS_ONLY')).toEqual({ allowed: false, refusal: 'NOT_FOUND' });
  });

  it.each(['MANAGER', 'MEMBER'] as const)('gives a %s the directory entry of a member the directory lists', (role) => {
    expect(profileAccess(org(role), MEMBER_ID, listed, 'MEMBERS_ONLY')).toEqual({ allowed: true, access: 'DIRECTORY', member: listed });
  });

  it('answers NOT_FOUND to a directory reader for a member the directory does not list: excluded, not ACTIVE, or none', () => {
    for (const member of [
      excluded,
      { status: 'PENDING', isExcludedFromListing: false },
      { status: 'SUSPENDED', isExcludedFromListing: false },
      { status: 'INACTIVE', isExcludedFromListing: false },
      { status: 'REJECTED', isExcludedFromListing: false },
      null,
    ])
      expect(profileAccess(org('MEMBER'), MEMBER_ID, member, 'MEMBERS_ONLY')).toEqual({ allowed: false, refusal: 'NOT_FOUND' });
  });

  it('answers FORBIDDEN when the directory is closed to the reader (ADMINS_ONLY, or a GUEST), whether or not the member exists', () => {
    for (const member of [listed, excluded, null]) {
      expect(profileAccess(org('MEMBER'), MEMBER_ID, member, 'ADMINS_ONLY')).toEqual({ allowed: false, refusal: 'FORBIDDEN' });
      expect(profileAccess(org('MANAGER'), MEMBER_ID, member, 'ADMINS_ONLY')).toEqual({ allowed: false, refusal: 'FORBIDDEN' });
      expect(profileAccess(org('GUEST'), MEMBER_ID, member, 'MEMBERS_ONLY')).toEqual({ allowed: false, refusal: 'FORBIDDEN' });
    }
  });

  it('answers FORBIDDEN without a caller', () => {
    expect(profileAccess(undefined, MEMBER_ID, listed, 'MEMBERS_ONLY')).toEqual({ allowed: false, refusal: 'FORBIDDEN' });
  });
});
