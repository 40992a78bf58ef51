import { parseArticleContent, type ContentBlock } from './article-content';
import { firstWords } from './legacy-blocks';
import { searchForm } from './search-text';

/** Content fields as the database keeps them, derived from what was given. */
export interface DerivedContent {
  content: string;
  contentBlocks: ContentBlock[];
  excerpt: string;
  excerptAuto: boolean;
}

/**
 * Content, its blocks and the excerpt: the given excerpt when not blank, else the first 30 words of
 * the content (kept up to date when the content changes later).
 */
export function deriveContent(source: string, excerpt: string | undefined): DerivedContent {
  const parsed = parseArticleContent(source);
  const given = (excerpt ?? '').trim();
  return { content: parsed.html, contentBlocks: parsed.blocks, excerpt: given || parsed.fallbackExcerpt, excerptAuto: given === '' };
}

/**
 * The excerpt after an update: a non-blank given excerpt is kept as given; a blank one, or a content
 * change while the excerpt was the fallback, makes it the first 30 words of the (new) content.
 */
export function excerptAfterUpdate(
  current: { excerpt: string; excerptAuto: boolean },
  update: { excerpt?: string; contentChanged: boolean },
  contentHtml: string,
): { excerpt: string; excerptAuto: boolean } {
  const given = update.excerpt?.trim();
  if (given) return { excerpt: given, excerptAuto: false };
  if (given !== undefined || (update.contentChanged && current.excerptAuto)) return { excerpt: firstWords(contentHtml), excerptAuto: true };
  return { excerpt: current.excerpt, excerptAuto: current.excerptAuto };
}

export const titleSearch = (title: string): string => searchForm(title);

/** Tags as stored: trimmed, blank ones dropped, each once (first spelling kept). */
export function normaliseTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim();
    if (tag && !seen.has(tag.toLowerCase())) {
      seen.add(tag.toLowerCase());
      out.push(tag);
    }
  }
  return out;
}
