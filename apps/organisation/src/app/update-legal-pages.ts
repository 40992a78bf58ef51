import { ErrorCode, PlatformError } from '@platform/errors';
import type { CallContext } from '@platform/grpc-server';
import type { OrganisationDeps } from '../deps';
import { organizationNotFound } from '../domain/errors';
import { EMPTY_LEGAL_PAGES, LEGAL_PAGE_MAX_BYTES, LEGAL_PAGES, oversizePages, sanitiseLegalHtml, type LegalPagesValues } from '../domain/legal-pages';
import type { LegalPages } from '../store/generated/client';
import { findLegalPages, saveLegalPages } from '../store/legal-pages';
import { holdLiveOrganization } from '../store/organisations';
import { recordSettingsChange } from './settings-audit';

/** 413 naming each page over the limit. */
const tooLarge = (pages: readonly string[]): PlatformError =>
  new PlatformError(
    ErrorCode.PAYLOAD_TOO_LARGE,
    `${pages.join(', ')} ${pages.length === 1 ? 'is' : 'are'} larger than ${LEGAL_PAGE_MAX_BYTES / 1024} KB`,
    pages.map((field) => ({ field, message: `must be at most ${LEGAL_PAGE_MAX_BYTES} bytes` })),
  );

/**
 * Each page given is size-checked as sent (413), sanitised, saved with the organisation held
 * against a delete; what changed is audited (LEGAL_PAGES_UPDATED).
 */
export async function updateLegalPages(deps: OrganisationDeps, ctx: CallContext, id: string, given: Partial<LegalPagesValues>): Promise<LegalPages> {
  const oversize = oversizePages(given);
  if (oversize.length > 0) throw tooLarge(oversize);
  const change: Partial<LegalPagesValues> = {};
  for (const page of LEGAL_PAGES) {
    const html = given[page];
    if (html !== undefined) change[page] = sanitiseLegalHtml(html);
  }
  return deps.db.$transaction(async (tx) => {
    if (!(await holdLiveOrganization(tx, id))) throw organizationNotFound();
    const before = (await findLegalPages(tx, id)) ?? EMPTY_LEGAL_PAGES;
    const changed = LEGAL_PAGES.filter((page) => change[page] !== undefined && change[page] !== before[page]);
    const after = await saveLegalPages(tx, id, change);
    const sanitised = LEGAL_PAGES.filter((page) => given[page] !== undefined && change[page] !== (given[page] ?? '').trim());
    await recordSettingsChange(deps, tx, ctx, 'LEGAL_PAGES_UPDATED', id, changed, { sanitised });
    return after;
  });
}
