import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * How long after start-up the heap is compacted: by then the first readiness probes, the consumers'
 * first fetches and Prisma's query compiler (compiled on the first query) are behind the process.
 */
export const COMPACT_AFTER_START_MS = 10_000;

/** Where the collection is told (a pino logger). */
interface CompactLogger {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}

/** V8's collector as `--expose-gc` gives it, with the options Node 24's V8 takes. */
type Collect = (options?: { type?: 'major' | 'minor'; execution?: 'sync' | 'async'; flavor?: 'regular' | 'last-resort' }) => void;

/** The collector without exposing `gc` to the process: enabled for one new context, then turned off again. */
function collector(): Collect {
  const exposed = (globalThis as { gc?: Collect }).gc;
  if (exposed) return exposed;
  setFlagsFromString('--expose-gc');
  try {
    return runInNewContext('gc') as Collect;
  } finally {
    setFlagsFromString('--no-expose-gc');
  }
}

const mb = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10;

/**
 * Once, `afterMs` after the app is up, one full garbage collection that also returns memory to the
 * system. Start-up (parsing the contracts, compiling code, migrations, the query compiler) grows the
 * heap and the young generation, and an idle process never collects with memory reduction on its
 * own, so without it every replica keeps 13 to 18 MB it no longer uses (docs/performance.md, Idle
 * memory). It pauses the process once, for tens of milliseconds; under load the heap grows again as
 * it needs. Logged with the memory before and after.
 */
export function compactAfterStart(logger: CompactLogger, afterMs = COMPACT_AFTER_START_MS): NodeJS.Timeout {
  const timer = setTimeout(() => {
    try {
      const before = process.memoryUsage();
      const started = performance.now();
      collector()({ type: 'major', execution: 'sync', flavor: 'last-resort' });
      const ms = Math.round(performance.now() - started);
      const after = process.memoryUsage();
      logger.info(
        {
          ms,
          rssMb: [mb(before.rss), mb(after.rss)],
          heapUsedMb: [mb(before.heapUsed), mb(after.heapUsed)],
          heapTotalMb: [mb(before.heapTotal), mb(after.heapTotal)],
        },
        'heap compacted after start-up',
      );
    } catch (err) {
      logger.warn({ err }, 'heap compaction after start-up failed');
    }
  }, afterMs);
  return timer.unref();
}
