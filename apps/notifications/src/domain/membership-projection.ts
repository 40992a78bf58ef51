/** A membership as organisation.membership.changed announces it. */
export interface MembershipFacts {
  accountId: string;
  organizationId: string;
  role: string;
  status: string;
  occurredAt: string;
}

/** A row of the membership projection (what `applyMembership` writes). */
export interface ProjectionRowFacts {
  organizationId: string;
  accountId: string;
  role: string;
  status: string;
  version: Date;
}

/** A membership as the organisation service's ListMembershipSnapshot answers it. */
export interface MembershipSnapshotFacts {
  accountId: string;
  organizationId: string;
  role: string;
  status: string;
  /** When the membership last changed: compared with the events' occurredAt. */
  version: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The projection row an event becomes, or null for an event that cannot be applied (ids that are
 * not UUIDs, no time). Events may arrive out of order: the row keeps the event time as its version
 * and the store applies only newer news.
 */
export function projectionRow(event: MembershipFacts): ProjectionRowFacts | null {
  if (!UUID.test(event.accountId) || !UUID.test(event.organizationId)) return null;
  const version = new Date(event.occurredAt);
  if (Number.isNaN(version.getTime())) return null;
  return {
    organizationId: event.organizationId.toLowerCase(),
    accountId: event.accountId.toLowerCase(),
    role: event.role.trim().toUpperCase(),
    status: event.status.trim().toUpperCase(),
    version,
  };
}

/**
 * The projection row a snapshot item becomes, exactly as an event announcing the same membership
 * would (its last-change time as the version), or null when it cannot be applied. The store's
 * version guard then decides between a snapshot row and an event, whichever arrives first.
 */
export function snapshotRow(item: MembershipSnapshotFacts): ProjectionRowFacts | null {
  return projectionRow({ accountId: item.accountId, organizationId: item.organizationId, role: item.role, status: item.status, occurredAt: item.version });
}
