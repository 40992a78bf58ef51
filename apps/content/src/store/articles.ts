import { orderByOf, type Sort } from '@platform/db';
import { likeLiteral } from '../domain/search-text';
import type { ContentDb, Db, Tx } from './db';
import { Prisma } from './generated/client';
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
  for (const word of q.words) and.push({ titleSearch: { contains: likeLiteral(word) } });
  return { AND: and };
}

/**
 * A page of articles with the total, the two read at once on two connections (a transaction would
 * add two round trips and, at READ COMMITTED, no common snapshot).
 */
export async function queryArticles(db: ContentDb, q: ArticleQuery): Promise<{ rows: ArticleRow[]; total: number }> {
  const where = listWhere(q);
  const sort = orderByOf(q.sort) as Prisma.ArticleOrderByWithRelationInput;
  // Members' lists hold no unpublished article (published_at is never null there): the plain order
  // is the one the (organization_id, status, published_at desc) index gives, so a page is read in
  // index order; administrators' lists put drafts (no published_at) last.
  const byPublished = q.visibleOnly ? { publishedAt: q.sort.direction } : { publishedAt: { sort: q.sort.direction, nulls: 'last' as const } };
  const orderBy: Prisma.ArticleOrderByWithRelationInput[] = q.sort.field === 'publishedAt' ? [byPublished, { createdAt: q.sort.direction }] : [sort];
  const [rows, total] = await Promise.all([
    db.article.findMany({ where, orderBy: [...orderBy, { id: 'asc' }], skip: q.skip, take: q.take }),
    db.article.count({ where }),
  ]);
  return { rows, total };
}

export function findArticle(db: Db, organizationId: string, id: string): Promise<ArticleRow | null> {
  return db.article.findFirst({ where: { id, organizationId, deletedAt: null } });
}

/** The article by id, whatever its organisation or state; throws (Prisma's not-found error) when there is none. */
export function getArticleById(db: Db, id: string): Promise<ArticleRow> {
  return db.article.findUniqueOrThrow({ where: { id } });
}

export function createArticle(db: Db, data: Prisma.ArticleCreateInput): Promise<ArticleRow> {
  return db.article.create({ data });
}

/** The article's fields as `data` sets them (Prisma's update: updated_at moves too). */
export function updateArticle(db: Db, id: string, data: Prisma.ArticleUpdateInput): Promise<ArticleRow> {
  return db.article.update({ where: { id }, data });
}

/** Marks the article's announcement SENT (its content.article.published event is written). */
export async function markAnnouncementSent(tx: Tx, id: string): Promise<void> {
  await tx.article.update({ where: { id }, data: { announcement: 'SENT' } });
}

/** Deletes the organisation's live article (deleted_at set); false when there is none. */
export async function softDeleteArticle(db: Db, organizationId: string, id: string, now: Date): Promise<boolean> {
  const deleted = await db.article.updateMany({ where: { id, organizationId, deletedAt: null }, data: { deletedAt: now } });
  return deleted.count > 0;
}

/** The live article, locked for the rest of the transaction. */
export async function lockArticle(tx: Tx, organizationId: string, id: string): Promise<ArticleRow | null> {
  const locked = await tx.$queryRaw<Array<{ id: string }>>`
    SELECT id FROM article WHERE id = ${id}::uuid AND organization_id = ${organizationId}::uuid AND deleted_at IS NULL FOR UPDATE`;
  return locked.length > 0 ? findArticle(tx, organizationId, id) : null;
}

/** Every column of `article` under its model field name, for raw statements that answer whole rows. */
const ARTICLE_COLUMNS = Prisma.raw(
  Object.keys(Prisma.ArticleScalarFieldEnum)
    .map((field) => `${field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)} AS "${field}"`)
    .join(', '),
);

/**
 * Counts `views` views of a visible PUBLISHED article in a single atomic UPDATE (one per fetch, or
 * the fetches app/count-views.ts batched) and answers the article as that UPDATE left it, or null
 * when the article is not one the reader may see as published (missing, deleted, not visible yet,
 * or members-only for a GUEST). One statement, so a fetch holds a connection and the row's lock as
 * briefly as can be.
 * (Not Prisma's update: its @updatedAt would move updated_at on every view.)
 *
 * Its implicit transaction commits asynchronously (`synchronous_commit = off`, set for that
 * transaction only): concurrent readers of one article queue on its row lock, which each holds
 * until its commit, so waiting for the WAL flush would make the flush time the price of every view.
 * The trade (docs/decisions/0124-article-view-count.md): a database crash may lose the views counted in its last fraction
 * of a second (up to three wal_writer_delay, 600 ms by default); nothing else is written this way.
 */
export async function countViews(
  db: ContentDb,
  organizationId: string,
  id: string,
  now: Date,
  excludeMembersOnly: boolean,
  views: number,
): Promise<ArticleRow | null> {
  const rows = await db.$queryRaw<ArticleRow[]>`
    UPDATE article SET view_count = view_count + ${views}::bigint
     WHERE id = ${id}::uuid AND organization_id = ${organizationId}::uuid AND deleted_at IS NULL
       AND status = 'PUBLISHED' AND published_at <= ${now}::timestamptz
       AND (NOT ${excludeMembersOnly}::boolean OR NOT members_only)
       AND set_config('synchronous_commit', 'off', true) = 'off'
     RETURNING ${ARTICLE_COLUMNS}`;
  return rows[0] ?? null;
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
