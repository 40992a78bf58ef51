import { backoffDelay } from '../backoff';

/**
 * Outbox rows whose publication failed while others in their batch went through (a subject no stream
 * takes, a payload over the server's limit…) are left out of the next batches for a growing while,
 * so that a handful of them can never hold up the rest of the outbox. Held in memory only: the rows
 * stay in the table, and a restart simply retries them.
 */
export class RetryQuarantine {
  private readonly entries = new Map<string, { attempts: number; until: number }>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly delay = { baseMs: 1000, maxMs: 60_000 },
    private readonly capacity = 10_000,
  ) {}

  hold(id: string): void {
    const attempts = (this.entries.get(id)?.attempts ?? 0) + 1;
    if (!this.entries.has(id) && this.entries.size >= this.capacity) return;
    this.entries.set(id, { attempts, until: this.now() + backoffDelay(attempts, this.delay) });
  }

  /** How often the row was held so far (0 when never). */
  attempts(id: string): number {
    return this.entries.get(id)?.attempts ?? 0;
  }

  release(id: string): void {
    this.entries.delete(id);
  }

  /** Ids to leave out of the next batch; forgets entries whose time is up, but keeps their count. */
  held(): string[] {
    const now = this.now();
    const ids: string[] = [];
    for (const [id, entry] of this.entries) {
      if (entry.until > now) ids.push(id);
      else if (entry.until + this.delay.maxMs * 10 < now) this.entries.delete(id);
    }
    return ids;
  }
}
