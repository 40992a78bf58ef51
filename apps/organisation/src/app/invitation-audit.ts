import { auditOf } from '@platform/audit';
import type { CallContext } from '@platform/grpc-server';
import type { OrganisationDeps } from '../deps';
import type { AuditActionName } from '../domain/audit-actions';
import type { Tx } from '../store/db';

/** An invitation, join-request or creation-invitation action, audited in the caller's transaction under the person it concerns. */
export function recordInvitationAction(
  deps: OrganisationDeps,
  tx: Tx,
  ctx: CallContext,
  entry: {
    action: AuditActionName;
    userId: string;
    userEmail: string;
    organizationId: string;
    resourceType: 'INVITATION' | 'JOIN_REQUEST' | 'CREATION_INVITATION';
    resourceId: string;
    detail?: Record<string, unknown>;
  },
): Promise<void> {
  return deps.messages.auditRecorded(tx, auditOf(ctx, entry, deps.now()));
}
