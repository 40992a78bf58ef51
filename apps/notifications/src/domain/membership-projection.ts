/** A membership as organisation.membership.changed announces it. */
export interface MembershipFacts {
  accountId: string;
  organizationId: string;
  role: string;
  status: string;
  occurredAt: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The projection row an event becomes, or null for an event that cannot be applied (ids that are
 * not UUIDs, no time). Events may arrive out of order: the row keeps the event time as its version
 * and the store applies only newer news.
 */
export function projectionRow(event: MembershipFacts): { organizationId: string; accountId: string; role: string; status: string; version: Date } | null {
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
