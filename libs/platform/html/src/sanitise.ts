import sanitizeHtml from 'sanitize-html';
import { HTML_POLICIES, type HtmlPolicy } from './policies';

/** HTML made safe to show under one of the platform's allow-lists (see policies.ts), trimmed. */
export function sanitiseHtml(html: string, policy: HtmlPolicy): string {
  return sanitizeHtml(html, HTML_POLICIES[policy]).trim();
}

/** Plain text from user input (comments): every tag removed, entities decoded, whitespace kept. */
export function plainText(input: string): string {
  const text = sanitizeHtml(input, { allowedTags: [], allowedAttributes: {}, disallowedTagsMode: 'discard' });
  return decodeBasicEntities(text);
}

/** sanitize-html escapes &, <, > and " in text; plain text keeps the characters themselves. */
function decodeBasicEntities(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

const DOCTYPE = /^\s*<!doctype\s+html\s*>/i;

/**
 * An email body under the EMAIL allow-list. sanitize-html drops document type declarations, so an
 * HTML5 `<!DOCTYPE html>` at the start (the only one mail clients need) is kept as written first.
 */
export function sanitiseEmailHtml(html: string): string {
  const clean = sanitiseHtml(html, 'EMAIL');
  return DOCTYPE.test(html) ? `<!DOCTYPE html>\n${clean}` : clean;
}
