export function slugify(text: string): string {
  const slug = text
    .replace(/&[a-z]+;|&#\d+;/gi, ' ')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'untitled';
}

/** Slugs unique per post type, as the CMS makes them (`name`, `name-2`, …). */
export class SlugRegistry {
  private readonly seen = new Map<string, Map<string, number>>();
  take(type: string, base: string): string {
    const perType = this.seen.get(type) ?? new Map<string, number>();
    this.seen.set(type, perType);
    const n = (perType.get(base) ?? 0) + 1;
    perType.set(base, n);
    return n === 1 ? base : `${base}-${n}`;
  }
}
