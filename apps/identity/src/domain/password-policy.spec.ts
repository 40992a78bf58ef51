import { passwordViolations } from './password-policy';

describe('password rules', () => {
  it('accepts a password of 8 characters or more that is not the email', () => {
    expect(passwordViolations('correct horse', 'ann@example.org')).toEqual([]);
  });

  it('refuses a password shorter than 8 characters with a clear message', () => {
    expect(passwordViolations('short', 'ann@example.org')).toEqual([{ field: 'password', message: 'must be at least 8 characters long' }]);
  });

  it('refuses the email address, or its local part, as password whatever the case', () => {
    expect(passwordViolations('Ann@Example.org', 'ann@example.org')[0]?.message).toBe('must not be your email address');
    expect(passwordViolations('annabelle', 'annabelle@example.org')[0]?.message).toBe('must not be your email address');
  });

  it('names the field it was given', () => {
    expect(passwordViolations('x', 'a@b.c', 'newPassword')[0]?.field).toBe('newPassword');
  });
});
