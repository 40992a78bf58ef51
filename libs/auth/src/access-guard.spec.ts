import type { AccessClaims } from './claims';
import { authorize, authorizeService } from './access-guard';

const ORG = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';

const orgUser = (role: AccessClaims['organizationRole'], organizationId = ORG): AccessClaims => ({
  sub: 'u',
  userType: 'ORGANIZATION',
  organizationId,
  organizationRole: role,
  sid: 's',
  jti: 'j',
  iat: 0,
  exp: 0,
  iss: 'i',
});
const system = (systemRole: AccessClaims['systemRole']): AccessClaims => ({
  sub: 's',
  userType: 'SYSTEM',
  systemRole,
  sid: 's',
  jti: 'j',
  iat: 0,
  exp: 0,
  iss: 'i',
});

describe('authorize', () => {
  it('lets anyone through a public route and needs a caller elsewhere', () => {
    expect(() => authorize(undefined, { auth: 'public' })).not.toThrow();
    expect(() => authorize(undefined, { auth: 'user' })).toThrow('Authentication is required');
  });

  it('keeps organisation users inside their own organisation', () => {
    expect(() => authorize(orgUser('MEMBER'), { auth: 'user', organizationId: ORG })).not.toThrow();
    expect(() => authorize(orgUser('OWNER'), { auth: 'user', organizationId: OTHER })).toThrow('You do not have access to this organisation');
    expect(() => authorize(orgUser('OWNER'), { auth: 'admin', organizationId: OTHER })).toThrow('You do not have access to this organisation');
  });

  it('needs ADMIN or OWNER for admin routes and OWNER for owner routes', () => {
    expect(() => authorize(orgUser('ADMIN'), { auth: 'admin', organizationId: ORG })).not.toThrow();
    expect(() => authorize(orgUser('OWNER'), { auth: 'admin', organizationId: ORG })).not.toThrow();
    expect(() => authorize(orgUser('MANAGER'), { auth: 'admin', organizationId: ORG })).toThrow('organisation administrator');
    expect(() => authorize(orgUser('ADMIN'), { auth: 'owner', organizationId: ORG })).toThrow('organisation owner');
    expect(() => authorize(orgUser('OWNER'), { auth: 'owner', organizationId: ORG })).not.toThrow();
  });

  it('checks the authority of the caller role', () => {
    expect(() => authorize(orgUser('MEMBER'), { auth: 'user', organizationId: ORG, authority: 'ORG:EVENT:REGISTER' })).not.toThrow();
    expect(() => authorize(orgUser('GUEST'), { auth: 'user', organizationId: ORG, authority: 'ORG:EVENT:REGISTER' })).toThrow('ORG:EVENT:REGISTER');
    expect(() => authorize(orgUser('ADMIN'), { auth: 'admin', organizationId: ORG, authority: 'ORG:ORGANIZATION:DELETE' })).toThrow();
  });

  it('lets SUPER_ADMIN and PLATFORM_ADMIN pass every check in any organisation', () => {
    for (const role of ['SUPER_ADMIN', 'PLATFORM_ADMIN'] as const) {
      for (const auth of ['user', 'admin', 'owner', 'sys'] as const) {
        expect(() => authorize(system(role), { auth, organizationId: OTHER, authority: 'ORG:ORGANIZATION:DELETE' })).not.toThrow();
      }
    }
  });

  it('keeps lower system roles to reading', () => {
    expect(() => authorize(system('READ_ONLY_ADMIN'), { auth: 'sys' })).toThrow('platform administrator');
    expect(() => authorize(system('SUPPORT_ADMIN'), { auth: 'admin', organizationId: ORG })).toThrow();
    expect(() => authorize(system('READ_ONLY_ADMIN'), { auth: 'user', organizationId: ORG, authority: 'ORG:EVENT:VIEW' })).not.toThrow();
    expect(() => authorize(system('READ_ONLY_ADMIN'), { auth: 'user', organizationId: ORG, authority: 'ORG:COMMENT:CREATE' })).toThrow();
  });

  it('refuses organisation users on sys routes', () => {
    expect(() => authorize(orgUser('OWNER'), { auth: 'sys' })).toThrow('platform administrator');
  });

  it('keeps service tokens to internal RPCs', () => {
    const service = { ...system(undefined), service: 'identity' };
    expect(() => authorize(service, { auth: 'user' })).toThrow('service token');
    expect(() => authorizeService(service)).not.toThrow();
    expect(() => authorizeService(orgUser('OWNER'))).toThrow('internal');
    expect(() => authorizeService(undefined)).toThrow();
  });
});
