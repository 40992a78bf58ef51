import type { MembershipState } from './last-owner';

/** Audit actions the organisation service records (identity's style: noun and past participle). */
export const AuditAction = {
  ORGANIZATION_CREATED: 'ORGANIZATION_CREATED',
  ORGANIZATION_DELETED: 'ORGANIZATION_DELETED',
  MEMBER_ADDED: 'MEMBER_ADDED',
  MEMBER_REMOVED: 'MEMBER_REMOVED',
  MEMBER_ROLE_CHANGED: 'MEMBER_ROLE_CHANGED',
  MEMBER_STATUS_CHANGED: 'MEMBER_STATUS_CHANGED',
  SMTP_TLS_REQUIREMENT_CHANGED: 'SMTP_TLS_REQUIREMENT_CHANGED',
  INVITATION_CREATED: 'INVITATION_CREATED',
  INVITATION_CANCELLED: 'INVITATION_CANCELLED',
  INVITATION_ACCEPTED: 'INVITATION_ACCEPTED',
  JOIN_REQUEST_APPROVED: 'JOIN_REQUEST_APPROVED',
  JOIN_REQUEST_REJECTED: 'JOIN_REQUEST_REJECTED',
  CREATION_INVITATION_CREATED: 'CREATION_INVITATION_CREATED',
  CREATION_INVITATION_CANCELLED: 'CREATION_INVITATION_CANCELLED',
  BRANDING_UPDATED: 'BRANDING_UPDATED',
  LEGAL_PAGES_UPDATED: 'LEGAL_PAGES_UPDATED',
  DIRECTORY_CONFIG_UPDATED: 'DIRECTORY_CONFIG_UPDATED',
} as const;
export type AuditActionName = (typeof AuditAction)[keyof typeof AuditAction];

/** The three ways a membership changes: an admin adds a person, edits a membership (PUT) or removes one (DELETE). */
export type MembershipOperation = 'add' | 'update' | 'remove';

/**
 * What a change of one membership is recorded as, named by what the admin did: adding (a new
 * membership or an ended one restarted) is MEMBER_ADDED, DELETE is MEMBER_REMOVED, and a PUT is
 * MEMBER_ROLE_CHANGED and/or MEMBER_STATUS_CHANGED (one entry each; the statuses are in the detail,
 * so a PUT to INACTIVE is still a status change). A change that changes nothing records nothing.
 */
export function membershipAuditActions(operation: MembershipOperation, before: MembershipState | undefined, after: MembershipState): AuditActionName[] {
  const roleChanged = before !== undefined && before.role !== after.role;
  const statusChanged = before === undefined || before.status !== after.status;
  switch (operation) {
    case 'add':
      return [AuditAction.MEMBER_ADDED];
    case 'remove':
      return statusChanged ? [AuditAction.MEMBER_REMOVED] : [];
    case 'update':
      return [...(roleChanged ? [AuditAction.MEMBER_ROLE_CHANGED] : []), ...(statusChanged ? [AuditAction.MEMBER_STATUS_CHANGED] : [])];
    default: {
      const unreachable: never = operation;
      throw new Error(`unknown membership operation ${String(unreachable)}`);
    }
  }
}
