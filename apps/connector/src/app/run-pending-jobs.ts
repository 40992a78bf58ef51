import type { JobWake } from '@platform/grpc-server/service';
import type { ConnectorDeps } from '../deps';
import { MAX_ATTEMPTS } from '../domain/sync-job-rules';
import { claimJob, pendingJobs, recoverInterrupted } from '../store/sync-jobs';
import { runSyncJob } from './run-sync';

/** Resolves after `ms`, or sooner when this process queues a job. */
function pause(ms: number, jobQueued: JobWake): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      stopListening();
      resolve();
    };
    const timer = setTimeout(done, ms);
    const stopListening = jobQueued.onWake(done);
  });
}

/**
 * One run of the sync runner (a kit job: one replica at a time holds its advisory lock, so no two
 * replicas ever run a connector's job). RUNNING jobs nobody runs (their process was killed: no
 * heartbeat for `staleAfterMs`, so a runner that lost its lock's connection but still works is left
 * alone) go back to PENDING (FAILED after MAX_ATTEMPTS); then PENDING jobs are claimed, `concurrency` at a
 * time, and run; the run keeps its lock, picking up new PENDING jobs every `pollMs` (at once when
 * this process queues one), until none is left. Answers the jobs it ended.
 */
export async function runPendingJobs(deps: ConnectorDeps): Promise<number> {
  const active = new Map<string, Promise<void>>();
  let ended = 0;
  const now = deps.now();
  const { requeued, failed } = await recoverInterrupted(deps.db, [], MAX_ATTEMPTS, now, new Date(now.getTime() - deps.sync.staleAfterMs));
  if (requeued || failed.length) deps.logger.warn({ requeued, failed }, 'sync jobs interrupted by a stopped process recovered');
  for (;;) {
    if (!deps.stopping()) {
      const free = deps.sync.concurrency - active.size;
      if (free > 0) {
        for (const job of await pendingJobs(deps.db, free, [...active.keys()])) {
          if (!(await claimJob(deps.db, job.id, deps.now()))) continue;
          const run = runSyncJob(deps, job.id)
            .then(() => {
              ended++;
            })
            .catch((err: unknown) => deps.logger.error({ err, jobId: job.id }, 'a sync job broke off'))
            .finally(() => active.delete(job.id));
          active.set(job.id, run);
        }
      }
    }
    if (active.size === 0) return ended;
    await Promise.race([...active.values(), pause(deps.sync.pollMs, deps.jobQueued)]);
  }
}
