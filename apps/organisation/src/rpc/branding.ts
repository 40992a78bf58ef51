import { z } from 'zod';
import { PlatformError, uuid, validate } from '@platform/errors';
import type { AsyncService } from '@platform/grpc-server';
import type { organisationV1 } from '@platform/proto';
import { updateBranding } from '../app/update-branding';
import type { OrganisationDeps } from '../deps';
import { effectiveBranding, fontFamilyProblem, HEX_COLOUR, logoUrlProblem, type BrandingValues } from '../domain/branding';
import { organizationNotFound } from '../domain/errors';
import { normaliseLookupKey, slugProblem } from '../domain/slug';
import { findBrandingOfLiveOrganization } from '../store/branding';

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
      const saved = await updateBranding(deps, ctx, orgId, change);
      return toBrandingMessage(effectiveBranding(saved));
    },
  };
}
