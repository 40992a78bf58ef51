import { roleHas, type AccessClaims } from '@platform/auth';
import { isListedInDirectory, mayReadDirectory, type DirectoryVisibility } from './directory';

export type ProfileAccess = 'FULL' | 'DIRECTORY';
/** The decision, with the member when the read is allowed. */
export type ProfileDecision<M> = { allowed: true; access: ProfileAccess; member: M } | { allowed: false; refusal: 'FORBIDDEN' | 'NOT_FOUND' };

export type ProfileReader = Pick<AccessClaims, 'sub' | 'userType' | 'organizationRole' | 'systemRole'>;

/** The facts of the member read that the rule needs; null when the organisation has no such member. */
export interface ProfileSubject {
  status: string;
  isExcludedFromListing: boolean;
}

const roleOf = (reader: ProfileReader): string | undefined => (reader.userType === 'SYSTEM' ? reader.systemRole : reader.organizationRole);

/**
 * Who may read whose profile in one organisation (GET /api/orgs/{organizationId}/users/{userId}).
 * The route has no authority of its own: it lets any token of the organisation (or a system user)
 * through, and this rule decides.
 *  - FULL: every field, whatever the membership's status (administrators manage ended memberships
 *    too). For the roles whose authority reads members (ORG:MEMBER:VIEW in libs/auth's table:
 *    OWNER, ADMIN and every system role; not MANAGER) and for the member themself.
 *  - DIRECTORY: the member's directory entry, for a reader the directory is open to, and only for a
 *    member it lists: the directory's own rules, so a profile never shows more than the list does.
 *  - FORBIDDEN: the directory is closed to the reader (no ORG:DIRECTORY:VIEW, or ADMINS_ONLY),
 *    decided before looking at the member, so a 403 says nothing about who is a member.
 *  - NOT_FOUND: no such member, or one the directory does not list (hidden, not ACTIVE): to a
 *    directory reader a hidden member looks like no member at all.
 */
export function profileAccess<M extends ProfileSubject>(
  reader: ProfileReader | undefined,
  userId: string,
  member: M | null,
  visibility: DirectoryVisibility,
): ProfileDecision<M> {
  const forbidden = { allowed: false, refusal: 'FORBIDDEN' } as const;
  const notFound = { allowed: false, refusal: 'NOT_FOUND' } as const;
  if (!reader) return forbidden;
  const role = roleOf(reader);
  if (reader.sub === userId || roleHas(role, 'ORG:MEMBER:VIEW')) return member ? { allowed: true, access: 'FULL', member } : notFound;
  if (!roleHas(role, 'ORG:DIRECTORY:VIEW') || !mayReadDirectory(reader, visibility)) return forbidden;
  return member && isListedInDirectory(member) ? { allowed: true, access: 'DIRECTORY', member } : notFound;
}
