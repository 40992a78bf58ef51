import { z } from 'zod';
import { isUniqueViolation, pagedEnvelope, parsePageQuery } from '@platform/db';
import { searchTerm, uuid, validate } from '@platform/errors';
import { callerOf, type AsyncService } from '@platform/grpc-server';
import type { contentV1 } from '@platform/proto';
import { changeArticleState } from '../app/change-article-state';
import { ViewCounter } from '../app/count-views';
import { editArticle } from '../app/edit-article';
import type { ContentDeps } from '../deps';
import { deriveContent, normaliseTags, titleSearch } from '../domain/article-fields';
import { isArticleStatus, isVisible, ARTICLE_STATUSES, type ArticleStatus } from '../domain/article-state';
import { articleNotFound, slugTaken } from '../domain/errors';
import { searchWords } from '../domain/search-text';
import { maySee, viewerOf } from '../domain/viewer';
import { ARTICLE_SORT_FIELDS, createArticle, findArticle, queryArticles, slugInUse, softDeleteArticle } from '../store/articles';
import { deleteArticleComments } from '../store/comments';
import type { Prisma } from '../store/generated/client';
import { articleContent, excerpt, futureDate, httpUrl, optionalEmail, shortText, slug, tags, title } from './inputs';
import { toArticleMessage } from './mappers';

type ArticleHandlers = Pick<
  AsyncService<contentV1.ContentServiceServer>,
  'createArticle' | 'listArticles' | 'getArticle' | 'updateArticle' | 'deleteArticle' | 'publishArticle' | 'archiveArticle' | 'unarchiveArticle'
>;

const ids = z.object({ organizationId: uuid, articleId: uuid });
const statusFilter = z.string().refine((value) => value === '' || isArticleStatus(value), `must be one of ${ARTICLE_STATUSES.join(', ')}`);

export function articleHandlers(deps: ContentDeps): ArticleHandlers {
  const views = new ViewCounter(deps.db);
  const createInput = z.object({
    organizationId: uuid,
    title,
    content: articleContent,
    excerpt,
    coverImageUrl: httpUrl,
    membersOnly: z.boolean(),
    tags,
    scheduledAt: futureDate(deps.now).optional(),
    slug,
    category: shortText(100),
    authorName: shortText(200),
    authorEmail: optionalEmail,
    featuredImageUrl: httpUrl,
  });
  const updateInput = z
    .object({
      organizationId: uuid,
      articleId: uuid,
      title: title.optional(),
      content: articleContent.optional(),
      excerpt: excerpt.optional(),
      coverImageUrl: httpUrl.optional(),
      membersOnly: z.boolean().optional(),
      tags: z
        .array(z.string({ error: 'must be a string' }).pipe(z.string().trim().min(1, 'must not be blank').max(50)))
        .max(20)
        .optional(),
      scheduledAt: futureDate(deps.now).optional(),
      clearScheduledAt: z.boolean().optional(),
      slug: slug.optional(),
      category: shortText(100).optional(),
      authorName: shortText(200).optional(),
      authorEmail: optionalEmail.optional(),
      featuredImageUrl: httpUrl.optional(),
    })
    .refine((input) => !(input.clearScheduledAt && input.scheduledAt), { path: ['clearScheduledAt'], message: 'cannot be sent together with scheduledAt' });
  const listInput = z.object({
    organizationId: uuid,
    status: statusFilter,
    tag: z.string().trim().max(50, 'must be at most 50 characters'),
    search: searchTerm,
  });

  const assertSlugFree = async (organizationId: string, value: string, exceptId?: string) => {
    if (value && (await slugInUse(deps.db, organizationId, value, exceptId))) throw slugTaken();
  };

  return {
    async createArticle(request, ctx) {
      const input = validate(createInput, request);
      const caller = callerOf(ctx);
      await assertSlugFree(input.organizationId, input.slug);
      const derived = deriveContent(input.content, input.excerpt);
      try {
        const row = await createArticle(deps.db, {
          organizationId: input.organizationId,
          title: input.title,
          titleSearch: titleSearch(input.title),
          ...derived,
          contentBlocks: derived.contentBlocks as unknown as Prisma.InputJsonValue,
          coverImageUrl: input.coverImageUrl,
          membersOnly: input.membersOnly,
          tags: normaliseTags(input.tags),
          scheduledAt: input.scheduledAt ?? null,
          slug: input.slug || null,
          category: input.category,
          authorName: input.authorName,
          authorEmail: input.authorEmail,
          featuredImageUrl: input.featuredImageUrl,
          createdBy: caller.sub,
        });
        ctx.logger.info({ articleId: row.id, organizationId: row.organizationId }, 'article created');
        return toArticleMessage(row, deps.now());
      } catch (err) {
        if (isUniqueViolation(err)) throw slugTaken();
        throw err;
      }
    },

    async listArticles(request, ctx) {
      const input = validate(listInput, request);
      const viewer = viewerOf(callerOf(ctx));
      const page = parsePageQuery(request, { sortable: ARTICLE_SORT_FIELDS, defaultSort: { field: 'publishedAt', direction: 'desc' } });
      const now = deps.now();
      const { rows, total } = await queryArticles(deps.db, {
        organizationId: input.organizationId,
        status: input.status || undefined,
        membersOnly: request.membersOnly,
        tag: input.tag || undefined,
        words: searchWords(input.search),
        visibleOnly: !viewer.manager,
        excludeMembersOnly: viewer.guest,
        now,
        sort: page.sort,
        skip: page.skip,
        take: page.take,
      });
      return pagedEnvelope(
        rows.map((row) => toArticleMessage(row, now)),
        total,
        page,
      );
    },

    async getArticle(request, ctx) {
      const input = validate(ids, request);
      const viewer = viewerOf(callerOf(ctx));
      const now = deps.now();
      // The common case (a visible article) is one statement: its view counted, the row answered
      // (shared with the fetches of the same article at the same moment: app/count-views.ts).
      const counted = await views.count(input.organizationId, input.articleId, now, viewer.guest);
      if (counted) return toArticleMessage(counted, now);
      // Not counted: missing, or not visible to this reader (administrators still see drafts).
      const row = await findArticle(deps.db, input.organizationId, input.articleId);
      if (!row) throw articleNotFound();
      const visible = isVisible({ status: row.status as ArticleStatus, publishedAt: row.publishedAt }, now);
      if (!maySee(viewer, { membersOnly: row.membersOnly, visible })) throw articleNotFound();
      return toArticleMessage(row, now);
    },

    async updateArticle(request, ctx) {
      const input = validate(updateInput, { ...request, tags: request.tags });
      if (input.slug !== undefined) await assertSlugFree(input.organizationId, input.slug, input.articleId);
      const now = deps.now();
      try {
        const row = await editArticle(deps, input, now);
        ctx.logger.info({ articleId: row.id }, 'article updated');
        return toArticleMessage(row, now);
      } catch (err) {
        if (isUniqueViolation(err)) throw slugTaken();
        throw err;
      }
    },

    async deleteArticle(request, ctx) {
      const input = validate(ids, request);
      const now = deps.now();
      if (!(await softDeleteArticle(deps.db, input.organizationId, input.articleId, now))) throw articleNotFound();
      await deleteArticleComments(deps.db, input.articleId, now);
      ctx.logger.info({ articleId: input.articleId }, 'article deleted');
      return {};
    },

    async publishArticle(request, ctx) {
      const input = validate(ids, request);
      return toArticleMessage(await changeArticleState(deps, input.organizationId, input.articleId, 'publish', callerOf(ctx).sub), deps.now());
    },

    async archiveArticle(request, ctx) {
      const input = validate(ids, request);
      return toArticleMessage(await changeArticleState(deps, input.organizationId, input.articleId, 'archive', callerOf(ctx).sub), deps.now());
    },

    async unarchiveArticle(request, ctx) {
      const input = validate(ids, request);
      return toArticleMessage(await changeArticleState(deps, input.organizationId, input.articleId, 'unarchive', callerOf(ctx).sub), deps.now());
    },
  };
}
