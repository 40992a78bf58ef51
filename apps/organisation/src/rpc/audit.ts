import type { CallContext } from '@platform/grpc-server';
import { membershipAuditActions, type AuditActionName, type MembershipOperation } from '../domain/audit-actions';
import type { MembershipState } from '../domain/last-owner';
import type { AuditFacts } from '../events/organisation-events';
import type { Tx } from '../store/db';
import type { Organisation } from '../store/generated/client';
import type { MembershipWithRole } from '../store/memberships';
import type { OrganisationDeps } from './deps';

/** Who acted, for the detail of an entry: the caller's account id, email and role. */
function actorOf(ctx: CallContext): Record<string, unknown> {
  const caller = ctx.caller;
  if (!caller) return {};
  return { by: caller.sub, byEmail: caller.email, byRole: caller.userType === 'SYSTEM' ? caller.systemRole : caller.organizationRole };
}

/** An entry of this call: client IP and user agent as the gateway passed them on, and who acted. */
function auditOf(deps: OrganisationDeps, ctx: CallContext, facts: Omit<AuditFacts, 'ipAddress' | 'userAgent' | 'occurredAt'>): AuditFacts {
  return { ...facts, detail: { ...facts.detail, ...actorOf(ctx) }, ipAddress: ctx.clientIp, userAgent: ctx.userAgent, occurredAt: deps.now() };
}

/**
 * ORGANIZATION_CREATED or ORGANIZATION_DELETED, in the caller's transaction. No account is affected,
 * so the entry is filed under the one who acted (as identity files SETTINGS_UPDATED).
 */
export function recordOrganisationAction(
  deps: OrganisationDeps,
  tx: Tx,
  ctx: CallContext,
  action: Extract<AuditActionName, 'ORGANIZATION_CREATED' | 'ORGANIZATION_DELETED'>,
  org: Organisation,
  detail: Record<string, unknown> = {},
): Promise<void> {
  return deps.events.auditRecorded(
    tx,
    auditOf(deps, ctx, {
      action,
      userId: ctx.caller?.sub ?? '',
      userEmail: ctx.caller?.email ?? '',
      organizationId: org.id,
      resourceType: 'ORGANIZATION',
      resourceId: org.id,
      detail: { name: org.name, slug: org.slug, ...detail },
    }),
  );
}

/** The entries of one membership change (see membershipAuditActions), filed under the member, in the caller's transaction. */
export async function recordMembershipChange(
  deps: OrganisationDeps,
  tx: Tx,
  ctx: CallContext,
  change: { operation: MembershipOperation; before: MembershipState | undefined; after: MembershipWithRole; detail?: Record<string, unknown> },
): Promise<void> {
  const { before, after } = change;
  for (const action of membershipAuditActions(change.operation, before, { role: after.role.name, status: after.status })) {
    await deps.events.auditRecorded(
      tx,
      auditOf(deps, ctx, {
        action,
        userId: after.accountId,
        userEmail: after.email,
        organizationId: after.organisationId,
        resourceType: 'MEMBERSHIP',
        resourceId: after.id,
        detail: { role: after.role.name, status: after.status, previousRole: before?.role, previousStatus: before?.status, ...change.detail },
      }),
    );
  }
}
