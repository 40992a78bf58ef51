import { orderByOf, type Sort } from '@platform/db';
import type { ContentDb, Db, Tx } from './db';
import type { Prisma } from './generated/client';
import type { ArticleModel } from './generated/models/Article';

export type ArticleRow = ArticleModel;
export const ARTICLE_SORT_FIELDS = ['publishedAt', 'createdAt', 'updatedAt', 'title', 'viewCount'] as const;
export type ArticleSortField = (typeof ARTICLE_SORT_FIELDS)[number];

export interface ArticleQuery {
  organizationId: string;
  status?: string;
  membersOnly?: boolean;
  tag?: string;
  /** Words in search form; each must occur in the title. */
  words: string[];
  /** Members: only PUBLISHED articles whose published_at has come (by `now`). */
  visibleOnly: boolean;
  /** GUESTs: no members-only articles. */
  excludeMembersOnly: boolean;
  now: Date;
  sort: Sort<ArticleSortField>;
  skip: number;
  take: number;
}

function listWhere(q: ArticleQuery): Prisma.ArticleWhereInput {
  const and: Prisma.ArticleWhereInput[] = [{ organizationId: q.organizationId, deletedAt: null }];
  if (q.status) and.push({ status: q.status });
  if (q.visibleOnly) and.push({ status: 'PUBLISHED', publishedAt: { lte: q.now } });
  if (q.membersOnly !== undefined) and.push({ membersOnly: q.membersOnly });
  if (q.excludeMembersOnly) and.push({ membersOnly: false });
  if (q.tag) and.push({ tags: { has: q.tag } });
  for (const word of q.words) and.push({ titleSearch: { contains: word } });
  return { AND: and };
}

/** A page of articles with the total, in one read transaction. */
export async function queryArticles(db: ContentDb, q: ArticleQuery): Promise<{ rows: ArticleRow[]; total: number }> {
  const where = listWhere(q);
  const sort = orderByOf(q.sort) as Prisma.ArticleOrderByWithRelationInput;
  const orderBy: Prisma.ArticleOrderByWithRelationInput[] =
    q.sort.field === 'publishedAt' ? [{ publishedAt: { sort: q.sort.direction, nulls: 'last' } }, { createdAt: q.sort.direction }] : [sort];
  const [rows, total] = await db.$transaction([
    db.article.findMany({ where, orderBy: [...orderBy, { id: 'asc' }], skip: q.skip, take: q.take }),
    db.article.count({ where }),
  ]);
  return { rows, total };
}

export function findArticle(db: Db, organizationId: string, id: string): Promise<ArticleRow | null> {
  return db.article.findFirst({ where: { id, organizationId, deletedAt: null } });
}

/** The live article, locked for the rest of the transaction. */
export async function lockArticle(tx: Tx, organizationId: string, id: string): Promise<ArticleRow | null> {
  const locked = await tx.$queryRaw<Array<{ id: string }>>`
    SELECT id FROM article WHERE id = ${id}::uuid AND organization_id = ${organizationId}::uuid AND deleted_at IS NULL FOR UPDATE`;
  return locked.length > 0 ? findArticle(tx, organizationId, id) : null;
}

/**
 * Counts one view of a visible PUBLISHED article in a single atomic UPDATE (concurrent fetches each
 * add exactly one) and answers the count after it, or null when the article is not one the reader
 * may see as published (missing, deleted, not visible yet, or members-only for a GUEST).
 */
export async function countView(db: Db, organizationId: string, id: string, now: Date, excludeMembersOnly: boolean): Promise<bigint | null> {
  const rows = await db.$queryRaw<Array<{ view_count: bigint }>>`
    UPDATE article SET view_count = view_count + 1
     WHERE id = ${id}::uuid AND organization_id = ${organizationId}::uuid AND deleted_at IS NULL
       AND status = 'PUBLISHED' AND published_at <= ${now}::timestamptz
       AND (NOT ${excludeMembersOnly}::boolean OR NOT members_only)
     RETURNING view_count`;
  return rows[0]?.view_count ?? null;
}

/** Articles whose announcement is due (PUBLISHED, time come, not announced), locked; replicas skip each other's rows. */
export function lockDueAnnouncements(tx: Tx, now: Date, limit: number): Promise<Array<{ id: string }>> {
  return tx.$queryRaw<Array<{ id: string }>>`
    SELECT id FROM article
     WHERE announcement = 'PENDING' AND status = 'PUBLISHED' AND deleted_at IS NULL AND published_at <= ${now}::timestamptz
     ORDER BY published_at
     LIMIT ${limit}
     FOR UPDATE SKIP LOCKED`;
}

export function slugInUse(db: Db, organizationId: string, slug: string, exceptId?: string): Promise<ArticleRow | null> {
  return db.article.findFirst({ where: { organizationId, slug, deletedAt: null, ...(exceptId ? { id: { not: exceptId } } : {}) } });
}
