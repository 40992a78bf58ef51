/** Text helpers for CMS HTML: entity decoding and the excerpt fallback. */

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  hellip: '…',
  ndash: '–',
  mdash: '—',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  copy: '©',
  reg: '®',
  trade: '™',
  eacute: 'é',
};

/** Decodes named, decimal and hex HTML entities; unknown names are left as written. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? whole;
  });
}

/** The text of an HTML fragment: comments (block delimiters included) and tags removed, entities decoded, whitespace collapsed. */
export function plainText(html: string): string {
  return decodeEntities(
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
