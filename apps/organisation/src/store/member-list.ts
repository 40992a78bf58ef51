import type { Sort } from '@platform/db';
import { containsPattern } from '../domain/member-profile';
import type { MembershipStatus } from '../domain/membership-status';
import type { Db } from './db';
import { Prisma } from './generated/client';

export const MEMBER_SORT_FIELDS = ['lastName', 'firstName', 'email', 'joinedAt'] as const;
export type MemberSortField = (typeof MEMBER_SORT_FIELDS)[number];

/**
 * Each sort is served by an index (organisation_id, <keys…>, id) in schema.prisma, so a page is an
 * index range scan whatever the organisation's size; `id` breaks ties so pages never overlap.
 */
const SORT_COLUMNS: Record<MemberSortField, readonly string[]> = {
  lastName: ['m.last_name_key', 'm.first_name_key'],
  firstName: ['m.first_name_key', 'm.last_name_key'],
  email: ['m.email'],
  joinedAt: ['m.joined_at'],
};

export interface MemberQuery {
  /** Absent only for the platform administrators' list across organisations. */
  organizationId?: string;
  statuses: readonly MembershipStatus[];
  /** Folded words (see searchWords); each must occur in the member's search text. */
  words: readonly string[];
  /** Identity's account status (platform list only). */
  accountStatus?: string;
  sort: Sort<MemberSortField>;
  skip: number;
  take: number;
}

export interface MemberRow {
  account_id: string;
  email: string;
  first_name: string;
  last_name: string;
  status: MembershipStatus;
  joined_at: Date;
  role_id: string;
  role_name: string;
  display_name: string | null;
  phone_number: string | null;
  job_title: string | null;
  company: string | null;
  date_of_birth: Date | null;
  address_line1: string | null;
  city: string | null;
  postal_code: string | null;
  is_certified: boolean;
  membership_renewal_date: Date | null;
  is_excluded_from_listing: boolean;
  external_id: string | null;
  created_at: Date;
}

export interface PlatformMemberRow extends MemberRow {
  organisation_id: string;
  organisation_name: string;
  organisation_slug: string;
  account_status: string;
}

function conditions(q: MemberQuery): Prisma.Sql {
  const parts: Prisma.Sql[] = [];
  if (q.organizationId) parts.push(Prisma.sql`m.organisation_id = ${q.organizationId}::uuid`);
  parts.push(Prisma.sql`m.status = ANY(CAST(${[...q.statuses]} AS "MembershipStatus"[]))`);
  // LIKE on the folded text: the GIN trigram index answers it for words of 3+ characters.
  for (const word of q.words) parts.push(Prisma.sql`m.search_text LIKE ${containsPattern(word)}`);
  return Prisma.join(parts, ' AND ');
}

function orderBy(sort: Sort<MemberSortField>): Prisma.Sql {
  const direction = sort.direction === 'desc' ? 'DESC' : 'ASC';
  return Prisma.raw([...SORT_COLUMNS[sort.field], 'm.id'].map((column) => `${column} ${direction}`).join(', '));
}

/**
 * A search matching at most this many members is answered in one pass over its matches (collected
 * through the trigram index, then sorted and counted); a broader one like a page without search.
 */
export const SEARCH_MATCHES_SORTED_IN_MEMORY = 2000;

export interface PageQuery {
  /** `SELECT <columns>` of a row, over alias `m` (membership) and the joins in `from`. */
  columns: Prisma.Sql;
  /** `FROM membership m …` with the joins the columns and conditions need. */
  from: Prisma.Sql;
  /** `FROM membership m …` with only the joins the conditions need (counting reads no more). */
  countFrom: Prisma.Sql;
  where: Prisma.Sql;
  sort: Sort<MemberSortField>;
  searching: boolean;
  skip: number;
  take: number;
}

/**
 * A page of rows and the total matching.
 *  - Without a search term, the page is a range scan of the sort's index and the total an
 *    index-only count.
 *  - With one, the matches are first collected through the trigram index (at most
 *    SEARCH_MATCHES_SORTED_IN_MEMORY + 1 of them), then sorted and counted in one pass. Left to
 *    itself, the planner walks the sort index and filters, betting that matches are spread evenly,
 *    which costs tens of thousands of rows for a rare name. A term matching more rows than the cap
 *    is served like a page without search (the matches are dense, so the index walk is short).
 */
export async function pageOf<R>(db: Db, q: PageQuery): Promise<{ rows: R[]; total: number }> {
  if (q.searching) {
    const cap = SEARCH_MATCHES_SORTED_IN_MEMORY;
    const rows = await db.$queryRaw<Array<R & { total: number }>>`
      WITH matches AS MATERIALIZED (SELECT ${q.columns}, ${SORT_KEYS} ${q.from} WHERE ${q.where} LIMIT ${cap + 1})
      SELECT *, count(*) OVER ()::int AS total FROM matches m
       ORDER BY ${orderBy(q.sort)}
       LIMIT ${q.take} OFFSET ${q.skip}`;
    const total = rows[0]?.total;
    if (total !== undefined && total <= cap) return { rows: rows.map(stripSortKeys), total };
    if (total === undefined && q.skip === 0) return { rows: [], total: 0 };
  }
  const [rows, counted] = await Promise.all([
    db.$queryRaw<R[]>`SELECT ${q.columns} ${q.from} WHERE ${q.where} ORDER BY ${orderBy(q.sort)} LIMIT ${q.take} OFFSET ${q.skip}`,
    db.$queryRaw<Array<{ total: number }>>`SELECT count(*)::int AS total ${q.countFrom} WHERE ${q.where}`,
  ]);
  return { rows, total: counted[0]?.total ?? 0 };
}

/** What a collected match carries besides its columns, so the outer query can order it like the table. */
const SORT_KEYS = Prisma.sql`m.id, m.last_name_key, m.first_name_key`;

function stripSortKeys<R>(row: R & { total: number }): R {
  const { id: _id, last_name_key: _last, first_name_key: _first, total: _total, ...rest } = row as R & Record<string, unknown>;
  return rest as R;
}

const MEMBER_COLUMNS = Prisma.sql`m.account_id, m.email, m.first_name, m.last_name, m.status::text AS status, m.joined_at,
  r.id AS role_id, r.name::text AS role_name, m.display_name, m.phone_number, m.job_title, m.company, m.date_of_birth, m.address_line1, m.city,
  m.postal_code, m.is_certified, m.membership_renewal_date, m.is_excluded_from_listing, m.external_id, m.created_at`;

/**
 * One page of an organisation's members and the total matching; nothing (total 0) for an
 * organisation that does not exist or is deleted. The organisation check is a one-time condition of
 * the same query, so a page costs one round trip (two without a search term).
 */
export function queryOrganizationMembers(db: Db, q: MemberQuery & { organizationId: string }): Promise<{ rows: MemberRow[]; total: number }> {
  const live = Prisma.sql`EXISTS (SELECT 1 FROM organisation o WHERE o.id = ${q.organizationId}::uuid AND o.deleted_at IS NULL)`;
  return pageOf<MemberRow>(db, {
    columns: MEMBER_COLUMNS,
    from: Prisma.sql`FROM membership m JOIN role r ON r.id = m.role_id`,
    countFrom: Prisma.sql`FROM membership m`,
    where: Prisma.join([conditions(q), live], ' AND '),
    sort: q.sort,
    searching: q.words.length > 0,
    skip: q.skip,
    take: q.take,
  });
}

/** The platform administrators' list: memberships in live organisations, with the account status. */
export function queryPlatformMembers(db: Db, q: MemberQuery): Promise<{ rows: PlatformMemberRow[]; total: number }> {
  const parts = [conditions(q), Prisma.sql`o.deleted_at IS NULL`];
  if (q.accountStatus) parts.push(Prisma.sql`a.status = ${q.accountStatus}`);
  return pageOf<PlatformMemberRow>(db, {
    columns: Prisma.sql`${MEMBER_COLUMNS}, o.id AS organisation_id, o.name AS organisation_name, o.slug AS organisation_slug, a.status AS account_status`,
    from: Prisma.sql`FROM membership m
      JOIN role r ON r.id = m.role_id
      JOIN organisation o ON o.id = m.organisation_id
      JOIN account_projection a ON a.id = m.account_id`,
    countFrom: Prisma.sql`FROM membership m
      JOIN organisation o ON o.id = m.organisation_id
      JOIN account_projection a ON a.id = m.account_id`,
    where: Prisma.join(parts, ' AND '),
    sort: q.sort,
    searching: q.words.length > 0,
    skip: q.skip,
    take: q.take,
  });
}
