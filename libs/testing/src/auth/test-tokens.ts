import { randomUUID } from 'node:crypto';
import { TokenSigner, type OrgRole, type SystemRole } from '@platform/auth';

/** The user-token secret services started by a test share with it. */
export const TEST_JWT_SECRET = 'integration-test-secret-0123456789abcdef';
/** The service-token secret services started by a test share with it (never the user one). */
export const TEST_SERVICE_JWT_SECRET = 'integration-test-service-secret-0123456789';
/** The configuration's default SECRETS_KEY (what identity seals event secrets with, and notifications opens them with). */
export const TEST_SECRETS_KEY = '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff';

/** A signer of user tokens as identity issues them and of service tokens as services do, with the test secrets (or others). */
export const testSigner = (secret = TEST_JWT_SECRET, serviceSecret = TEST_SERVICE_JWT_SECRET): TokenSigner =>
  new TokenSigner({ issuer: 'association-platform', userKeys: { secret }, serviceKeys: { secret: serviceSecret } });

export interface TestTokens {
  /** A system user's access token (SUPER_ADMIN unless told), `sub` a fresh id unless given. */
  system(role?: SystemRole, sub?: string): string;
  /** An organisation user's access token with `role` in that organisation; the email is `<sub>@example.org`. */
  org(organizationId: string, role: OrgRole, sub?: string): string;
  /** A service token, as `name` presents to the services it calls. */
  service(name?: string): string;
}

/** Access tokens a test presents, signed by `signer`. */
export function testTokens(signer: TokenSigner): TestTokens {
  return {
    system: (role = 'SUPER_ADMIN', sub = randomUUID()) => signer.signAccess({ sub, userType: 'SYSTEM', systemRole: role, sid: randomUUID() }).token,
    org: (organizationId, role, sub = randomUUID()) =>
      signer.signAccess({ sub, userType: 'ORGANIZATION', organizationId, organizationRole: role, email: `${sub}@example.org`, sid: randomUUID() }).token,
    service: (name = 'test') => signer.signService(name),
  };
}
