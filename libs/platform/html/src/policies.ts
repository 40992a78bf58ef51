import sanitizeHtml from 'sanitize-html';

/** Attributes every policy keeps: anchors and styling hooks, language and direction. */
const COMMON_ATTRIBUTES = ['id', 'class', 'title', 'lang', 'dir'];
const TABLE_ATTRIBUTES = {
  ol: ['start', 'reversed', 'type'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan', 'scope'],
};
/** Links may use these schemes; `javascript:`, `data:` and protocol-relative URLs are removed. */
const LINK_SCHEMES = ['http', 'https', 'mailto', 'tel'];
/** Every link opens without handing the opener to the target. */
const SAFE_LINKS = { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) };

/**
 * Legal pages (terms, privacy, cookies): sanitize-html's defaults (text, headings, lists, tables,
 * quotes, links) plus h1, h2 and images. Scripts, styles, forms, iframes, event handlers and
 * `style` attributes are removed.
 */
const LEGAL: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'h1', 'h2', 'img'],
  disallowedTagsMode: 'discard',
  allowedAttributes: {
    '*': COMMON_ATTRIBUTES,
    a: ['href', 'name', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    ...TABLE_ATTRIBUTES,
  },
  allowedSchemes: LINK_SCHEMES,
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  transformTags: SAFE_LINKS,
};

/** Articles and news: what legal pages keep plus responsive images, audio, video and https iframes (embeds). */
const ARTICLE: sanitizeHtml.IOptions = {
  ...LEGAL,
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'picture', 'source', 'video', 'audio', 'iframe', 'h1', 'h2'],
  allowedAttributes: {
    '*': COMMON_ATTRIBUTES,
    a: ['href', 'name', 'target', 'rel'],
    img: ['src', 'srcset', 'sizes', 'alt', 'width', 'height', 'loading'],
    source: ['src', 'srcset', 'type', 'media'],
    video: ['src', 'poster', 'controls', 'width', 'height'],
    audio: ['src', 'controls'],
    iframe: ['src', 'width', 'height', 'allow', 'allowfullscreen', 'frameborder'],
    ...TABLE_ATTRIBUTES,
  },
  allowedSchemesByTag: { iframe: ['https'] },
};

/** A CSS value without anything that loads or runs: no `url(`, `expression(`, `@import`, escapes or `<`. */
const PLAIN_CSS_VALUE = /^(?!.*(?:url\s*\(|expression\s*\(|@import|\\|<|javascript:))[^;{}]*$/i;
/** The properties an email's inline styles may set (what mail clients render), each with a plain value. */
const EMAIL_STYLE_PROPERTIES = [
  'color',
  'background',
  'background-color',
  'font',
  'font-family',
  'font-size',
  'font-style',
  'font-weight',
  'letter-spacing',
  'line-height',
  'text-align',
  'text-decoration',
  'text-transform',
  'vertical-align',
  'white-space',
  'margin',
  'margin-top',
  'margin-right',
  'margin-bottom',
  'margin-left',
  'padding',
  'padding-top',
  'padding-right',
  'padding-bottom',
  'padding-left',
  'border',
  'border-top',
  'border-right',
  'border-bottom',
  'border-left',
  'border-color',
  'border-style',
  'border-width',
  'border-radius',
  'border-collapse',
  'border-spacing',
  'width',
  'max-width',
  'min-width',
  'height',
  'max-height',
  'min-height',
  'display',
];

/**
 * Email bodies: a whole document (html, head, body, title, meta), the article elements that mail
 * clients show (no audio, video or iframes), layout tables with their presentational attributes,
 * and inline `style` limited to EMAIL_STYLE_PROPERTIES with values that load nothing. `<style>`
 * elements, scripts, forms, embeds and event handlers are removed.
 */
const EMAIL: sanitizeHtml.IOptions = {
  ...LEGAL,
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'html', 'head', 'body', 'title', 'meta', 'h1', 'h2', 'img', 'center', 'font'],
  allowedAttributes: {
    '*': [...COMMON_ATTRIBUTES, 'style', 'align', 'valign', 'width', 'height', 'bgcolor'],
    a: ['href', 'name', 'target', 'rel'],
    img: ['src', 'alt', 'border'],
    meta: ['charset', 'name', 'content'],
    table: ['border', 'cellpadding', 'cellspacing', 'role'],
    font: ['color', 'face', 'size'],
    ...TABLE_ATTRIBUTES,
  },
  allowedStyles: { '*': Object.fromEntries(EMAIL_STYLE_PROPERTIES.map((property) => [property, [PLAIN_CSS_VALUE]])) },
  allowedSchemesByTag: { img: ['http', 'https', 'cid'] },
};

export const HTML_POLICIES = { LEGAL, ARTICLE, EMAIL } as const;
export type HtmlPolicy = keyof typeof HTML_POLICIES;
