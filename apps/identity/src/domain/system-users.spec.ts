import { assertMayManageSystemUsers, assertNotSelf, parseSystemRole } from './system-users';

describe('platform staff accounts', () => {
  it('are managed by a SUPER_ADMIN only', () => {
    expect(() => assertMayManageSystemUsers('SUPER_ADMIN')).not.toThrow();
    for (const role of ['PLATFORM_ADMIN', 'SUPPORT_ADMIN', 'READ_ONLY_ADMIN', undefined]) {
      expect(() => assertMayManageSystemUsers(role)).toThrow('Only a SUPER_ADMIN');
    }
  });

  it('never have their own role changed by themselves', () => {
    expect(() => assertNotSelf('a', 'a')).toThrow('your own system role');
    expect(() => assertNotSelf('a', 'b')).not.toThrow();
  });

  it('carry one of the four system roles', () => {
    expect(parseSystemRole('SUPPORT_ADMIN')).toBe('SUPPORT_ADMIN');
    expect(() => parseSystemRole('ADMIN')).toThrow('Invalid');
  });
});
