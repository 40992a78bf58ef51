import { PlatformError } from '@platform/errors';

/**
 * The system setting `maxOrganisationsPerUser` (spec section 8; issue 4): how many running
 * memberships (PENDING, ACTIVE, SUSPENDED) one account may hold. Undefined: no limit is known.
 */
export type MembershipLimit = number | undefined;

export const membershipLimitReached = (limit: number): PlatformError =>
  PlatformError.conflict(`The user already belongs to the maximum of ${limit} organisations`);

/**
 * Whether an account with `runningMemberships` may start one more (a new membership or an ended
 * one restarted): 409 once it holds `limit`. A pending invitation and a suspension keep their place,
 * since either can become ACTIVE again without passing this check.
 */
export function assertMayJoin(limit: MembershipLimit, runningMemberships: number): void {
  if (limit !== undefined && runningMemberships >= limit) throw membershipLimitReached(limit);
}

/** The limit from a `SystemSettings` answer: absent or not a positive integer means none. */
export function limitFromSettings(maxOrganisationsPerUser: number | undefined): MembershipLimit {
  return maxOrganisationsPerUser !== undefined && Number.isInteger(maxOrganisationsPerUser) && maxOrganisationsPerUser > 0
    ? maxOrganisationsPerUser
    : undefined;
}
