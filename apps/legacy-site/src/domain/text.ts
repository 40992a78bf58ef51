/** Text helpers for CMS HTML: plain text and the excerpt fallback. */

import { decodeHTMLStrict } from 'entities';

/** The text of an HTML fragment: comments (block delimiters included) and tags removed, entities decoded, whitespace collapsed. */
export function plainText(html: string): string {
  return decodeHTMLStrict(
    html
      .replace(/<!--[\s\S]*?(?:-->|$)/g, ' ')
      .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
      .replace(/<[^>]*>/g, ' '),
  )
    .replace(/[\s\u00a0]+/g, ' ')
    .trim();
}

export function firstWords(text: string, count: number): string {
  return text.split(' ').filter(Boolean).slice(0, count).join(' ');
}

/** The excerpt, or when empty the first 30 words of the content (the rule the connector applies too). */
export function excerptOrFallback(excerpt: string, contentHtml: string, words = 30): string {
  return excerpt.trim() !== '' ? excerpt : firstWords(plainText(contentHtml), words);
}
