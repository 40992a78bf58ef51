import { readClaims } from './claims';

const part = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
const jwt = (claims: unknown) => `${part({ alg: 'HS256' })}.${part(claims)}.sig`;

describe('readClaims', () => {
  it('reads the claims of an organisation token, names with accents included', () => {
    const token = jwt({ sub: 'u1', exp: 2_000_000_000, userType: 'ORGANIZATION', email: 'zoë@example.org', organizationId: 'o1', organizationRole: 'ADMIN' });
    expect(readClaims(token)).toEqual({
      sub: 'u1',
      exp: 2_000_000_000,
      userType: 'ORGANIZATION',
      email: 'zoë@example.org',
      organizationId: 'o1',
      organizationRole: 'ADMIN',
    });
  });

  it('reads a system token', () => {
    expect(readClaims(jwt({ sub: 's1', exp: 1, userType: 'SYSTEM', systemRole: 'SUPER_ADMIN' }))?.systemRole).toBe('SUPER_ADMIN');
  });

  it('reads payloads whose base64url needs padding and uses - and _', () => {
    // A payload of every length mod 3, with bytes that encode to - and _ in base64url.
    for (const filler of ['', 'a', 'ab', '??>>', '\u00ff\u00fe']) {
      expect(readClaims(jwt({ sub: 'u', exp: 5, userType: 'ORGANIZATION', filler }))?.sub).toBe('u');
    }
  });

  it.each([
    ['no payload', 'header-only'],
    ['not base64 JSON', 'a.%%%.c'],
    ['JSON that is not an object of claims', `a.${part('"text"')}.c`],
    ['no subject', jwt({ exp: 1, userType: 'ORGANIZATION' })],
    ['no expiry', jwt({ sub: 'u', userType: 'ORGANIZATION' })],
    ['an unknown user type', jwt({ sub: 'u', exp: 1, userType: 'ROBOT' })],
  ])('answers undefined for %s', (_why, token) => {
    expect(readClaims(token)).toBeUndefined();
  });
});
