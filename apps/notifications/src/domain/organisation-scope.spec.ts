import type { AccessClaims } from '@platform/auth';
import { emailLogScope, mayReadEmailLog, senderOrganization } from './organisation-scope';

const ORG = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
const base = { sub: 's', sid: 's', jti: 'j', iat: 0, exp: 0, iss: 'i' };
const admin: AccessClaims = { ...base, userType: 'ORGANIZATION', organizationId: ORG, organizationRole: 'ADMIN' };
const staff: AccessClaims = { ...base, userType: 'SYSTEM', systemRole: 'PLATFORM_ADMIN' };

describe('organisation scope', () => {
  it('gives an organisation admin their own log, by default or by name, and nothing else', () => {
    expect(emailLogScope(admin, '')).toEqual({ organizationId: ORG });
    expect(emailLogScope(admin, ORG)).toEqual({ organizationId: ORG });
    expect(() => emailLogScope(admin, OTHER)).toThrow('You do not have access to this organisation');
    expect(mayReadEmailLog(admin, ORG)).toBe(true);
    expect(mayReadEmailLog(admin, OTHER)).toBe(false);
    expect(mayReadEmailLog(admin, null)).toBe(false);
  });

  it('gives platform administrators any organisation, or all', () => {
    expect(emailLogScope(staff, '')).toEqual({});
    expect(emailLogScope(staff, OTHER)).toEqual({ organizationId: OTHER });
    expect(mayReadEmailLog(staff, null)).toBe(true);
  });

  it("sends in the caller's organisation; platform administrators must name one", () => {
    expect(senderOrganization(admin, '')).toBe(ORG);
    expect(() => senderOrganization(admin, OTHER)).toThrow('You do not have access to this organisation');
    expect(senderOrganization(staff, OTHER)).toBe(OTHER);
    expect(() => senderOrganization(staff, '')).toThrow('The request is not valid');
  });
});
