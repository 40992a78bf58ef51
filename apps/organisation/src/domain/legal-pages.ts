import { sanitiseHtml } from '@platform/html';

/** The three legal pages of spec section 2, by their field names. */
export const LEGAL_PAGES = ['termsOfService', 'privacyPolicy', 'cookiePolicy'] as const;
export type LegalPage = (typeof LEGAL_PAGES)[number];
export type LegalPagesValues = Record<LegalPage, string>;

/** The largest page accepted, in bytes of UTF-8 as sent (before sanitising): 200 KB. */
export const LEGAL_PAGE_MAX_BYTES = 200 * 1024;

export const EMPTY_LEGAL_PAGES: Readonly<LegalPagesValues> = Object.freeze({ termsOfService: '', privacyPolicy: '', cookiePolicy: '' });

/** A legal page's HTML made safe to show (the platform's LEGAL allow-list, @platform/html), trimmed. */
export const sanitiseLegalHtml = (html: string): string => sanitiseHtml(html, 'LEGAL');

/** The pages over LEGAL_PAGE_MAX_BYTES, in the order of LEGAL_PAGES. */
export function oversizePages(pages: Partial<LegalPagesValues>): LegalPage[] {
  return LEGAL_PAGES.filter((page) => {
    const html = pages[page];
    // A UTF-8 byte is at most one UTF-16 unit, and a unit at most 3 bytes: count only when it could matter.
    return html !== undefined && html.length * 3 > LEGAL_PAGE_MAX_BYTES && Buffer.byteLength(html, 'utf8') > LEGAL_PAGE_MAX_BYTES;
  });
}
