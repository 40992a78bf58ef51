import { randomUUID } from 'node:crypto';
import { type AccessClaimsInput, TokenSigner } from '@platform/auth';

export const TEST_SECRET = 'test-secret-that-is-at-least-32-characters-long';
export const TEST_ISSUER = 'association-platform';
/** A signer as the gateway holds it: the user-token key only. */
export const signer = new TokenSigner({ issuer: TEST_ISSUER, userKeys: { secret: TEST_SECRET } });

/** An access token of an organisation user with the given role in the given organisation. */
export function orgToken(organizationId: string, organizationRole: AccessClaimsInput['organizationRole'], overrides: Partial<AccessClaimsInput> = {}) {
  return signer.signAccess({
    sub: randomUUID(),
    sid: randomUUID(),
    userType: 'ORGANIZATION',
    email: 'member@example.org',
    username: 'member',
    organizationId,
    organizationRole,
    ...overrides,
  });
}

export function systemToken(systemRole: AccessClaimsInput['systemRole']) {
  return signer.signAccess({ sub: randomUUID(), sid: randomUUID(), userType: 'SYSTEM', systemRole });
}
