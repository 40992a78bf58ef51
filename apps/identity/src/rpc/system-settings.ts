import { z } from 'zod';
import { auditOf } from '@platform/audit';
import { PlatformError, validate } from '@platform/errors';
import { callerId, type AsyncService } from '@platform/grpc-server';
import type { identityV1 } from '@platform/proto';
import type { IdentityDeps } from '../deps';
import { AuditAction } from '../domain/audit-entry';
import { applySecretChanges, applySettingsUpdate, changedSettings } from '../domain/system-settings';
import { lockSettings, readSettings, saveSettings, type StoredSettings } from '../store/system-settings';

type SettingsHandlers = Pick<AsyncService<identityV1.IdentityServiceServer>, 'getSystemSettings' | 'updateSystemSettings' | 'readSystemSettings'>;

const updateInput = z.object({
  settings: z
    .object({
      allowPublicRegistration: z.boolean().optional(),
      maxOrganisationsPerUser: z.number().optional(),
      defaultStorageProvider: z.string().optional(),
      tokenRotationStrategy: z.string().optional(),
      maxActiveTokensPerUser: z.number().optional(),
      secrets: z.record(z.string(), z.string()).default({}),
      // Answers carry the names of the secrets that are set; a round trip sends them back: ignored.
      configuredSecrets: z.array(z.string()).optional(),
    })
    .optional(),
});

/** The settings as answered: every value, secrets by name only (never a value, not even sealed). */
function toSettingsMessage(stored: StoredSettings): identityV1.SystemSettings {
  return { ...stored.values, secrets: {}, configuredSecrets: Object.keys(stored.secrets).sort() };
}

export function systemSettingsHandlers(deps: IdentityDeps): SettingsHandlers {
  return {
    async getSystemSettings() {
      return toSettingsMessage(await readSettings(deps.db));
    },

    /** PUT takes what GET answers: absent fields keep their value; a secret given as "" is removed. */
    async updateSystemSettings(request, ctx) {
      const { settings = { secrets: {} } } = validate(updateInput, request);
      const stored = await deps.db.$transaction(async (tx) => {
        const current = await lockSettings(tx);
        const { values, violations } = applySettingsUpdate(current.values, settings);
        const secrets = applySecretChanges(current.secrets, settings.secrets, (plaintext) => deps.secrets.seal(plaintext));
        const all = [...violations, ...secrets.violations];
        if (all.length > 0) throw PlatformError.validation(all, `Invalid ${all.map((v) => v.field).join(', ')}`);
        const changed = changedSettings(current.values, values, settings.secrets);
        if (changed.length === 0) return current;
        const next = { values, secrets: secrets.secrets };
        await saveSettings(tx, next, callerId(ctx));
        await deps.events.auditRecorded(
          tx,
          auditOf(ctx, { action: AuditAction.SETTINGS_UPDATED, userId: callerId(ctx), resourceType: 'SYSTEM_SETTINGS', detail: { changed } }, deps.now()),
        );
        return next;
      });
      return toSettingsMessage(stored);
    },

    /** Internal: the same answer, for other services (service token). */
    async readSystemSettings() {
      return toSettingsMessage(await readSettings(deps.db));
    },
  };
}
