/** Organisation membership status (spec section 3). */
export const MEMBERSHIP_STATUSES = ['PENDING', 'ACTIVE', 'SUSPENDED', 'INACTIVE', 'REJECTED'] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];

/** Memberships that are still running; INACTIVE (left, removed) and REJECTED ones have ended. */
export const CURRENT_STATUSES: readonly MembershipStatus[] = ['PENDING', 'ACTIVE', 'SUSPENDED'];

export const isMembershipStatus = (value: string): value is MembershipStatus => (MEMBERSHIP_STATUSES as readonly string[]).includes(value);
export const isCurrent = (status: MembershipStatus): boolean => CURRENT_STATUSES.includes(status);

/** What happens to a membership: an admin removes it, or sets its status (spec section 3 table). */
export type MembershipTrigger = { kind: 'remove' } | { kind: 'set-status'; status: MembershipStatus };

export interface Transition {
  from: MembershipStatus;
  to: MembershipStatus;
  /** False when the membership is already in that status: nothing to write, nothing to publish. */
  changed: boolean;
  /** The membership ends now (INACTIVE or REJECTED from a running status): endedAt is set. */
  ends: boolean;
  /** An ended membership starts again: joinedAt restarts and endedAt is cleared. */
  restarts: boolean;
}

/**
 * The state table of section 3: from any status, DELETE leads to INACTIVE and PUT with a status to
 * that status. Ending and restarting are derived, so joinedAt and endedAt follow the status.
 */
export function transition(from: MembershipStatus, trigger: MembershipTrigger): Transition {
  let to: MembershipStatus;
  switch (trigger.kind) {
    case 'remove':
      to = 'INACTIVE';
      break;
    case 'set-status':
      to = trigger.status;
      break;
    default: {
      const unreachable: never = trigger;
      throw new Error(`unknown membership trigger ${JSON.stringify(unreachable)}`);
    }
  }
  const changed = from !== to;
  return {
    from,
    to,
    changed,
    ends: changed && isCurrent(from) && !isCurrent(to),
    restarts: changed && !isCurrent(from) && isCurrent(to),
  };
}

/** The status of a membership an admin adds: ACTIVE at once, or PENDING while the invitation is out. */
export function statusOnAdd(sendInvitationEmail: boolean): MembershipStatus {
  return sendInvitationEmail ? 'PENDING' : 'ACTIVE';
}
