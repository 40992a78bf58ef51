import { isOrgRole, type OrgRole } from '@platform/auth';
import { PlatformError } from '@platform/errors';

export interface MembershipView {
  organizationId: string;
  organizationSlug: string;
  role: string;
  status: string;
  joinedAt: string;
}

export interface OrganizationChoice {
  organizationId?: string;
  organizationSlug?: string;
}

/**
 * The organisation an org login opens: the one asked for (by id or slug), else the account's only
 * active membership, else the most recently joined active one. Correct credentials without an
 * active membership there are refused with 403.
 */
export function chooseMembership(memberships: MembershipView[], choice: OrganizationChoice): MembershipView & { role: OrgRole } {
  const active = memberships.filter((m) => m.status === 'ACTIVE' && isOrgRole(m.role));
  const { organizationId, organizationSlug } = choice;
  let chosen: MembershipView | undefined;
  if (organizationId) chosen = active.find((m) => m.organizationId === organizationId);
  else if (organizationSlug) chosen = active.find((m) => m.organizationSlug === organizationSlug.toLowerCase());
  else chosen = [...active].sort((a, b) => b.joinedAt.localeCompare(a.joinedAt))[0];
  if (!chosen) {
    const asked = organizationId || organizationSlug;
    throw PlatformError.forbidden(asked ? 'You have no active membership in this organisation' : 'You have no active membership in any organisation');
  }
  return chosen as MembershipView & { role: OrgRole };
}
