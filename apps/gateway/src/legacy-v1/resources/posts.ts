import { type MemberRequest, callAsMember, type LegacyAnswer } from '../legacy-context';
import { LegacyError } from '../legacy-error';
import { idParam, legacyList, legacyPaging, platformPage, type PlatformPage, trimmedParam } from '../legacy-params';
import { excerptOf, legacyDate, orNull, slugOf } from '../legacy-values';

export interface PlatformArticle {
  id: string;
  title?: string;
  content?: string;
  excerpt?: string;
  slug?: string;
  status?: string;
  category?: string;
  tags?: string[];
  authorName?: string;
  coverImageUrl?: string;
  featuredImageUrl?: string;
  publishedAt?: string | null;
  createdAt?: string;
  updatedAt?: string;
}

const STATUS: Record<string, string> = { PUBLISHED: 'publish', DRAFT: 'draft', ARCHIVED: 'private' };

const notFound = () => new LegacyError('POST_NOT_FOUND', 'Invalid post ID.');

/** A term as the old app listed categories and tags: the platform keeps names only (no term ids). */
const term = (name: string) => ({ id: null, name, slug: slugOf(name) });

/** A news article in the old app's shape; `content` only for one article, as the site answered. */
export function legacyPost(article: PlatformArticle, withContent: boolean): Record<string, unknown> {
  const post: Record<string, unknown> = {
    id: article.id,
    type: 'post',
    status: STATUS[article.status ?? ''] ?? 'publish',
    title: article.title ?? '',
    slug: orNull(article.slug),
    date: legacyDate(article.publishedAt || article.createdAt),
    modified: legacyDate(article.updatedAt),
    link: null,
    featured_image: orNull(article.featuredImageUrl) ?? orNull(article.coverImageUrl),
    excerpt: excerptOf(article.excerpt, article.content),
    author: article.authorName ? { id: null, name: article.authorName } : null,
    categories: article.category ? [term(article.category)] : [],
    tags: (article.tags ?? []).map(term),
  };
  if (withContent) post['content'] = article.content ?? '';
  return post;
}

/**
 * GET|POST /api/v1/posts: the news list (search, tag, page, per_page) or one article with its content
 * (id; counted as a view, as the platform counts a read). The platform filters neither by category nor
 * by slug: `category` is not applied and a `slug` alone names no article (404).
 */
export async function posts(ctx: MemberRequest): Promise<LegacyAnswer> {
  const base = `/api/orgs/${ctx.org.id}/news`;
  const id = idParam(ctx.params, notFound());
  if (id) {
    const article = await callAsMember<PlatformArticle>(ctx, {
      method: 'GET',
      path: `${base}/${id}`,
      errors: { 404: 'POST_NOT_FOUND', 400: 'POST_NOT_FOUND' },
    });
    return { body: legacyPost(article, true), successor: `${base}/${id}` };
  }
  if (trimmedParam(ctx.params, 'slug') !== undefined) throw notFound();
  const paging = legacyPaging(ctx.params);
  const page = await callAsMember<PlatformPage<PlatformArticle>>(ctx, {
    method: 'GET',
    path: base,
    query: { search: trimmedParam(ctx.params, 'search'), tag: trimmedParam(ctx.params, 'tag'), ...platformPage(paging) },
  });
  return { body: legacyList(page, paging, (article) => legacyPost(article, false)), successor: base };
}
