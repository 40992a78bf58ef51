import { z } from 'zod';
import { PlatformError, uuid, validate } from '@platform/errors';
import type { AsyncService } from '@platform/grpc-server';
import type { organisationV1 } from '@platform/proto';
import { recordSettingsChange } from '../app/settings-audit';
import type { OrganisationDeps } from '../deps';
import { changedBrandingFields, effectiveBranding, fontFamilyProblem, HEX_COLOUR, logoUrlProblem, type BrandingValues } from '../domain/branding';
import { organizationNotFound } from '../domain/errors';
import { normaliseLookupKey, slugProblem } from '../domain/slug';
import { findBranding, findBrandingOfLiveOrganization, saveBranding } from '../store/branding';
import { holdLiveOrganization } from '../store/organisations';

const colour = z.string().regex(HEX_COLOUR, 'must be a hex colour #rgb or #rrggbb');
const checked = (problemOf: (value: string) => string | undefined) =>
  z.string().superRefine((value, ctx) => {
    const problem = problemOf(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const byOrganization = z.object({ orgId: uuid });
const updateInput = z.object({
  orgId: uuid,
  primaryColor: colour.optional(),
  secondaryColor: colour.optional(),
  fontFamily: checked(fontFamilyProblem)
    .transform((value) => value.trim())
    .optional(),
  logoUrl: checked(logoUrlProblem).optional(),
});

type BrandingHandlers = Pick<AsyncService<organisationV1.OrganisationServiceServer>, 'getBranding' | 'getPublicBranding' | 'updateBranding'>;

/** A public slug lookup: case-insensitive, and 400 when the value could never be a slug. */
export function publicSlug(value: string): string {
  const key = normaliseLookupKey(value);
  const problem = slugProblem(key);
  if (problem) throw PlatformError.validation([{ field: 'slug', message: problem }], 'Invalid slug');
  return key;
}

const toBrandingMessage = (values: BrandingValues): organisationV1.Branding => ({ ...values });

export function brandingHandlers(deps: OrganisationDeps): BrandingHandlers {
  return {
    async getBranding(request) {
      const { orgId } = validate(byOrganization, request);
      const saved = await findBrandingOfLiveOrganization(deps.db, { id: orgId });
      if (saved === undefined) throw organizationNotFound();
      return toBrandingMessage(effectiveBranding(saved));
    },

    /** Only live organisations answer: a deleted one is 404 like an unknown slug. */
    async getPublicBranding(request) {
      const saved = await findBrandingOfLiveOrganization(deps.db, { slug: publicSlug(request.slug) });
      if (saved === undefined) throw organizationNotFound();
      return toBrandingMessage(effectiveBranding(saved));
    },

    /** Saves the fields given and audits what changed (BRANDING_UPDATED), with the organisation held against a delete. */
    async updateBranding(request, ctx) {
      const { orgId, ...change } = validate(updateInput, request);
      const saved = await deps.db.$transaction(async (tx) => {
        if (!(await holdLiveOrganization(tx, orgId))) throw organizationNotFound();
        const before = effectiveBranding(await findBranding(tx, orgId));
        const changed = changedBrandingFields(before, change);
        const after = await saveBranding(tx, orgId, change);
        await recordSettingsChange(deps, tx, ctx, 'BRANDING_UPDATED', orgId, changed, Object.fromEntries(changed.map((field) => [field, after[field]])));
        return after;
      });
      return toBrandingMessage(effectiveBranding(saved));
    },
  };
}
