import { lockoutAccountKey, lockoutKeys } from './login-lockout-keys';

describe('login lockout keys', () => {
  it('key an account by its hashed, normalised email, both keys in one hash tag', () => {
    expect(lockoutAccountKey(' Ann@Example.org ')).toBe(lockoutAccountKey('ann@example.org'));
    expect(lockoutAccountKey('ann@example.org')).toMatch(/^[0-9a-f]{32}$/);
    const [failures, inflight] = lockoutKeys('gateway:', 'ann@example.org');
    expect(failures).toBe(`gateway:lockout:{${lockoutAccountKey('ann@example.org')}}`);
    expect(inflight).toBe(`${failures}:inflight`);
  });
});
