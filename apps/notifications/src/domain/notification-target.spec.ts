import { isMembersOnly, recipientFilter } from './notification-target';

const target = (targetType: string, extra: Partial<{ targetUserId: string; targetRole: string }> = {}) => ({
  targetType,
  targetUserId: '',
  targetRole: '',
  ...extra,
});
const USER = '0b6c6d2e-4c1a-4d8e-9a57-2f5c1b8d9e10';

describe('notification targets', () => {
  it('addresses all members, a role or one user', () => {
    expect(recipientFilter(target('ALL_MEMBERS'), false)).toEqual({ excludeGuests: false });
    expect(recipientFilter(target('ROLE', { targetRole: 'manager' }), false)).toEqual({ role: 'MANAGER', excludeGuests: false });
    expect(recipientFilter(target('SPECIFIC_USER', { targetUserId: USER }), false)).toEqual({ accountId: USER, excludeGuests: false });
  });

  it('leaves GUESTs out of members-only content', () => {
    expect(recipientFilter(target('ALL_MEMBERS'), true)).toEqual({ excludeGuests: true });
    expect(recipientFilter(target('ROLE', { targetRole: 'GUEST' }), true)).toEqual([
      { field: 'targetRole', message: 'members-only content cannot go to GUEST' },
    ]);
    expect(recipientFilter(target('ROLE', { targetRole: 'GUEST' }), false)).toEqual({ role: 'GUEST', excludeGuests: false });
  });

  it('names what is missing or does not belong', () => {
    expect(recipientFilter(target('EVERYONE'), false)).toEqual([{ field: 'targetType', message: 'must be one of ALL_MEMBERS, SPECIFIC_USER, ROLE' }]);
    expect(recipientFilter(target('SPECIFIC_USER'), false)).toEqual([{ field: 'targetUserId', message: 'is required when targetType is SPECIFIC_USER' }]);
    expect(recipientFilter(target('ROLE'), false)).toEqual([{ field: 'targetRole', message: 'is required when targetType is ROLE' }]);
    expect(recipientFilter(target('ROLE', { targetRole: 'CAPTAIN' }), false)).toEqual([
      { field: 'targetRole', message: 'must be one of OWNER, ADMIN, MANAGER, MEMBER, GUEST' },
    ]);
    expect(recipientFilter(target('ALL_MEMBERS', { targetUserId: USER, targetRole: 'MEMBER' }), false)).toEqual([
      { field: 'targetUserId', message: 'is only for targetType SPECIFIC_USER' },
      { field: 'targetRole', message: 'is only for targetType ROLE' },
    ]);
  });

  it('reads the members-only mark from the data', () => {
    expect(isMembersOnly({ membersOnly: true })).toBe(true);
    expect(isMembersOnly({ membersOnly: 'true' })).toBe(true);
    expect(isMembersOnly({ visibility: 'members_only' })).toBe(true);
    expect(isMembersOnly({ visibility: 'PUBLIC', membersOnly: false })).toBe(false);
    expect(isMembersOnly({})).toBe(false);
  });
});
