import { auditOf } from '@platform/audit';
import type { CallContext } from '@platform/grpc-server';
import type { OrganisationDeps } from '../deps';
import type { AuditActionName } from '../domain/audit-actions';
import type { Tx } from '../store/db';

/** The settings of an organisation an administrator changes (branding, legal pages, directory config). */
export type SettingsAction = Extract<AuditActionName, 'BRANDING_UPDATED' | 'LEGAL_PAGES_UPDATED' | 'DIRECTORY_CONFIG_UPDATED'>;

const RESOURCE_TYPE: Record<SettingsAction, string> = {
  BRANDING_UPDATED: 'BRANDING',
  LEGAL_PAGES_UPDATED: 'LEGAL_PAGES',
  DIRECTORY_CONFIG_UPDATED: 'DIRECTORY_CONFIG',
};

/**
 * One entry for a change of an organisation's settings, in the caller's transaction, filed under
 * the one who acted (no account is affected, as for ORGANIZATION_CREATED); `detail.changed` names
 * the fields that changed. A save that changes nothing records nothing.
 */
export async function recordSettingsChange(
  deps: OrganisationDeps,
  tx: Tx,
  ctx: CallContext,
  action: SettingsAction,
  organizationId: string,
  changed: readonly string[],
  detail: Record<string, unknown> = {},
): Promise<void> {
  if (changed.length === 0) return;
  await deps.messages.auditRecorded(
    tx,
    auditOf(
      ctx,
      {
        action,
        userId: ctx.caller?.sub ?? '',
        userEmail: ctx.caller?.email ?? '',
        organizationId,
        resourceType: RESOURCE_TYPE[action],
        resourceId: organizationId,
        detail: { changed: [...changed], ...detail },
      },
      deps.now(),
    ),
  );
}
