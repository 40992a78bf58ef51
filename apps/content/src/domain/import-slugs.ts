/**
 * The slugs of one import batch as its records are written, in the batch's order: a slug another
 * live article holds (before the batch, or since an earlier record of it) is made unique with the
 * record's external id. Starts from the holders of every slug the batch asks for, read at once, so
 * the batch needs no query per record.
 */
export class BatchSlugs {
  /** @param holders the live article holding each slug the batch asks for */
  constructor(private readonly holders: Map<string, string>) {}

  /** The slug the record `externalId` gets for its article (`id`; undefined for a new one). */
  slugFor(slug: string, id: string | undefined, externalId: string): string {
    const holder = this.holders.get(slug);
    return holder !== undefined && holder !== id ? `${slug}-${externalId}` : slug;
  }

  /** The article `id` is written with the slug `next` in place of `previous`. */
  moved(id: string, previous: string | null, next: string | null): void {
    if (previous !== null && this.holders.get(previous) === id) this.holders.delete(previous);
    if (next !== null) this.holders.set(next, id);
  }
}
