import { importedRoleAndStatus } from './member-import';

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
