import { z } from 'zod';
import { isUniqueViolation, pagedEnvelope, parsePageQuery } from '@platform/db';
import { searchTerm, uuid, validate } from '@platform/errors';
import { callerOf, type AsyncService } from '@platform/grpc-server';
import type { contentV1 } from '@platform/proto';
import { changeArticleState } from '../app/change-article-state';
import type { ContentDeps } from '../deps';
import { deriveContent, excerptAfterUpdate, normaliseTags, titleSearch } from '../domain/article-fields';
import { isArticleStatus, isRefusal, isVisible, reschedule, ARTICLE_STATUSES, type Announcement, type ArticleStatus } from '../domain/article-state';
import { articleNotFound, slugTaken, stateConflict } from '../domain/errors';
import { searchWords } from '../domain/search-text';
import { maySee, viewerOf } from '../domain/viewer';
import { ARTICLE_SORT_FIELDS, countView, findArticle, lockArticle, queryArticles, slugInUse } from '../store/articles';
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
        const row = await deps.db.article.create({
          data: {
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
          },
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
      // The common case (a visible article) is one statement: its view counted, the row answered.
      const counted = await countView(deps.db, input.organizationId, input.articleId, now, viewer.guest);
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
        const row = await deps.db.$transaction(async (tx) => {
          const current = await lockArticle(tx, input.organizationId, input.articleId);
          if (!current) throw articleNotFound();
          const data: Prisma.ArticleUpdateInput = {};
          if (input.title !== undefined) Object.assign(data, { title: input.title, titleSearch: titleSearch(input.title) });
          let contentHtml = current.content;
          if (input.content !== undefined) {
            const derived = deriveContent(input.content, undefined);
            contentHtml = derived.content;
            Object.assign(data, { content: derived.content, contentBlocks: derived.contentBlocks as unknown as Prisma.InputJsonValue });
          }
          Object.assign(data, excerptAfterUpdate(current, { excerpt: input.excerpt, contentChanged: input.content !== undefined }, contentHtml));
          if (input.coverImageUrl !== undefined) data.coverImageUrl = input.coverImageUrl;
          if (input.membersOnly !== undefined) data.membersOnly = input.membersOnly;
          if (input.tags !== undefined) data.tags = normaliseTags(input.tags);
          if (input.slug !== undefined) data.slug = input.slug || null;
          if (input.category !== undefined) data.category = input.category;
          if (input.authorName !== undefined) data.authorName = input.authorName;
          if (input.authorEmail !== undefined) data.authorEmail = input.authorEmail;
          if (input.featuredImageUrl !== undefined) data.featuredImageUrl = input.featuredImageUrl;
          if (input.scheduledAt !== undefined || input.clearScheduledAt) {
            const next = reschedule(
              {
                status: current.status as ArticleStatus,
                scheduledAt: current.scheduledAt,
                publishedAt: current.publishedAt,
                announcement: current.announcement as Announcement,
              },
              input.scheduledAt ?? null,
              now,
            );
            if (isRefusal(next)) throw stateConflict(next.refused);
            Object.assign(data, { scheduledAt: next.scheduledAt, publishedAt: next.publishedAt });
          }
          return tx.article.update({ where: { id: current.id }, data });
        });
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
      const deleted = await deps.db.article.updateMany({
        where: { id: input.articleId, organizationId: input.organizationId, deletedAt: null },
        data: { deletedAt: now },
      });
      if (deleted.count === 0) throw articleNotFound();
      await deps.db.comment.updateMany({ where: { articleId: input.articleId, deletedAt: null }, data: { deletedAt: now } });
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
