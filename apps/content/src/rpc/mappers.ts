import type { contentV1 } from '@platform/proto';
import type { ContentBlock } from '../domain/article-content';
import { isVisible, type ArticleStatus } from '../domain/article-state';
import type { ArticleRow } from '../store/articles';

const blocksOf = (json: unknown): ContentBlock[] => (Array.isArray(json) ? (json as ContentBlock[]) : []);

/** An article row as the API shows it (`visible` by the clock given). */
export function toArticleMessage(row: ArticleRow, now: Date, viewCount: bigint = row.viewCount): contentV1.Article {
  return {
    id: row.id,
    organizationId: row.organizationId,
    title: row.title,
    content: row.content,
    contentBlocks: blocksOf(row.contentBlocks),
    excerpt: row.excerpt,
    coverImageUrl: row.coverImageUrl,
    membersOnly: row.membersOnly,
    tags: row.tags,
    scheduledAt: row.scheduledAt ?? undefined,
    status: row.status,
    publishedAt: row.publishedAt ?? undefined,
    viewCount: viewCount.toString(),
    slug: row.slug ?? '',
    category: row.category,
    authorName: row.authorName,
    authorEmail: row.authorEmail,
    featuredImageUrl: row.featuredImageUrl,
    sourceCreatedAt: row.sourceCreatedAt ?? undefined,
    sourceUpdatedAt: row.sourceUpdatedAt ?? undefined,
    externalId: row.externalId ?? '',
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    visible: isVisible({ status: row.status as ArticleStatus, publishedAt: row.publishedAt }, now),
  };
}
