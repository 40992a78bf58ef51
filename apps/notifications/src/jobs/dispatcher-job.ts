import type { JobWake, ServiceJob } from '@platform/grpc-server/service';

/** Longest pause between runs while they keep failing (the database is down). */
const DISPATCH_BACKOFF_MAX_MS = 30_000;

/**
 * A dispatcher as a kit job: every replica runs it (each claims its own items under a lease), at
 * once again while a run found work, woken early by a new item, backing off while runs fail.
 */
export function dispatcherJob(name: string, schedule: { pollMs: number; wake?: JobWake }, run: () => Promise<number>): ServiceJob {
  return {
    name,
    runsOn: 'every-replica',
    intervalMs: schedule.pollMs,
    repeatWhileBusy: true,
    failureBackoffMaxMs: DISPATCH_BACKOFF_MAX_MS,
    wake: schedule.wake,
    run,
  };
}
