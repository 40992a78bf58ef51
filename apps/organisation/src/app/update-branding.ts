import type { CallContext } from '@platform/grpc-server';
import type { OrganisationDeps } from '../deps';
import { changedBrandingFields, effectiveBranding, type BrandingValues } from '../domain/branding';
import { organizationNotFound } from '../domain/errors';
import { findBranding, saveBranding } from '../store/branding';
import type { Branding } from '../store/generated/client';
import { holdLiveOrganization } from '../store/organisations';
import { recordSettingsChange } from './settings-audit';

/** Saves the fields given and audits what changed (BRANDING_UPDATED), with the organisation held against a delete. */
export async function updateBranding(deps: OrganisationDeps, ctx: CallContext, orgId: string, change: Partial<BrandingValues>): Promise<Branding> {
  return deps.db.$transaction(async (tx) => {
    if (!(await holdLiveOrganization(tx, orgId))) throw organizationNotFound();
    const before = effectiveBranding(await findBranding(tx, orgId));
    const changed = changedBrandingFields(before, change);
    const after = await saveBranding(tx, orgId, change);
    await recordSettingsChange(deps, tx, ctx, 'BRANDING_UPDATED', orgId, changed, Object.fromEntries(changed.map((field) => [field, after[field]])));
    return after;
  });
}
