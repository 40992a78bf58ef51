import type { AccessClaimsInput, OrgRole, SystemRole } from '@platform/auth';

export interface AccountForClaims {
  id: string;
  email: string;
  username: string;
  userType: 'ORGANIZATION' | 'SYSTEM';
  systemRole: string | null;
}

/**
 * The access-token claims of a session, as the spec lists them: organisation users carry email,
 * username and their organisation and role; system users carry their system role instead.
 */
export function accessClaimsFor(account: AccountForClaims, sessionId: string, organization?: { organizationId: string; role: OrgRole }): AccessClaimsInput {
  if (account.userType === 'SYSTEM') {
    return { sub: account.id, userType: 'SYSTEM', systemRole: (account.systemRole ?? 'READ_ONLY_ADMIN') as SystemRole, sid: sessionId };
  }
  return {
    sub: account.id,
    userType: 'ORGANIZATION',
    email: account.email,
    username: account.username,
    organizationId: organization?.organizationId,
    organizationRole: organization?.role,
    sid: sessionId,
  };
}
