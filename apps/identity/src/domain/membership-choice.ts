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
 * The organisation an org login opens: the one asked for (by id or slug); else, among the active
 * memberships, the one the person signed in to most recently (`lastSignIn`, by organisation id), so
 * an organisation that added an existing account without asking never becomes where the person
 * lands; else their only active membership. Several, none of them used yet: 400, name one. Correct
 * credentials without an active membership there are refused with 403.
 */
export function chooseMembership(
  memberships: MembershipView[],
  choice: OrganizationChoice,
  lastSignIn: ReadonlyMap<string, Date> = new Map(),
): MembershipView & { role: OrgRole } {
  const active = memberships.filter((m) => m.status === 'ACTIVE' && isOrgRole(m.role));
  const { organizationId, organizationSlug } = choice;
  let chosen: MembershipView | undefined;
  if (organizationId) chosen = active.find((m) => m.organizationId === organizationId);
  else if (organizationSlug) chosen = active.find((m) => m.organizationSlug === organizationSlug.toLowerCase());
  else {
    const used = active.filter((m) => lastSignIn.has(m.organizationId));
    const time = (m: MembershipView) => lastSignIn.get(m.organizationId)?.getTime() ?? 0;
    chosen = used.length > 0 ? [...used].sort((a, b) => time(b) - time(a))[0] : active.length === 1 ? active[0] : undefined;
    if (!chosen && active.length > 1) {
      throw PlatformError.validation(
        [{ field: 'organizationId', message: 'is required: you belong to several organisations and have signed in to none of them yet' }],
        'Name the organisation to sign in to (organizationId or organizationSlug)',
      );
    }
  }
  if (!chosen) {
    const asked = organizationId || organizationSlug;
    throw PlatformError.forbidden(asked ? 'You have no active membership in this organisation' : 'You have no active membership in any organisation');
  }
  return chosen as MembershipView & { role: OrgRole };
}
