/** Text as the searches compare it: accents removed (NFD, combining marks dropped), lower case, spaces collapsed. */
export function searchForm(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** The words of a search term, in search form; each must occur in the searched text. */
export function searchWords(term: string): string[] {
  return searchForm(term).split(' ').filter(Boolean).slice(0, 10);
}

/**
 * A word for Prisma's `contains` (which is LIKE '%…%' and escapes nothing): LIKE's wildcards and
 * its escape character made literal, so a search for "100%" or "a_b" finds only those characters.
 */
export function likeLiteral(word: string): string {
  return word.replace(/[\\%_]/g, (c) => `\\${c}`);
}
