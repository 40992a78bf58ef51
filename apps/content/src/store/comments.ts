import type { ContentDb, Db, Tx } from './db';
import type { Prisma } from './generated/client';
import type { CommentModel } from './generated/models/Comment';

export type CommentRow = CommentModel;

export function findComment(db: Db, articleId: string, id: string): Promise<CommentRow | null> {
  return db.comment.findFirst({ where: { id, articleId, deletedAt: null } });
}

/** The comment by id, deleted or not. */
export function commentById(db: Db, id: string): Promise<CommentRow | null> {
  return db.comment.findUnique({ where: { id } });
}

export function createComment(db: Db, data: Prisma.CommentUncheckedCreateInput): Promise<CommentRow> {
  return db.comment.create({ data });
}

/**
 * The live comment, share-locked for the rest of the transaction: a reply written under it waits
 * for a concurrent delete of it (which locks its thread FOR UPDATE) and then sees it gone, and the
 * delete that comes second sees the reply and leaves a placeholder.
 */
export async function lockParentComment(tx: Tx, articleId: string, id: string): Promise<CommentRow | null> {
  const locked = await tx.$queryRaw<Array<{ id: string }>>`SELECT id FROM comment WHERE id = ${id}::uuid AND article_id = ${articleId}::uuid FOR SHARE`;
  return locked.length > 0 ? findComment(tx, articleId, id) : null;
}

/**
 * Locks the whole thread of the comment (its root and every reply under it) for the rest of the
 * transaction: concurrent replies and deletes in it wait. False when there is no such comment.
 */
export async function lockCommentThread(tx: Tx, id: string): Promise<boolean> {
  const [target] = await tx.$queryRaw<Array<{ root_id: string }>>`SELECT root_id FROM comment WHERE id = ${id}::uuid`;
  if (!target) return false;
  await tx.$queryRaw`SELECT id FROM comment WHERE root_id = ${target.root_id}::uuid FOR UPDATE`;
  return true;
}

/** A page of an article's top-level comments and every live reply under them. */
export async function queryThreads(
  db: ContentDb,
  q: { articleId: string; direction: 'asc' | 'desc'; skip: number; take: number },
): Promise<{ roots: CommentRow[]; replies: CommentRow[]; total: number }> {
  const where = { articleId: q.articleId, depth: 0, deletedAt: null };
  const [roots, total] = await db.$transaction([
    db.comment.findMany({ where, orderBy: [{ createdAt: q.direction }, { id: q.direction }], skip: q.skip, take: q.take }),
    db.comment.count({ where }),
  ]);
  const replies =
    roots.length === 0
      ? []
      : await db.comment.findMany({
          where: { rootId: { in: roots.map((r) => r.id) }, depth: { gt: 0 }, deletedAt: null },
          orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
        });
  return { roots, replies, total };
}

export function liveReplyCount(db: Db, id: string): Promise<number> {
  return db.comment.count({ where: { parentId: id, deletedAt: null } });
}

/** Leaves the comment as a placeholder (removed_at set, content emptied): its replies keep their place. */
export async function leavePlaceholder(tx: Tx, id: string, now: Date): Promise<void> {
  await tx.comment.update({ where: { id }, data: { removedAt: now, content: '' } });
}

/** Deletes the comment (deleted_at set); removed_at keeps the moment it became a placeholder, if it was one. */
export async function deleteComment(tx: Tx, id: string, now: Date, removedAt: Date | null): Promise<void> {
  await tx.comment.update({ where: { id }, data: { deletedAt: now, removedAt: removedAt ?? now } });
}

/** Deletes every live comment of the article (deleted_at set). */
export async function deleteArticleComments(db: Db, articleId: string, now: Date): Promise<void> {
  await db.comment.updateMany({ where: { articleId, deletedAt: null }, data: { deletedAt: now } });
}
