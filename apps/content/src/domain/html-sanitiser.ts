import sanitizeHtml from 'sanitize-html';

/**
 * The HTML an article may keep: sanitize-html's defaults (text, lists, tables, quotes, headings,
 * links) plus images, figures, embeds in https iframes, audio and video. Scripts, event handlers,
 * styles and `javascript:` URLs go.
 */
const ARTICLE_HTML: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'picture', 'source', 'video', 'audio', 'iframe', 'h1', 'h2'],
  allowedAttributes: {
    '*': ['class', 'id', 'title', 'lang', 'dir'],
    a: ['href', 'name', 'target', 'rel'],
    img: ['src', 'srcset', 'sizes', 'alt', 'width', 'height', 'loading'],
    source: ['src', 'srcset', 'type', 'media'],
    video: ['src', 'poster', 'controls', 'width', 'height'],
    audio: ['src', 'controls'],
    iframe: ['src', 'width', 'height', 'allow', 'allowfullscreen', 'frameborder'],
    ol: ['start', 'reversed', 'type'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan', 'scope'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { iframe: ['https'] },
  allowProtocolRelative: false,
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
};

/** Article HTML made safe to show: what ARTICLE_HTML does not allow is removed. */
export function sanitiseArticleHtml(html: string): string {
  return sanitizeHtml(html, ARTICLE_HTML).trim();
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
