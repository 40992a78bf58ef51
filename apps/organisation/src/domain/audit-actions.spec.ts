import { membershipAuditActions } from './audit-actions';

const member = { role: 'MEMBER', status: 'ACTIVE' } as const;

describe('audit actions of membership changes', () => {
  it('records adding a person as MEMBER_ADDED, also when an ended membership restarts', () => {
    expect(membershipAuditActions('add', undefined, member)).toEqual(['MEMBER_ADDED']);
    expect(membershipAuditActions('add', { role: 'GUEST', status: 'INACTIVE' }, member)).toEqual(['MEMBER_ADDED']);
  });

  it('records DELETE as MEMBER_REMOVED, and nothing for a membership already ended', () => {
    expect(membershipAuditActions('remove', member, { role: 'MEMBER', status: 'INACTIVE' })).toEqual(['MEMBER_REMOVED']);
    expect(membershipAuditActions('remove', { role: 'MEMBER', status: 'INACTIVE' }, { role: 'MEMBER', status: 'INACTIVE' })).toEqual([]);
  });

  it('records a PUT as one entry per kind of change: role, status, both or none', () => {
    expect(membershipAuditActions('update', member, { role: 'ADMIN', status: 'ACTIVE' })).toEqual(['MEMBER_ROLE_CHANGED']);
    expect(membershipAuditActions('update', member, { role: 'MEMBER', status: 'SUSPENDED' })).toEqual(['MEMBER_STATUS_CHANGED']);
    expect(membershipAuditActions('update', member, { role: 'MANAGER', status: 'INACTIVE' })).toEqual(['MEMBER_ROLE_CHANGED', 'MEMBER_STATUS_CHANGED']);
    expect(membershipAuditActions('update', member, member)).toEqual([]);
  });
});
