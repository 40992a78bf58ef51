import { isPlatformAdmin, ORG_ROLES, type AccessClaims, type OrgRole } from '@platform/auth';

/** What each of the five roles seeded with every organisation is for (spec section 5). */
export const ROLE_DESCRIPTIONS: Record<OrgRole, string> = {
  OWNER: 'Full access, including deleting the organisation',
  ADMIN: 'Manages members, events and content',
  MANAGER: 'Creates and edits events, manages registrations',
  MEMBER: 'Views content and registers for events',
  GUEST: 'Limited read-only access',
};

/** The roles every organisation gets at creation, highest first. */
export const SEEDED_ROLES: readonly OrgRole[] = ORG_ROLES;

/** The role a member gets when none is named. */
export const DEFAULT_MEMBER_ROLE: OrgRole = 'MEMBER';

/**
 * Only an OWNER of the organisation (or a SUPER_ADMIN or PLATFORM_ADMIN) may grant the OWNER role
 * or change or end an owner's membership: an ADMIN, who cannot delete the organisation, must not be
 * able to make themselves an owner or push the owners out.
 */
export function mayManageOwners(caller: Pick<AccessClaims, 'userType' | 'systemRole' | 'organizationRole'> | undefined): boolean {
  if (!caller) return false;
  if (caller.userType === 'SYSTEM') return isPlatformAdmin(caller.systemRole);
  return caller.organizationRole === 'OWNER';
}

/** Whether a change touches the OWNER role (granting it, or changing a membership that holds it). */
export function touchesOwner(currentRole: OrgRole, nextRole: OrgRole): boolean {
  return currentRole === 'OWNER' || nextRole === 'OWNER';
}
