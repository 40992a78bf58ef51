import { z } from 'zod';
import { uuid, validate } from '@platform/errors';
import type { AsyncService } from '@platform/grpc-server';
import type { organisationV1 } from '@platform/proto';
import { updateLegalPages } from '../app/update-legal-pages';
import type { OrganisationDeps } from '../deps';
import { organizationNotFound } from '../domain/errors';
import { EMPTY_LEGAL_PAGES, type LegalPagesValues } from '../domain/legal-pages';
import { findLegalPagesOfLiveOrganization } from '../store/legal-pages';
import { publicSlug } from './branding';

const byOrganization = z.object({ id: uuid });
const updateInput = z.object({
  id: uuid,
  termsOfService: z.string().optional(),
  privacyPolicy: z.string().optional(),
  cookiePolicy: z.string().optional(),
});

type LegalPageHandlers = Pick<AsyncService<organisationV1.OrganisationServiceServer>, 'getLegalPages' | 'getPublicLegalPages' | 'updateLegalPages'>;

const pagesOf = (row: LegalPagesValues | null): organisationV1.LegalPages => {
  const pages = row ?? EMPTY_LEGAL_PAGES;
  return { termsOfService: pages.termsOfService, privacyPolicy: pages.privacyPolicy, cookiePolicy: pages.cookiePolicy };
};

export function legalPageHandlers(deps: OrganisationDeps): LegalPageHandlers {
  return {
    async getLegalPages(request) {
      const { id } = validate(byOrganization, request);
      const saved = await findLegalPagesOfLiveOrganization(deps.db, { id });
      if (saved === undefined) throw organizationNotFound();
      return pagesOf(saved);
    },

    /** Only live organisations answer: a deleted one is 404 like an unknown slug. */
    async getPublicLegalPages(request) {
      const saved = await findLegalPagesOfLiveOrganization(deps.db, { slug: publicSlug(request.slug) });
      if (saved === undefined) throw organizationNotFound();
      return pagesOf(saved);
    },

    /** Each page given is size-checked as sent (413), sanitised, saved; what changed is audited (LEGAL_PAGES_UPDATED). */
    async updateLegalPages(request, ctx) {
      const { id, ...given } = validate(updateInput, request);
      const saved = await updateLegalPages(deps, ctx, id, given);
      return pagesOf(saved);
    },
  };
}
