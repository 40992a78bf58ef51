/**
 * A small bounded cache of looked-up values: each entry lives `ttlMs` (`negativeTtlMs` for an
 * undefined answer, so a host that names nothing is asked again sooner), the oldest entry goes when
 * it is full, and concurrent misses of one key share a single lookup. A failed lookup is not kept.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V | undefined; expiresAt: number }>();
  private readonly pending = new Map<string, Promise<V | undefined>>();

  constructor(private readonly options: { ttlMs: number; negativeTtlMs: number; maxEntries: number; now?: () => number }) {}

  async get(key: string, load: () => Promise<V | undefined>): Promise<V | undefined> {
    const now = this.now();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > now) return hit.value;
    if (hit) this.entries.delete(key);
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight;
    const loading = load()
      .then((value) => {
        this.store(key, value);
        return value;
      })
      .finally(() => this.pending.delete(key));
    this.pending.set(key, loading);
    return loading;
  }

  get size(): number {
    return this.entries.size;
  }

  private store(key: string, value: V | undefined): void {
    if (this.entries.size >= this.options.maxEntries) {
      // Maps keep insertion order: the first key is the oldest entry.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    const ttl = value === undefined ? this.options.negativeTtlMs : this.options.ttlMs;
    this.entries.set(key, { value, expiresAt: this.now() + ttl });
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }
}
