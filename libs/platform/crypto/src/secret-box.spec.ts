import { SecretBox } from './secret-box';

const KEY = 'a'.repeat(64);

describe('SecretBox', () => {
  it('opens what it sealed, and the sealed text does not contain the secret', () => {
    const box = new SecretBox(KEY);
    const sealed = box.seal('123456');
    expect(sealed).not.toContain('123456');
    expect(box.open(sealed)).toBe('123456');
  });

  it('seals the same secret differently each time', () => {
    const box = new SecretBox(KEY);
    expect(box.seal('x')).not.toBe(box.seal('x'));
  });

  it('refuses a tampered or foreign value', () => {
    const box = new SecretBox(KEY);
    const sealed = box.seal('secret');
    const tampered = sealed.slice(0, -2) + (sealed.endsWith('A') ? 'BB' : 'AA');
    expect(() => box.open(tampered)).toThrow();
    expect(() => new SecretBox('b'.repeat(64)).open(sealed)).toThrow();
    expect(() => box.open('plain')).toThrow('not a sealed secret');
  });

  it('needs a 32-byte key', () => {
    expect(() => new SecretBox('abcd')).toThrow();
  });
});
