import { auditOf } from '@platform/audit';
import type { CallContext } from '@platform/grpc-server';
import type { OrganisationDeps } from '../deps';
import { AuditAction } from '../domain/audit-actions';
import { resolveRequireTls } from '../domain/smtp-settings';
import type { SmtpSettings } from '../store/generated/client';
import { findSmtpSettings, upsertSmtpSettings, type SmtpSettingsRow } from '../store/smtp-settings';

/**
 * Saves an organisation's SMTP settings. TLS stays required unless the admin says otherwise; a
 * change of that choice (and new settings saved without TLS) is recorded in the audit log in the
 * same transaction, so sending without TLS is always traceable to who allowed it.
 */
export async function saveSmtpSettings(
  deps: OrganisationDeps,
  ctx: CallContext,
  organizationId: string,
  fields: Omit<SmtpSettingsRow, 'passwordSealed' | 'requireTls'> & { passwordSealed?: string | null },
  requireTls: boolean | undefined,
): Promise<SmtpSettings> {
  return deps.db.$transaction(async (tx) => {
    const before = await findSmtpSettings(tx, organizationId);
    const required = resolveRequireTls(requireTls, before?.requireTls);
    const saved = await upsertSmtpSettings(tx, organizationId, { ...fields, requireTls: required });
    if ((before?.requireTls ?? true) !== required) {
      await deps.messages.auditRecorded(
        tx,
        auditOf(
          ctx,
          {
            action: AuditAction.SMTP_TLS_REQUIREMENT_CHANGED,
            userId: ctx.caller?.sub ?? '',
            userEmail: ctx.caller?.email ?? '',
            organizationId,
            resourceType: 'SMTP_SETTINGS',
            resourceId: organizationId,
            detail: { requireTls: required, host: saved.host, port: saved.port },
          },
          deps.now(),
        ),
      );
    }
    return saved;
  });
}
