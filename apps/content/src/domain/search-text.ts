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
