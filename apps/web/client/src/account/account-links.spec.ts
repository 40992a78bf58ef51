import {
  backupCodesText,
  groupedSecret,
  loginPath,
  needsPassword,
  organisationOfLogin,
  safeNext,
  signInFirst,
  spentToken,
  verificationRefusal,
} from './account-links';

describe('account links', () => {
  it('follows only paths of this app after sign-in', () => {
    expect(safeNext('/admin/members', '/')).toBe('/admin/members');
    expect(safeNext('//evil.example/x', '/')).toBe('/');
    expect(safeNext('/\\evil.example', '/')).toBe('/');
    expect(safeNext('https://evil.example', '/')).toBe('/');
    expect(safeNext(null, '/admin')).toBe('/admin');
    expect(safeNext('', '/')).toBe('/');
  });

  it('reads ?org= as an id (invitation links) or a slug (sign-in and set-password links)', () => {
    expect(organisationOfLogin('5f0c8a3e-2b7d-4e1a-9c6f-3d8b1a2e4f60')).toEqual({ organizationId: '5f0c8a3e-2b7d-4e1a-9c6f-3d8b1a2e4f60' });
    expect(organisationOfLogin(' harbour-rowing ')).toEqual({ organizationSlug: 'harbour-rowing' });
    expect(organisationOfLogin('')).toEqual({});
    expect(organisationOfLogin(null)).toEqual({});
  });

  it('builds the sign-in address with only what is set, encoded', () => {
    expect(loginPath({})).toBe('/login');
    expect(loginPath({ email: 'ann+x@example.org', org: 'acme', next: null })).toBe('/login?email=ann%2Bx%40example.org&org=acme');
    expect(signInFirst('/account/two-factor', '?x=1')).toBe('/login?next=%2Faccount%2Ftwo-factor%3Fx%3D1');
  });

  it('explains a spent invitation by its 410 code, and an unknown token (404)', () => {
    expect(spentToken(410, 'INVITATION_EXPIRED')).toBe('expired');
    expect(spentToken(410, 'INVITATION_USED')).toBe('used');
    expect(spentToken(410, 'INVITATION_CANCELLED')).toBe('cancelled');
    expect(spentToken(410, undefined)).toBe('expired');
    expect(spentToken(404, 'NOT_FOUND')).toBe('unknown');
    expect(spentToken(400, 'VALIDATION_FAILED')).toBeUndefined();
    expect(spentToken(500, undefined)).toBeUndefined();
  });

  it("reads why identity refused a verification link from its message on 'token'", () => {
    expect(verificationRefusal('has expired; request a password reset to verify the address instead')).toBe('expired');
    expect(verificationRefusal('has already been used')).toBe('used');
    expect(verificationRefusal('is not valid')).toBe('invalid');
    expect(verificationRefusal(undefined)).toBe('invalid');
  });

  it('knows an accept answer asking for the new account’s names and password', () => {
    expect(needsPassword({ firstName: 'is required', lastName: 'is required', password: 'is required' })).toBe(true);
    expect(needsPassword({ password: 'must be at least 8 characters long' })).toBe(true);
    expect(needsPassword({})).toBe(false);
    expect(needsPassword({ email: 'x' })).toBe(false);
  });

  it('shows secrets and backup codes readably', () => {
    expect(groupedSecret('JBSWY3DPEHPK3PXP')).toBe('JBSW Y3DP EHPK 3PXP');
    expect(groupedSecret('ABCDE')).toBe('ABCD E');
    expect(groupedSecret('')).toBe('');
    expect(backupCodesText(['a1', 'b2'])).toBe('a1\nb2');
  });
});
