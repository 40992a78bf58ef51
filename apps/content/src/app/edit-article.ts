import type { ContentDeps } from '../deps';
import { deriveContent, excerptAfterUpdate, normaliseTags, titleSearch } from '../domain/article-fields';
import { isRefusal, reschedule, type Announcement, type ArticleStatus } from '../domain/article-state';
import { articleNotFound, stateConflict } from '../domain/errors';
import { lockArticle, updateArticle, type ArticleRow } from '../store/articles';
import type { Prisma } from '../store/generated/client';

/** An administrator's edit of an article: each field given is set, the others stay. */
export interface ArticleEdit {
  organizationId: string;
  articleId: string;
  title?: string;
  content?: string;
  excerpt?: string;
  coverImageUrl?: string;
  membersOnly?: boolean;
  tags?: string[];
  scheduledAt?: Date;
  clearScheduledAt?: boolean;
  slug?: string;
  category?: string;
  authorName?: string;
  authorEmail?: string;
  featuredImageUrl?: string;
}

/**
 * Edits the article with it locked: content and excerpt derived again as needed, a new schedule
 * checked by the state table (domain/article-state.ts). Answers the article as edited.
 */
export function editArticle(deps: ContentDeps, input: ArticleEdit, now: Date): Promise<ArticleRow> {
  return deps.db.$transaction(async (tx) => {
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
    return updateArticle(tx, current.id, data);
  });
}
