import { assertMayLogIn } from './account-access';

describe('who may sign in', () => {
  it('lets active and not yet verified accounts in', () => {
    expect(() => assertMayLogIn('ACTIVE')).not.toThrow();
    expect(() => assertMayLogIn('PENDING_VERIFICATION')).not.toThrow();
  });

  it('refuses suspended, banned and deactivated accounts, each with its reason', () => {
    expect(() => assertMayLogIn('SUSPENDED')).toThrow('This account is suspended');
    expect(() => assertMayLogIn('BANNED')).toThrow('This account is banned');
    expect(() => assertMayLogIn('DEACTIVATED')).toThrow('a platform administrator can reactivate it');
  });
});
