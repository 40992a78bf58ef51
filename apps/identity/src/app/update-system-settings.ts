import { auditOf } from '@platform/audit';
import { PlatformError } from '@platform/errors';
import { callerId, type CallContext } from '@platform/grpc-server';
import type { IdentityDeps } from '../deps';
import { AuditAction } from '../domain/audit-entry';
import { applySecretChanges, applySettingsUpdate, changedSettings, type SettingsUpdate } from '../domain/system-settings';
import { lockSettings, saveSettings, type StoredSettings } from '../store/system-settings';

/**
 * Applies a PUT of the settings under the settings row's lock: absent fields keep their value, a
 * secret given as "" is removed, new secrets are sealed. A change is saved and audited
 * (SETTINGS_UPDATED) in the same transaction; answers the settings as they now are.
 */
export function updateSystemSettings(deps: IdentityDeps, ctx: CallContext, settings: SettingsUpdate): Promise<StoredSettings> {
  return deps.db.$transaction(async (tx) => {
    const current = await lockSettings(tx);
    const { values, violations } = applySettingsUpdate(current.values, settings);
    const secrets = applySecretChanges(current.secrets, settings.secrets, (plaintext) => deps.secrets.seal(plaintext));
    const all = [...violations, ...secrets.violations];
    if (all.length > 0) throw PlatformError.validation(all, `Invalid ${all.map((v) => v.field).join(', ')}`);
    const changed = changedSettings(current.values, values, settings.secrets);
    if (changed.length === 0) return current;
    const next = { values, secrets: secrets.secrets };
    await saveSettings(tx, next, callerId(ctx));
    await deps.messages.auditRecorded(
      tx,
      auditOf(ctx, { action: AuditAction.SETTINGS_UPDATED, userId: callerId(ctx), resourceType: 'SYSTEM_SETTINGS', detail: { changed } }, deps.now()),
    );
    return next;
  });
}
