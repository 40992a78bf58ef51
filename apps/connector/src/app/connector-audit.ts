import { auditOf } from '@platform/audit';
import type { CallContext } from '@platform/grpc-server';
import type { ConnectorDeps } from '../deps';
import type { Tx } from '../store/db';

/** The audit actions of the connector (noun and past participle, as every service names them). */
export type ConnectorAuditAction = 'CONNECTOR_CREATED' | 'CONNECTOR_UPDATED' | 'SYNC_STARTED' | 'SYNC_STOPPED';

/**
 * One audit entry for an administrator's action on a connector, in the caller's transaction, filed
 * under the one who acted. `detail` names what changed (never the sync key's value: only that it
 * was replaced).
 */
export async function recordConnectorAudit(
  deps: ConnectorDeps,
  tx: Tx,
  ctx: CallContext,
  action: ConnectorAuditAction,
  facts: { organizationId: string; resourceType: 'CONNECTOR' | 'SYNC_JOB'; resourceId: string; detail: Record<string, unknown> },
): Promise<void> {
  await deps.messages.auditRecorded(tx, auditOf(ctx, { action, userId: ctx.caller?.sub ?? '', userEmail: ctx.caller?.email ?? '', ...facts }, deps.now()));
}
