import type { eventsCommonV1 } from '@platform/proto';

/**
 * One audit entry, as every service records it: what happened, whom it concerns, and who did it from
 * where. Identity stores it (its audit log) from the `audit.recorded` event.
 */
export interface AuditEntry {
  /** `LOGIN_SUCCESS`, `MEMBER_ADDED`… (noun and past participle). */
  action: string;
  /** The account the action concerns (for actions on no account, the one who acted). */
  userId?: string;
  userEmail?: string;
  organizationId?: string;
  resourceType?: string;
  resourceId?: string;
  ipAddress?: string;
  userAgent?: string;
  /** Who acted (`by`, `byEmail`, `byRole`) and what changed. */
  detail?: Record<string, unknown>;
  occurredAt: Date;
}

/** What a handler says of an entry; where and when come from the call. */
export type AuditFacts = Omit<AuditEntry, 'ipAddress' | 'userAgent' | 'occurredAt'>;

/** The `audit.recorded` payload of an entry (empty strings for what it does not say). */
export function auditRecordedOf(entry: AuditEntry): eventsCommonV1.AuditRecorded {
  const detail = entry.detail && Object.keys(entry.detail).length > 0 ? entry.detail : undefined;
  return {
    userId: entry.userId ?? '',
    userEmail: entry.userEmail ?? '',
    organizationId: entry.organizationId ?? '',
    action: entry.action,
    resourceType: entry.resourceType ?? '',
    resourceId: entry.resourceId ?? '',
    ipAddress: entry.ipAddress ?? '',
    userAgent: entry.userAgent ?? '',
    occurredAt: entry.occurredAt.toISOString(),
    detailJson: detail ? JSON.stringify(detail) : '',
  };
}
