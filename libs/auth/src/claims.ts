import type { OrgRole, SystemRole } from './roles';

export type UserType = 'ORGANIZATION' | 'SYSTEM';

/** Access-token claims, as the spec lists them, plus `jti` and the session id `sid`. */
export interface AccessClaims {
  sub: string;
  userType: UserType;
  email?: string;
  username?: string;
  organizationId?: string;
  organizationRole?: OrgRole;
  systemRole?: SystemRole;
  sid: string;
  jti: string;
  iat: number;
  exp: number;
  iss: string;
  /** Set only on service tokens (service-to-service calls); such tokens never pass a REST route. */
  service?: string;
}

/** Refresh-token claims: the token id and its family (the session). */
export interface RefreshClaims {
  sub: string;
  sid: string;
  jti: string;
  typ: 'refresh';
  iat: number;
  exp: number;
  iss: string;
}

/** The identity of a caller as a service sees it after verifying the token. */
export type Caller = AccessClaims;
