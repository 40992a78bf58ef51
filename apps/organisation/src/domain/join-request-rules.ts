import { PlatformError } from '@platform/errors';

export const JOIN_REQUEST_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type JoinRequestStatus = (typeof JOIN_REQUEST_STATUSES)[number];
export type JoinRequestDecisionKind = 'APPROVED' | 'REJECTED';

/** Only a PENDING request is decided, once: deciding it again (either way) is 409. */
export function assertUndecided(status: JoinRequestStatus): void {
  if (status !== 'PENDING') throw PlatformError.conflict(`This join request has already been ${status.toLowerCase()}`);
}

/** The organisation does not take join requests (its allow_join_requests setting is off). */
export const joinRequestsClosed = (): PlatformError => PlatformError.forbidden('This organisation does not accept join requests');

/** The answer to every accepted submission, whatever the address (no enumeration). */
export const JOIN_REQUEST_RECEIPT = {
  status: 'RECEIVED',
  detail: "Your request has been sent to the organisation's administrators. You will hear from them by email.",
} as const;
