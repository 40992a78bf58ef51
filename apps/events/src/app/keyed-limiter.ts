/**
 * At most `limit` pieces of work at a time per key (an event id) in this process; the rest wait in
 * memory and start in arrival order as places free up.
 *
 * Registrations for one event are taken one at a time anyway: each locks the event row. Letting a
 * burst (a thousand members at the opening of registrations) all into the database would park
 * every pooled connection on that lock, starve the service's other calls, and let transactions
 * time out while they wait. A few at a time keep the lock busy (the next one is already waiting on
 * it when the current one commits) while the others wait here, outside any transaction. The row
 * lock still makes capacity exact across replicas; this only spares the pool.
 */
export class KeyedLimiter {
  private readonly lanes = new Map<string, { running: number; waiting: Array<() => void> }>();

  constructor(private readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new Error('the limit must be a whole number of at least 1');
  }

  async run<T>(key: string, work: () => Promise<T>): Promise<T> {
    let lane = this.lanes.get(key);
    if (!lane) {
      lane = { running: 0, waiting: [] };
      this.lanes.set(key, lane);
    }
    if (lane.running < this.limit) lane.running += 1;
    else {
      const queued = lane;
      await new Promise<void>((resolve) => queued.waiting.push(resolve)); // the finishing one hands its place over
    }
    try {
      return await work();
    } finally {
      const next = lane.waiting.shift();
      if (next) next();
      else {
        lane.running -= 1;
        if (lane.running === 0) this.lanes.delete(key);
      }
    }
  }

  /** Keys with work running or waiting (for tests). */
  get size(): number {
    return this.lanes.size;
  }
}
