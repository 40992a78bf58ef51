import type { CallContext } from '@platform/grpc-server';
import type { OrganisationDeps } from '../deps';
import { changedDirectoryFields, effectiveDirectoryConfig, type DirectorySettings } from '../domain/directory';
import { organizationNotFound } from '../domain/errors';
import { findDirectoryConfig, saveDirectoryConfig } from '../store/directory';
import { holdLiveOrganization } from '../store/organisations';
import { recordSettingsChange } from './settings-audit';

/** Saves the settings given and audits what changed (DIRECTORY_CONFIG_UPDATED), with the organisation held against a delete. */
export async function updateDirectoryConfig(
  deps: OrganisationDeps,
  ctx: CallContext,
  organizationId: string,
  change: Partial<DirectorySettings>,
): Promise<DirectorySettings> {
  return deps.db.$transaction(async (tx) => {
    if (!(await holdLiveOrganization(tx, organizationId))) throw organizationNotFound();
    const before = effectiveDirectoryConfig(await findDirectoryConfig(tx, organizationId));
    const changed = changedDirectoryFields(before, change);
    const after = effectiveDirectoryConfig(await saveDirectoryConfig(tx, organizationId, change));
    await recordSettingsChange(
      deps,
      tx,
      ctx,
      'DIRECTORY_CONFIG_UPDATED',
      organizationId,
      changed,
      Object.fromEntries(changed.map((field) => [field, after[field]])),
    );
    return after;
  });
}
