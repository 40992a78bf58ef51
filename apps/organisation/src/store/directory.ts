import { live, type Sort } from '@platform/db';
import { containsPattern } from '../domain/member-profile';
import type { DirectorySettings, DirectorySortField } from '../domain/directory';
import type { Db } from './db';
import { Prisma } from './generated/client';
import { pageOf } from './member-list';

/** The saved config of a live organisation in one query: null when it has none, undefined when there is no such live organisation. */
export async function findDirectoryConfigOfLiveOrganization(db: Db, organizationId: string) {
  const org = await db.organization.findFirst({ where: { id: organizationId, ...live }, select: { directoryConfig: true } });
  return org === null ? undefined : org.directoryConfig;
}

export function findDirectoryConfig(db: Db, organizationId: string) {
  return db.directoryConfig.findUnique({ where: { organizationId } });
}

/** Saves the settings given (absent ones are kept; a first save starts from the column defaults). */
export function saveDirectoryConfig(db: Db, organizationId: string, change: Partial<DirectorySettings>) {
  return db.directoryConfig.upsert({
    where: { organizationId },
    create: { organizationId, ...change },
    update: change,
  });
}

export interface DirectoryQuery {
  organizationId: string;
  /** Folded words (see searchWords); each must occur in the name, or in the email when `searchEmail`. */
  words: readonly string[];
  searchEmail: boolean;
  sort: Sort<DirectorySortField>;
  skip: number;
  take: number;
}

export interface DirectoryRow {
  account_id: string;
  email: string;
  first_name: string;
  last_name: string;
  joined_at: Date;
  role_name: string;
  display_name: string | null;
  phone_number: string | null;
  job_title: string | null;
  company: string | null;
  city: string | null;
  is_certified: boolean;
}

const DIRECTORY_COLUMNS = Prisma.sql`m.account_id, m.email, m.first_name, m.last_name, m.joined_at, r.name::text AS role_name,
  m.display_name, m.phone_number, m.job_title, m.company, m.city, m.is_certified`;

/**
 * One page of an organisation's directory and the total: ACTIVE memberships not excluded from
 * listing, in a live organisation (nothing for an unknown or deleted one). The status and exclusion
 * conditions are written as the partial indexes' predicate (membership_directory_*), so a page is a
 * range scan of the sort's index and the total an index-only count. A search narrows through the
 * trigram index on the search text (names and email); when emails are hidden, each word must also
 * occur in a name, so a search never reveals an address.
 */
export function queryDirectory(db: Db, q: DirectoryQuery): Promise<{ rows: DirectoryRow[]; total: number }> {
  const parts: Prisma.Sql[] = [
    Prisma.sql`m.organisation_id = ${q.organizationId}::uuid`,
    Prisma.sql`m.status = 'ACTIVE' AND NOT m.is_excluded_from_listing`,
    Prisma.sql`EXISTS (SELECT 1 FROM organisation o WHERE o.id = ${q.organizationId}::uuid AND o.deleted_at IS NULL)`,
  ];
  for (const word of q.words) {
    const pattern = containsPattern(word);
    parts.push(Prisma.sql`m.search_text LIKE ${pattern}`);
    if (!q.searchEmail) parts.push(Prisma.sql`(m.first_name_key LIKE ${pattern} OR m.last_name_key LIKE ${pattern})`);
  }
  return pageOf<DirectoryRow>(db, {
    columns: DIRECTORY_COLUMNS,
    from: Prisma.sql`FROM membership m JOIN role r ON r.id = m.role_id`,
    countFrom: Prisma.sql`FROM membership m`,
    where: Prisma.join(parts, ' AND '),
    sort: q.sort,
    searching: q.words.length > 0,
    skip: q.skip,
    take: q.take,
  });
}
