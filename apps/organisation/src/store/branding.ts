import { live } from '@platform/db';
import { DEFAULT_BRANDING, type BrandingValues } from '../domain/branding';
import type { Db } from './db';

/**
 * The saved branding of a live organisation (by id or slug) in one query: null when it has none,
 * undefined when there is no such live organisation.
 */
export async function findBrandingOfLiveOrganization(db: Db, key: { id: string } | { slug: string }) {
  const org = await db.organization.findFirst({ where: { ...key, ...live }, select: { branding: true } });
  return org === null ? undefined : org.branding;
}

export function findBranding(db: Db, organizationId: string) {
  return db.branding.findUnique({ where: { organizationId } });
}

/** Saves the fields given (absent ones are kept; a first save starts from the defaults). */
export function saveBranding(db: Db, organizationId: string, change: Partial<BrandingValues>) {
  const given = Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined)) as Partial<BrandingValues>;
  return db.branding.upsert({
    where: { organizationId },
    create: { organizationId, ...DEFAULT_BRANDING, ...given },
    update: given,
  });
}
