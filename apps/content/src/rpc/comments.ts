import { z } from 'zod';
import { pagedEnvelope, parsePageQuery } from '@platform/db';
import { optionalUuid, PlatformError, uuid, validate } from '@platform/errors';
import { callerOf, type AsyncService } from '@platform/grpc-server';
import type { contentV1 } from '@platform/proto';
import { removeComment } from '../app/remove-comment';
import { writeComment } from '../app/write-comment';
import type { ContentDeps } from '../deps';
import { isVisible, type ArticleStatus } from '../domain/article-state';
import { commentText, threadTree, type CommentNode } from '../domain/comment-rules';
import { articleNotFound, commentNotFound } from '../domain/errors';
import { maySee, viewerOf, type Viewer } from '../domain/viewer';
import { findArticle, type ArticleRow } from '../store/articles';
import { findComment, queryThreads, type CommentRow } from '../store/comments';

type CommentHandlers = Pick<AsyncService<contentV1.ContentServiceServer>, 'createComment' | 'listComments' | 'deleteComment'>;

const createInput = z.object({
  organizationId: uuid,
  articleId: uuid,
  content: z.string().max(20_000, 'must be at most 2000 characters'),
  parentCommentId: optionalUuid,
});
const listInput = z.object({ organizationId: uuid, articleId: uuid });
const deleteInput = z.object({ organizationId: uuid, articleId: uuid, commentId: uuid });

function toCommentMessage(node: CommentNode<CommentRow>): contentV1.Comment {
  const { row } = node;
  const removed = row.removedAt !== null;
  return {
    id: row.id,
    articleId: row.articleId,
    parentCommentId: row.parentId ?? undefined,
    content: removed ? '' : row.content,
    authorId: removed ? undefined : row.authorId,
    authorName: removed ? '' : row.authorName,
    deleted: removed,
    depth: row.depth,
    createdAt: row.createdAt,
    replies: node.replies.map(toCommentMessage),
  };
}

export function commentHandlers(deps: ContentDeps): CommentHandlers {
  /** The article when the viewer may see it (else 404, as for a missing one). */
  const seenArticle = async (viewer: Viewer, organizationId: string, articleId: string): Promise<{ article: ArticleRow; visible: boolean }> => {
    const article = await findArticle(deps.db, organizationId, articleId);
    if (!article) throw articleNotFound();
    const visible = isVisible({ status: article.status as ArticleStatus, publishedAt: article.publishedAt }, deps.now());
    if (!maySee(viewer, { membersOnly: article.membersOnly, visible })) throw articleNotFound();
    return { article, visible };
  };

  return {
    async createComment(request, ctx) {
      const input = validate(createInput, request);
      const text = commentText(input.content);
      if ('problem' in text) throw PlatformError.validation([{ field: 'content', message: text.problem }], `Invalid content`);
      const viewer = viewerOf(callerOf(ctx));
      const { article, visible } = await seenArticle(viewer, input.organizationId, input.articleId);
      if (!visible) throw PlatformError.conflict('Comments are open on published articles once they are visible');
      const row = await writeComment(deps, article, {
        parentCommentId: input.parentCommentId,
        authorId: viewer.id,
        authorName: viewer.name,
        content: text.text,
      });
      return toCommentMessage({ row, replies: [] });
    },

    async listComments(request, ctx) {
      const input = validate(listInput, request);
      const page = parsePageQuery(request, { sortable: ['createdAt'] as const, defaultSort: { field: 'createdAt', direction: 'asc' } });
      const { article } = await seenArticle(viewerOf(callerOf(ctx)), input.organizationId, input.articleId);
      const { roots, replies, total } = await queryThreads(deps.db, {
        articleId: article.id,
        direction: page.sort.direction,
        skip: page.skip,
        take: page.take,
      });
      return pagedEnvelope(threadTree(roots, replies).map(toCommentMessage), total, page);
    },

    async deleteComment(request, ctx) {
      const input = validate(deleteInput, request);
      const viewer = viewerOf(callerOf(ctx));
      const { article } = await seenArticle(viewer, input.organizationId, input.articleId);
      const comment = await findComment(deps.db, article.id, input.commentId);
      if (!comment || comment.removedAt) throw commentNotFound();
      if (!viewer.moderator && comment.authorId !== viewer.id) throw PlatformError.forbidden('Only an administrator or the author can delete this comment');
      await removeComment(deps, comment.id);
      ctx.logger.info({ commentId: comment.id, articleId: article.id }, 'comment deleted');
      return {};
    },
  };
}
