import type { OrgRole } from '@platform/auth';
import { PlatformError } from '@platform/errors';
import type { MembershipStatus } from './membership-status';

export interface MembershipState {
  role: OrgRole;
  status: MembershipStatus;
}

const isActiveOwner = (m: MembershipState): boolean => m.role === 'OWNER' && m.status === 'ACTIVE';

/**
 * An organisation always keeps at least one ACTIVE owner: the last one cannot be removed, demoted,
 * suspended or otherwise made inactive (409). `activeOwners` counts the organisation's ACTIVE owners
 * before the change, this membership included; the caller counts them under a lock on the
 * organisation, so two concurrent changes cannot both pass.
 */
export function assertKeepsAnOwner(before: MembershipState, after: MembershipState, activeOwners: number): void {
  if (!isActiveOwner(before) || isActiveOwner(after)) return;
  if (activeOwners <= 1) {
    throw PlatformError.conflict('This member is the last owner of the organisation: make another member OWNER first');
  }
}
