import sanitizeHtml from 'sanitize-html';

/** The three legal pages of spec section 2, by their field names. */
export const LEGAL_PAGES = ['termsOfService', 'privacyPolicy', 'cookiePolicy'] as const;
export type LegalPage = (typeof LEGAL_PAGES)[number];
export type LegalPagesValues = Record<LegalPage, string>;

/** The largest page accepted, in bytes of UTF-8 as sent (before sanitising): 200 KB. */
export const LEGAL_PAGE_MAX_BYTES = 200 * 1024;

export const EMPTY_LEGAL_PAGES: Readonly<LegalPagesValues> = Object.freeze({ termsOfService: '', privacyPolicy: '', cookiePolicy: '' });

/**
 * What a legal page may keep: sanitize-html's defaults (text, headings, lists, tables, quotes,
 * links) plus h1, h2 and images, with ids and classes for anchors and styling by the app. Scripts,
 * styles, forms, iframes, every event handler and `style` attribute, and any URL that is not
 * http(s), mailto or tel (`javascript:`, `data:`, protocol-relative) are removed.
 */
const LEGAL_HTML: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'h1', 'h2', 'img'],
  disallowedTagsMode: 'discard',
  allowedAttributes: {
    '*': ['id', 'class', 'title', 'lang', 'dir'],
    a: ['href', 'name', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    ol: ['start', 'reversed', 'type'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan', 'scope'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
};

/** A legal page's HTML made safe to show (see LEGAL_HTML), trimmed. */
export function sanitiseLegalHtml(html: string): string {
  return sanitizeHtml(html, LEGAL_HTML).trim();
}

/** The pages over LEGAL_PAGE_MAX_BYTES, in the order of LEGAL_PAGES. */
export function oversizePages(pages: Partial<LegalPagesValues>): LegalPage[] {
  return LEGAL_PAGES.filter((page) => {
    const html = pages[page];
    // A UTF-8 byte is at most one UTF-16 unit, and a unit at most 3 bytes: count only when it could matter.
    return html !== undefined && html.length * 3 > LEGAL_PAGE_MAX_BYTES && Buffer.byteLength(html, 'utf8') > LEGAL_PAGE_MAX_BYTES;
  });
}
