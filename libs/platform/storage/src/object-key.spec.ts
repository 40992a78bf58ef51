import { checkObjectKey } from './object-key';

describe('checkObjectKey', () => {
  it('accepts plain slash-separated keys', () => {
    expect(checkObjectKey('orgs/0b7c/documents/a1.pdf')).toBe('orgs/0b7c/documents/a1.pdf');
  });

  it.each(['', '../etc/passwd', 'a/../b', 'a/./b', '/abs', 'a//b', 'a\\b', '%2e%2e/x', 'a/..', '.hidden', 'a/b/'])('refuses %j', (key) => {
    expect(() => checkObjectKey(key)).toThrow(/invalid object key/);
  });
});
