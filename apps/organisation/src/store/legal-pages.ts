import { live } from '@platform/db';
import type { LegalPagesValues } from '../domain/legal-pages';
import type { Db } from './db';

/**
 * The saved legal pages of a live organisation (by id or slug) in one query: null when it has none,
 * undefined when there is no such live organisation.
 */
export async function findLegalPagesOfLiveOrganization(db: Db, key: { id: string } | { slug: string }) {
  const org = await db.organization.findFirst({ where: { ...key, ...live }, select: { legalPages: true } });
  return org === null ? undefined : org.legalPages;
}

export function findLegalPages(db: Db, organizationId: string) {
  return db.legalPages.findUnique({ where: { organizationId } });
}

/** Saves the pages given (absent ones are kept; a first save starts from empty pages). */
export function saveLegalPages(db: Db, organizationId: string, change: Partial<LegalPagesValues>) {
  return db.legalPages.upsert({
    where: { organizationId },
    create: { organizationId, ...change },
    update: change,
  });
}
