import type { ContentDb, Db } from './db';
import type { CommentModel } from './generated/models/Comment';

export type CommentRow = CommentModel;

export function findComment(db: Db, articleId: string, id: string): Promise<CommentRow | null> {
  return db.comment.findFirst({ where: { id, articleId, deletedAt: null } });
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
