import type { components } from '@platform/api-client';

export type Article = components['schemas']['platform.content.v1.Article'];
export type Comment = components['schemas']['platform.content.v1.Comment'];

export const ARTICLE_STATUSES = ['DRAFT', 'PUBLISHED', 'ARCHIVED'] as const;

/** What the article form holds: the API's fields, tags as comma-separated text. */
export interface ArticleFormValues {
  title?: string;
  content?: string;
  excerpt?: string;
  coverImageUrl?: string;
  membersOnly?: boolean;
  tagsText?: string;
  tags?: string[];
  scheduledAt?: string | null;
  category?: string;
}

/**
 * The markup the editor (TipTap's starter kit) writes, every element of it inside the content
 * service's ARTICLE allow-list (libs/platform/html): so what is written is what is kept.
 */
export const EDITOR_TAGS = ['p', 'br', 'strong', 'em', 's', 'u', 'code', 'pre', 'h2', 'h3', 'ul', 'ol', 'li', 'blockquote', 'hr', 'a'] as const;

const tagsOf = (text: string | undefined): string[] => [
  ...new Set(
    (text ?? '')
      .split(',')
      .map((tag) => tag.trim())
      .filter(Boolean),
  ),
];

/** Whether editor HTML has no text at all (`<p></p>`): an article needs some content. */
export function isEmptyEditorHtml(html: string | undefined): boolean {
  return (
    !(html ?? '')
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;/g, ' ')
      .trim() && !/<(img|hr)\b/i.test(html ?? '')
  );
}

/** The record as the form edits it. */
export function articleToForm(article: Article): ArticleFormValues & { id?: string } {
  return { ...article, tagsText: (article.tags ?? []).join(', ') };
}

/**
 * The create body: the editor's HTML as `content`, tags split, `scheduledAt` only when set (the
 * article then becomes visible at that instant once published).
 */
export function formToCreateBody(values: ArticleFormValues) {
  return {
    title: (values.title ?? '').trim(),
    content: values.content ?? '',
    excerpt: (values.excerpt ?? '').trim(),
    coverImageUrl: (values.coverImageUrl ?? '').trim(),
    membersOnly: Boolean(values.membersOnly),
    tags: tagsOf(values.tagsText),
    category: (values.category ?? '').trim(),
    ...(values.scheduledAt ? { scheduledAt: values.scheduledAt } : {}),
  };
}

/**
 * The update body (PUT keeps absent fields): every edited field, and `clearScheduledAt` when a
 * schedule the article had was removed (the API refuses both together).
 */
export function formToUpdateBody(values: ArticleFormValues, previous?: { scheduledAt?: string | null }) {
  const { scheduledAt, ...rest } = formToCreateBody(values);
  if (scheduledAt) return { ...rest, scheduledAt };
  return previous?.scheduledAt ? { ...rest, clearScheduledAt: true } : rest;
}

/** When a published article shows to members: now, or later (scheduled), or not at all. */
export function visibility(article: Pick<Article, 'status' | 'publishedAt' | 'visible'>, now = new Date()): 'draft' | 'scheduled' | 'visible' | 'archived' {
  if (article.status === 'ARCHIVED') return 'archived';
  if (article.status !== 'PUBLISHED') return 'draft';
  if (article.visible) return 'visible';
  return article.publishedAt && new Date(article.publishedAt) > now ? 'scheduled' : 'visible';
}

/** Every comment of a thread in reading order with its depth (a tree flattened for a list). */
export function flattenComments(comments: Comment[] | undefined, depth = 0): Array<Comment & { level: number }> {
  return (comments ?? []).flatMap((c) => [{ ...c, level: depth }, ...flattenComments(c.replies, depth + 1)]);
}
