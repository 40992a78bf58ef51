import { randomUUID } from 'node:crypto';
import { PlatformError } from '@platform/errors';
import type { ContentDeps } from '../deps';
import { MAX_COMMENT_DEPTH } from '../domain/comment-rules';
import type { ArticleRow } from '../store/articles';
import { createComment, lockParentComment, type CommentRow } from '../store/comments';

/**
 * Writes a comment on the article, or a reply under a live comment of it (the parent share-locked
 * meanwhile, see lockParentComment), at most MAX_COMMENT_DEPTH levels deep.
 */
export function writeComment(
  deps: Pick<ContentDeps, 'db' | 'now'>,
  article: Pick<ArticleRow, 'id' | 'organizationId'>,
  comment: { parentCommentId?: string; authorId: string; authorName: string; content: string },
): Promise<CommentRow> {
  const id = randomUUID();
  return deps.db.$transaction(async (tx) => {
    let parent: CommentRow | null = null;
    if (comment.parentCommentId) {
      parent = await lockParentComment(tx, article.id, comment.parentCommentId);
      if (!parent) throw PlatformError.validation([{ field: 'parentCommentId', message: 'is not a comment of this article' }]);
      if (parent.removedAt) throw PlatformError.validation([{ field: 'parentCommentId', message: 'is a deleted comment' }]);
      if (parent.depth >= MAX_COMMENT_DEPTH) {
        throw PlatformError.validation([{ field: 'parentCommentId', message: `replies nest at most ${MAX_COMMENT_DEPTH} levels deep` }]);
      }
    }
    return createComment(tx, {
      id,
      organizationId: article.organizationId,
      articleId: article.id,
      parentId: parent?.id ?? null,
      rootId: parent?.rootId ?? id,
      depth: parent ? parent.depth + 1 : 0,
      authorId: comment.authorId,
      authorName: comment.authorName,
      content: comment.content,
      createdAt: deps.now(),
    });
  });
}
