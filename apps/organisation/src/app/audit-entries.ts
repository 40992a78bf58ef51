import { auditOf } from '@platform/audit';
import type { CallContext } from '@platform/grpc-server';
import type { OrganisationDeps } from '../deps';
import { membershipAuditActions, type AuditActionName, type MembershipOperation } from '../domain/audit-actions';
import type { MembershipState } from '../domain/last-owner';
import type { Tx } from '../store/db';
import type { Organization } from '../store/generated/client';
import type { MembershipWithRole } from '../store/memberships';

/**
 * ORGANIZATION_CREATED or ORGANIZATION_DELETED, in the caller's transaction. No account is affected,
 * so the entry is filed under the one who acted (as identity files SETTINGS_UPDATED).
 */
export function recordOrganizationAction(
  deps: OrganisationDeps,
  tx: Tx,
  ctx: CallContext,
  action: Extract<AuditActionName, 'ORGANIZATION_CREATED' | 'ORGANIZATION_DELETED'>,
  org: Organization,
  detail: Record<string, unknown> = {},
): Promise<void> {
  return deps.messages.auditRecorded(
    tx,
    auditOf(
      ctx,
      {
        action,
        userId: ctx.caller?.sub ?? '',
        userEmail: ctx.caller?.email ?? '',
        organizationId: org.id,
        resourceType: 'ORGANIZATION',
        resourceId: org.id,
        detail: { name: org.name, slug: org.slug, ...detail },
      },
      deps.now(),
    ),
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
    await deps.messages.auditRecorded(
      tx,
      auditOf(
        ctx,
        {
          action,
          userId: after.accountId,
          userEmail: after.email,
          organizationId: after.organizationId,
          resourceType: 'MEMBERSHIP',
          resourceId: after.id,
          detail: { role: after.role.name, status: after.status, previousRole: before?.role, previousStatus: before?.status, ...change.detail },
        },
        deps.now(),
      ),
    );
  }
}
