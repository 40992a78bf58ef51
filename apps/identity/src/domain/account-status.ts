import { ErrorCode, PlatformError } from '@platform/errors';
import type { AccountStatus } from './account-access';

/** The statuses a platform administrator sets (spec section 3); DEACTIVATED is the owner's own choice. */
export const ADMIN_STATUSES = ['ACTIVE', 'SUSPENDED', 'BANNED'] as const;
export type AdminStatus = (typeof ADMIN_STATUSES)[number];

export interface StatusChange {
  next: AccountStatus;
  /** False when the account already has the status: nothing happens, nothing is recorded. */
  changed: boolean;
  /** Suspension and ban end every session of the account at once. */
  endsSessions: boolean;
  /** The audit action, e.g. USER_SUSPENDED. */
  action: string;
}

export interface StatusActor {
  accountId: string;
  systemRole: string | undefined;
}

export interface StatusTarget {
  id: string;
  status: AccountStatus;
  userType: 'ORGANIZATION' | 'SYSTEM';
}

/**
 * A platform administrator sets an account's status:
 *  - nobody changes their own status (no administrator locks themselves out);
 *  - the status of a platform staff account is changed only by a SUPER_ADMIN;
 *  - a ban is permanent: only a SUPER_ADMIN lifts it;
 *  - ACTIVE reactivates a suspended, banned or deactivated account (or vouches for an unverified one).
 */
export function adminStatusChange(actor: StatusActor, target: StatusTarget, to: AdminStatus): StatusChange {
  if (actor.accountId === target.id) throw PlatformError.forbidden('You cannot change the status of your own account');
  const superAdmin = actor.systemRole === 'SUPER_ADMIN';
  if (target.userType === 'SYSTEM' && !superAdmin) throw PlatformError.forbidden('Only a SUPER_ADMIN changes the status of a platform staff account');
  if (target.status === to) return { next: to, changed: false, endsSessions: false, action: '' };
  if (target.status === 'BANNED' && !superAdmin) throw PlatformError.forbidden('A ban is permanent: only a SUPER_ADMIN can lift it');
  switch (to) {
    case 'SUSPENDED':
      return { next: to, changed: true, endsSessions: true, action: 'USER_SUSPENDED' };
    case 'BANNED':
      return { next: to, changed: true, endsSessions: true, action: 'USER_BANNED' };
    case 'ACTIVE':
      return { next: to, changed: true, endsSessions: false, action: target.status === 'PENDING_VERIFICATION' ? 'USER_ACTIVATED' : 'USER_REACTIVATED' };
    default: {
      const unreachable: never = to;
      throw new Error(`unknown status ${String(unreachable)}`);
    }
  }
}

/**
 * Whether an account may deactivate itself: organisation accounts that can sign in. Platform staff
 * accounts are managed by a SUPER_ADMIN instead.
 */
export function assertMayDeactivateSelf(target: Pick<StatusTarget, 'status' | 'userType'>): void {
  if (target.userType === 'SYSTEM') throw PlatformError.forbidden('Platform staff accounts are deactivated by a SUPER_ADMIN');
  if (target.status !== 'ACTIVE' && target.status !== 'PENDING_VERIFICATION') {
    throw new PlatformError(ErrorCode.FAILED_PRECONDITION, `An account that is ${target.status} cannot be deactivated`);
  }
}

/** Email verification moves PENDING_VERIFICATION to ACTIVE and leaves any other status as it is. */
export const statusAfterEmailVerified = (status: AccountStatus): AccountStatus => (status === 'PENDING_VERIFICATION' ? 'ACTIVE' : status);
