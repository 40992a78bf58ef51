import type { FieldViolation } from '@platform/errors';
import { ORG_ROLES, isOrgRole, type OrgRole } from '@platform/auth';

export const TARGET_TYPES = ['ALL_MEMBERS', 'SPECIFIC_USER', 'ROLE'] as const;
export type TargetType = (typeof TARGET_TYPES)[number];
export const isTargetType = (value: string): value is TargetType => (TARGET_TYPES as readonly string[]).includes(value);

/** The membership status that receives notifications: invited, suspended and former members never do. */
export const RECEIVING_STATUS = 'ACTIVE';

export interface Target {
  targetType: string;
  targetUserId: string;
  targetRole: string;
}

/** Which memberships of the organisation receive a notification. */
export interface RecipientFilter {
  role?: OrgRole;
  accountId?: string;
  /** Members-only content: GUESTs (limited read-only) are left out. */
  excludeGuests: boolean;
  /** false: recorded in the organisation's history only, in no inbox (old imported notifications). */
  inbox?: boolean;
}

/**
 * Members-only content is marked in the data by `membersOnly: true` or `visibility: "MEMBERS_ONLY"`
 * (any case): such a notification goes to ACTIVE members whose role is not GUEST, whatever the target.
 */
export function isMembersOnly(data: Record<string, unknown>): boolean {
  if (data['membersOnly'] === true || data['membersOnly'] === 'true') return true;
  const visibility = data['visibility'];
  return typeof visibility === 'string' && visibility.trim().toUpperCase() === 'MEMBERS_ONLY';
}

/** The recipient filter of a target, or why it is not valid. */
export function recipientFilter(target: Target, membersOnly: boolean): RecipientFilter | FieldViolation[] {
  const violations: FieldViolation[] = [];
  const type = target.targetType;
  if (!isTargetType(type)) return [{ field: 'targetType', message: `must be one of ${TARGET_TYPES.join(', ')}` }];
  if (type !== 'SPECIFIC_USER' && target.targetUserId) violations.push({ field: 'targetUserId', message: 'is only for targetType SPECIFIC_USER' });
  if (type !== 'ROLE' && target.targetRole) violations.push({ field: 'targetRole', message: 'is only for targetType ROLE' });
  switch (type) {
    case 'ALL_MEMBERS':
      return violations.length > 0 ? violations : { excludeGuests: membersOnly };
    case 'SPECIFIC_USER':
      if (!target.targetUserId) violations.push({ field: 'targetUserId', message: 'is required when targetType is SPECIFIC_USER' });
      return violations.length > 0 ? violations : { accountId: target.targetUserId, excludeGuests: membersOnly };
    case 'ROLE': {
      const role = target.targetRole.trim().toUpperCase();
      if (!role) violations.push({ field: 'targetRole', message: 'is required when targetType is ROLE' });
      else if (!isOrgRole(role)) violations.push({ field: 'targetRole', message: `must be one of ${ORG_ROLES.join(', ')}` });
      else if (membersOnly && role === 'GUEST') violations.push({ field: 'targetRole', message: 'members-only content cannot go to GUEST' });
      return violations.length > 0 || !isOrgRole(role) ? violations : { role, excludeGuests: membersOnly };
    }
    default: {
      const unreachable: never = type;
      throw new Error(`unknown target type ${String(unreachable)}`);
    }
  }
}
