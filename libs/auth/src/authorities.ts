import type { OrgRole, SystemRole } from './roles';

/**
 * Every fine-grained authority, CATEGORY:RESOURCE:ACTION. The one table below assigns them to
 * roles; RPCs name the authority they need in their platform option.
 */
export const AUTHORITIES = [
  'ORG:ORGANIZATION:VIEW',
  'ORG:ORGANIZATION:UPDATE',
  'ORG:ORGANIZATION:DELETE',
  'ORG:ROLE:VIEW',
  'ORG:MEMBER:VIEW',
  'ORG:MEMBER:INVITE',
  'ORG:MEMBER:UPDATE',
  'ORG:MEMBER:REMOVE',
  'ORG:DIRECTORY:VIEW',
  'ORG:SETTINGS:MANAGE',
  'ORG:EVENT:VIEW',
  'ORG:EVENT:CREATE',
  'ORG:EVENT:UPDATE',
  'ORG:EVENT:PUBLISH',
  'ORG:EVENT:DELETE',
  'ORG:EVENT:REGISTER',
  'ORG:REGISTRATION:MANAGE',
  'ORG:NEWS:VIEW',
  'ORG:NEWS:CREATE',
  'ORG:NEWS:UPDATE',
  'ORG:NEWS:PUBLISH',
  'ORG:NEWS:DELETE',
  'ORG:COMMENT:CREATE',
  'ORG:COMMENT:DELETE',
  'ORG:COMPANY:VIEW',
  'ORG:COMPANY:MANAGE',
  'ORG:DOCUMENT:VIEW',
  'ORG:DOCUMENT:UPLOAD',
  'ORG:DOCUMENT:DELETE',
  'ORG:NOTIFICATION:SEND',
  'ORG:BILLING:VIEW',
  'ORG:CONNECTOR:MANAGE',
  'SYSTEM:ORGANIZATION:VIEW',
  'SYSTEM:ORGANIZATION:CREATE',
  'SYSTEM:USER:VIEW',
  'SYSTEM:USER:CREATE',
  'SYSTEM:USER:UPDATE',
  'SYSTEM:USER:DELETE',
  'SYSTEM:SETTINGS:VIEW',
  'SYSTEM:SETTINGS:MANAGE',
  'SYSTEM:AUDIT:VIEW',
  'SYSTEM:STORAGE:MANAGE',
  'SYSTEM:BILLING:VIEW',
] as const;
export type Authority = (typeof AUTHORITIES)[number];

/** Looked up on every authorised call: a set, not a scan of the list. */
const KNOWN = new Set<string>(AUTHORITIES);

export const isAuthority = (value: string): value is Authority => KNOWN.has(value);

const ORG_ALL = AUTHORITIES.filter((a) => a.startsWith('ORG:'));
const VIEWS = AUTHORITIES.filter((a) => a.endsWith(':VIEW'));

const MEMBER: Authority[] = [
  'ORG:ORGANIZATION:VIEW',
  'ORG:DIRECTORY:VIEW',
  'ORG:EVENT:VIEW',
  'ORG:EVENT:REGISTER',
  'ORG:NEWS:VIEW',
  'ORG:COMMENT:CREATE',
  'ORG:COMPANY:VIEW',
  'ORG:DOCUMENT:VIEW',
];

/** The role → authority table: the only place where roles get their rights. */
export const ROLE_AUTHORITIES: Record<OrgRole | SystemRole, ReadonlySet<Authority>> = {
  OWNER: new Set(ORG_ALL),
  ADMIN: new Set(ORG_ALL.filter((a) => a !== 'ORG:ORGANIZATION:DELETE')),
  MANAGER: new Set<Authority>([...MEMBER, 'ORG:EVENT:CREATE', 'ORG:EVENT:UPDATE', 'ORG:EVENT:PUBLISH', 'ORG:REGISTRATION:MANAGE']),
  MEMBER: new Set(MEMBER),
  GUEST: new Set<Authority>(['ORG:ORGANIZATION:VIEW', 'ORG:EVENT:VIEW', 'ORG:NEWS:VIEW']),
  SUPER_ADMIN: new Set(AUTHORITIES),
  PLATFORM_ADMIN: new Set(AUTHORITIES),
  SUPPORT_ADMIN: new Set<Authority>([...VIEWS, 'SYSTEM:USER:UPDATE']),
  READ_ONLY_ADMIN: new Set(VIEWS),
};

export function roleHas(role: string | undefined, authority: Authority): boolean {
  if (!role) return false;
  const set = ROLE_AUTHORITIES[role as OrgRole | SystemRole];
  return set ? set.has(authority) : false;
}
