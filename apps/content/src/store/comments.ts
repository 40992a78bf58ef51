import type { ContentDb, Db, Tx } from './db';
import type { CommentModel } from './generated/models/Comment';

export type CommentRow = CommentModel;

export function findComment(db: Db, articleId: string, id: string): Promise<CommentRow | null> {
  return db.comment.findFirst({ where: { id, articleId, deletedAt: null } });
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
