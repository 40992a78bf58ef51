import { z } from 'zod';
import { validate } from '@platform/errors';
import type { AsyncService } from '@platform/grpc-server';
import type { identityV1 } from '@platform/proto';
import { updateSystemSettings } from '../app/update-system-settings';
import type { IdentityDeps } from '../deps';
import { readSettings, type StoredSettings } from '../store/system-settings';

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
      return toSettingsMessage(await updateSystemSettings(deps, ctx, settings));
    },

    /** Internal: the same answer, for other services (service token). */
    async readSystemSettings() {
      return toSettingsMessage(await readSettings(deps.db));
    },
  };
}
