import { adminStatusChange, assertMayDeactivateSelf, statusAfterEmailVerified, type StatusTarget } from './account-status';

const SUPER = { accountId: 'root', systemRole: 'SUPER_ADMIN' };
const PLATFORM = { accountId: 'ops', systemRole: 'PLATFORM_ADMIN' };
const member = (status: StatusTarget['status']): StatusTarget => ({ id: 'm', status, userType: 'ORGANIZATION' });

describe('account status set by a platform administrator', () => {
  it('suspends and bans, ending every session', () => {
    expect(adminStatusChange(PLATFORM, member('ACTIVE'), 'SUSPENDED')).toEqual({
      next: 'SUSPENDED',
      changed: true,
      endsSessions: true,
      action: 'USER_SUSPENDED',
    });
    expect(adminStatusChange(PLATFORM, member('SUSPENDED'), 'BANNED')).toEqual({ next: 'BANNED', changed: true, endsSessions: true, action: 'USER_BANNED' });
  });

  it('reactivates a suspended or deactivated account, and activates an unverified one', () => {
    expect(adminStatusChange(PLATFORM, member('SUSPENDED'), 'ACTIVE').action).toBe('USER_REACTIVATED');
    expect(adminStatusChange(PLATFORM, member('DEACTIVATED'), 'ACTIVE')).toMatchObject({ next: 'ACTIVE', endsSessions: false, action: 'USER_REACTIVATED' });
    expect(adminStatusChange(PLATFORM, member('PENDING_VERIFICATION'), 'ACTIVE').action).toBe('USER_ACTIVATED');
  });

  it('does nothing when the account already has the status', () => {
    expect(adminStatusChange(PLATFORM, member('SUSPENDED'), 'SUSPENDED')).toMatchObject({ changed: false, endsSessions: false });
  });

  it('lets only a SUPER_ADMIN lift a ban or touch a staff account', () => {
    expect(() => adminStatusChange(PLATFORM, member('BANNED'), 'ACTIVE')).toThrow('only a SUPER_ADMIN can lift it');
    expect(adminStatusChange(SUPER, member('BANNED'), 'ACTIVE').next).toBe('ACTIVE');
    expect(() => adminStatusChange(PLATFORM, { id: 's', status: 'ACTIVE', userType: 'SYSTEM' }, 'SUSPENDED')).toThrow('Only a SUPER_ADMIN');
    expect(adminStatusChange(SUPER, { id: 's', status: 'ACTIVE', userType: 'SYSTEM' }, 'SUSPENDED').next).toBe('SUSPENDED');
  });

  it('never lets administrators change their own status', () => {
    expect(() => adminStatusChange(SUPER, { id: 'root', status: 'ACTIVE', userType: 'SYSTEM' }, 'SUSPENDED')).toThrow('your own account');
  });
});

describe('self-deactivation', () => {
  it('is open to organisation accounts that can sign in', () => {
    expect(() => assertMayDeactivateSelf(member('ACTIVE'))).not.toThrow();
    expect(() => assertMayDeactivateSelf(member('PENDING_VERIFICATION'))).not.toThrow();
  });

  it('is refused to staff accounts and to accounts already disabled', () => {
    expect(() => assertMayDeactivateSelf({ status: 'ACTIVE', userType: 'SYSTEM' })).toThrow('SUPER_ADMIN');
    expect(() => assertMayDeactivateSelf(member('DEACTIVATED'))).toThrow('cannot be deactivated');
  });
});

describe('email verification', () => {
  it('activates an unverified account and leaves other statuses alone', () => {
    expect(statusAfterEmailVerified('PENDING_VERIFICATION')).toBe('ACTIVE');
    expect(statusAfterEmailVerified('SUSPENDED')).toBe('SUSPENDED');
    expect(statusAfterEmailVerified('ACTIVE')).toBe('ACTIVE');
  });
});
