import type { ServiceJob } from '@platform/grpc-server/service';
import { runPendingJobs } from '../app/run-pending-jobs';
import { scheduleDueSyncs } from '../app/schedule-syncs';
import type { ConnectorDeps } from '../deps';

/**
 * The sync runner, every `intervalMs` (CONNECTOR_RUNNER_INTERVAL_MS) and at once when this process
 * queues a job: under the kit's advisory lock (one replica at a time, so a connector's job never
 * runs twice), recovers interrupted jobs and runs the PENDING ones until none is left.
 */
export function syncRunnerJob(deps: ConnectorDeps, intervalMs: number): ServiceJob {
  return { name: 'sync-runner', intervalMs, wake: deps.jobQueued, run: () => runPendingJobs(deps) };
}

/** The scheduler of INCREMENTAL syncs, every `intervalMs` (CONNECTOR_SCHEDULER_INTERVAL_MS), one replica at a time. */
export function syncSchedulerJob(deps: ConnectorDeps, intervalMs: number): ServiceJob {
  return { name: 'sync-scheduler', intervalMs, run: () => scheduleDueSyncs(deps) };
}
