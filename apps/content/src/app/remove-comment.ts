import type { ContentDeps } from '../deps';
import { commentById, deleteComment, leavePlaceholder, liveReplyCount, lockCommentThread } from '../store/comments';

/**
 * Deletes a comment: with live replies it stays as a placeholder (removed_at set, shown without
 * content or author) so the thread keeps its shape; without, it goes (deleted_at), and so does
 * each placeholder above it left without replies.
 */
export function removeComment(deps: ContentDeps, commentId: string): Promise<void> {
  return deps.db.$transaction(async (tx) => {
    const now = deps.now();
    // Lock the thread: concurrent replies and deletes in it wait for this one.
    if (!(await lockCommentThread(tx, commentId))) return;
    let id: string | null = commentId;
    let first = true;
    while (id) {
      const row: { deletedAt: Date | null; removedAt: Date | null; parentId: string | null } | null = await commentById(tx, id);
      if (!row || row.deletedAt) return;
      if (!first && !row.removedAt) return; // a live parent stays
      const replies = await liveReplyCount(tx, id);
      if (replies > 0) {
        if (first) await leavePlaceholder(tx, id, now);
        return;
      }
      await deleteComment(tx, id, now, row.removedAt);
      id = row.parentId;
      first = false;
    }
  });
}
