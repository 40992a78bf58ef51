import type { ContentDeps } from '../deps';

/**
 * Deletes a comment: with live replies it stays as a placeholder (removed_at set, shown without
 * content or author) so the thread keeps its shape; without, it goes (deleted_at), and so does
 * each placeholder above it left without replies.
 */
export function removeComment(deps: ContentDeps, commentId: string): Promise<void> {
  return deps.db.$transaction(async (tx) => {
    const now = deps.now();
    // Lock the thread: concurrent replies and deletes in it wait for this one.
    const [target] = await tx.$queryRaw<Array<{ root_id: string }>>`SELECT root_id FROM comment WHERE id = ${commentId}::uuid`;
    if (!target) return;
    await tx.$queryRaw`SELECT id FROM comment WHERE root_id = ${target.root_id}::uuid FOR UPDATE`;
    let id: string | null = commentId;
    let first = true;
    while (id) {
      const row: { deletedAt: Date | null; removedAt: Date | null; parentId: string | null } | null = await tx.comment.findUnique({ where: { id } });
      if (!row || row.deletedAt) return;
      if (!first && !row.removedAt) return; // a live parent stays
      const replies = await tx.comment.count({ where: { parentId: id, deletedAt: null } });
      if (replies > 0) {
        if (first) await tx.comment.update({ where: { id }, data: { removedAt: now, content: '' } });
        return;
      }
      await tx.comment.update({ where: { id }, data: { deletedAt: now, removedAt: row.removedAt ?? now } });
      id = row.parentId;
      first = false;
    }
  });
}
