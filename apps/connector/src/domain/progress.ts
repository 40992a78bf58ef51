/** What a job did with one entity type (spec: fetched, created, updated, skipped, conflicts, failed). */
export interface EntityCounts {
  fetched: number;
  created: number;
  updated: number;
  skipped: number;
  conflicts: number;
  failed: number;
  done: boolean;
}

export type Progress = Record<string, EntityCounts>;

/** The actions of a sync log line (spec 2 Sync log). */
export const LOG_ACTIONS = ['CREATE', 'UPDATE', 'SKIP', 'CONFLICT', 'FAILED'] as const;
export type LogAction = (typeof LOG_ACTIONS)[number];

export const emptyCounts = (): EntityCounts => ({ fetched: 0, created: 0, updated: 0, skipped: 0, conflicts: 0, failed: 0, done: false });

/** A fresh progress with every type to import, in order. */
export const emptyProgress = (types: readonly string[]): Progress => Object.fromEntries(types.map((t) => [t, emptyCounts()]));

const COUNTER: Record<LogAction, keyof Omit<EntityCounts, 'done' | 'fetched'>> = {
  CREATE: 'created',
  UPDATE: 'updated',
  SKIP: 'skipped',
  CONFLICT: 'conflicts',
  FAILED: 'failed',
};

/** Counts one logged record. */
export function count(counts: EntityCounts, action: LogAction): void {
  counts[COUNTER[action]] += 1;
}

/** A stored progress (JSON) read back; anything malformed reads as zero. */
export function progressOf(json: unknown): Progress {
  if (!json || typeof json !== 'object' || Array.isArray(json)) return {};
  const out: Progress = {};
  for (const [type, raw] of Object.entries(json as Record<string, unknown>)) {
    const r = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
    const n = (k: string) => (typeof r[k] === 'number' ? (r[k] as number) : 0);
    out[type] = {
      fetched: n('fetched'),
      created: n('created'),
      updated: n('updated'),
      skipped: n('skipped'),
      conflicts: n('conflicts'),
      failed: n('failed'),
      done: r['done'] === true,
    };
  }
  return out;
}

/** Sums of several counts (`done` when all are). */
export function sumCounts(all: readonly EntityCounts[]): EntityCounts {
  const total = emptyCounts();
  for (const c of all) {
    total.fetched += c.fetched;
    total.created += c.created;
    total.updated += c.updated;
    total.skipped += c.skipped;
    total.conflicts += c.conflicts;
    total.failed += c.failed;
  }
  total.done = all.length > 0 && all.every((c) => c.done);
  return total;
}
