import { z } from 'zod';
import { ErrorCode, PlatformError, uuid, validate } from '@platform/errors';
import type { AsyncService } from '@platform/grpc-server';
import type { organisationV1 } from '@platform/proto';
import { recordSettingsChange } from '../app/settings-audit';
import type { OrganisationDeps } from '../deps';
import { organizationNotFound } from '../domain/errors';
import { EMPTY_LEGAL_PAGES, LEGAL_PAGE_MAX_BYTES, LEGAL_PAGES, oversizePages, sanitiseLegalHtml, type LegalPagesValues } from '../domain/legal-pages';
import { findLegalPages, findLegalPagesOfLiveOrganization, saveLegalPages } from '../store/legal-pages';
import { holdLiveOrganization } from '../store/organisations';
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

/** 413 naming each page over the limit. */
const tooLarge = (pages: readonly string[]): PlatformError =>
  new PlatformError(
    ErrorCode.PAYLOAD_TOO_LARGE,
    `${pages.join(', ')} ${pages.length === 1 ? 'is' : 'are'} larger than ${LEGAL_PAGE_MAX_BYTES / 1024} KB`,
    pages.map((field) => ({ field, message: `must be at most ${LEGAL_PAGE_MAX_BYTES} bytes` })),
  );

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
      const oversize = oversizePages(given);
      if (oversize.length > 0) throw tooLarge(oversize);
      const change: Partial<LegalPagesValues> = {};
      for (const page of LEGAL_PAGES) {
        const html = given[page];
        if (html !== undefined) change[page] = sanitiseLegalHtml(html);
      }
      const saved = await deps.db.$transaction(async (tx) => {
        if (!(await holdLiveOrganization(tx, id))) throw organizationNotFound();
        const before = (await findLegalPages(tx, id)) ?? EMPTY_LEGAL_PAGES;
        const changed = LEGAL_PAGES.filter((page) => change[page] !== undefined && change[page] !== before[page]);
        const after = await saveLegalPages(tx, id, change);
        const sanitised = LEGAL_PAGES.filter((page) => given[page] !== undefined && change[page] !== (given[page] ?? '').trim());
        await recordSettingsChange(deps, tx, ctx, 'LEGAL_PAGES_UPDATED', id, changed, { sanitised });
        return after;
      });
      return pagesOf(saved);
    },
  };
}
