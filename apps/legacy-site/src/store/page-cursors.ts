/**
 * Remembers the last id of recently served sync pages, so that the next page of the same pull
 * (same entity, `since` and `per_page`) continues after that id instead of skipping `offset` rows:
 * each page then costs the same however deep the pull is. Without a remembered page (another
 * process, a restart, a page asked out of order) the plain OFFSET query gives the same rows.
 *
 * The total of the previous page is reused while nothing was written through this process since; a
 * write elsewhere (another process on the same schema) shows in the total of a new pull.
 *
 * It also keeps a pull stable: a record that enters a `since` selection during the pull, with an id
 * below the pages already served, no longer shifts the later pages by one (it is returned by the next
 * sync, whose `since` is at or before its change).
 */
export interface PageCursor {
  lastId: number;
  /** The total counted for that page, valid while no write has happened since (same generation). */
  total: number;
  generation: number;
}

export class PageCursors {
  private readonly entries = new Map<string, PageCursor & { at: number }>();
  /** Bumped by every write through this process: a remembered total is reused only within one generation. */
  private generation = 0;

  constructor(
    private readonly maxEntries = 2000,
    private readonly ttlMs = 10 * 60_000,
  ) {}

  private key(scope: string, since: Date | undefined, perPage: number, page: number): string {
    return `${scope}|${since ? since.getTime() : ''}|${perPage}|${page}`;
  }

  /** The page before `page` of the same pull, if it was served recently. */
  before(scope: string, since: Date | undefined, perPage: number, page: number): PageCursor | undefined {
    if (page <= 1) return undefined;
    const k = this.key(scope, since, perPage, page - 1);
    const entry = this.entries.get(k);
    if (!entry) return undefined;
    if (Date.now() - entry.at > this.ttlMs) {
      this.entries.delete(k);
      return undefined;
    }
    return entry;
  }

  /** The total remembered with a cursor, when no write has happened since it was counted. */
  totalOf(cursor: PageCursor | undefined): number | undefined {
    return cursor && cursor.generation === this.generation ? cursor.total : undefined;
  }

  /** Marks a write: remembered totals may be stale from now on. */
  touched(): void {
    this.generation += 1;
  }

  /** Records the last id and the total of a full page. */
  remember(scope: string, since: Date | undefined, perPage: number, page: number, lastId: number, total: number): void {
    const k = this.key(scope, since, perPage, page);
    this.entries.delete(k);
    this.entries.set(k, { lastId, total, generation: this.generation, at: Date.now() });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }

  /** Forgets every remembered page (after a bulk load replaced the rows). */
  clear(): void {
    this.entries.clear();
    this.generation += 1;
  }
}
