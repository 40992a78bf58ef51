import { mayManageOwners, touchesOwner } from './roles';

describe('who may manage owners', () => {
  it('is the OWNER, or a SUPER_ADMIN or PLATFORM_ADMIN', () => {
    expect(mayManageOwners({ userType: 'ORGANIZATION', organizationRole: 'OWNER' })).toBe(true);
    expect(mayManageOwners({ userType: 'SYSTEM', systemRole: 'SUPER_ADMIN' })).toBe(true);
    expect(mayManageOwners({ userType: 'SYSTEM', systemRole: 'PLATFORM_ADMIN' })).toBe(true);
  });

  it('is never an ADMIN or lesser role, other staff, or an anonymous caller', () => {
    for (const role of ['ADMIN', 'MANAGER', 'MEMBER', 'GUEST'] as const)
      expect(mayManageOwners({ userType: 'ORGANIZATION', organizationRole: role })).toBe(false);
    expect(mayManageOwners({ userType: 'SYSTEM', systemRole: 'SUPPORT_ADMIN' })).toBe(false);
    expect(mayManageOwners(undefined)).toBe(false);
  });

  it('matters when OWNER is granted or an owner is changed', () => {
    expect(touchesOwner('MEMBER', 'OWNER')).toBe(true);
    expect(touchesOwner('OWNER', 'ADMIN')).toBe(true);
    expect(touchesOwner('ADMIN', 'MEMBER')).toBe(false);
  });
});
