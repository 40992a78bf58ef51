import { isUniqueViolation } from '@platform/db';
import { PlatformError } from '@platform/errors';
import type { CallContext } from '@platform/grpc-server';
import type { ConnectorDeps } from '../deps';
import { assertMaySync } from '../domain/connector-status';
import { emptyProgress } from '../domain/progress';
import { IMPORTABLE_ENTITY_TYPES, inImportOrder } from '../domain/entity-types';
import { jobTypeToStart, sinceFor, STOPPED_MESSAGE, type JobType } from '../domain/sync-job-rules';
import type { ConnectorRow } from '../store/connectors';
import { findJob, insertJob, stopPendingJob, updateJob, type SyncJobRow } from '../store/sync-jobs';
import { recordConnectorAudit } from './connector-audit';

const alreadyRunning = () => PlatformError.conflict('A sync job of this connector is already PENDING or RUNNING');

/**
 * A PENDING job for the connector. The runner is woken: it starts the job at once when this
 * replica may run jobs, else the replica that runs them picks it up within its poll interval. One
 * job per connector at a time, whichever replica is asked: the partial unique index answers a
 * second one 409. INITIAL_IMPORT runs once (409 after it completed).
 */
export async function enqueueJob(
  deps: ConnectorDeps,
  connector: ConnectorRow,
  request: { jobType: string; trigger: 'MANUAL' | 'SCHEDULED'; startedBy: string },
  /** The administrator's call (a manual start is audited as SYNC_STARTED); none for the scheduler. */
  ctx?: CallContext,
): Promise<SyncJobRow> {
  assertMaySync(connector.status);
  const type: JobType = jobTypeToStart(request.jobType, connector.initialImportCompletedAt !== null);
  const types = inImportOrder(connector.enabledEntityTypes).filter((t) => IMPORTABLE_ENTITY_TYPES.includes(t));
  let job: SyncJobRow;
  try {
    job = await deps.db.$transaction(async (tx) => {
      const queued = await insertJob(tx, {
        connectorId: connector.id,
        organizationId: connector.organizationId,
        jobType: type,
        trigger: request.trigger,
        startedBy: request.startedBy,
        since: sinceFor(type, connector.lastCompletedStartAt),
        progress: emptyProgress(types) as object,
      });
      if (ctx) {
        await recordConnectorAudit(deps, tx, ctx, 'SYNC_STARTED', {
          organizationId: connector.organizationId,
          resourceType: 'SYNC_JOB',
          resourceId: queued.id,
          detail: { connectorId: connector.id, jobType: type },
        });
      }
      return queued;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw alreadyRunning();
    throw err;
  }
  // Committed: the runner's look for PENDING jobs sees it.
  deps.jobQueued.wake();
  return job;
}

/**
 * Force stop: a PENDING job ends FAILED at once; a RUNNING one is asked to stop and its runner ends
 * it FAILED after the page in progress. Both read "Stopped by an administrator". A job already
 * ended is 409.
 */
export async function stopJob(deps: ConnectorDeps, ctx: CallContext, connector: ConnectorRow, jobId: string): Promise<SyncJobRow> {
  const stopped = await requestStop(deps, connector, jobId);
  await deps.db.$transaction((tx) =>
    recordConnectorAudit(deps, tx, ctx, 'SYNC_STOPPED', {
      organizationId: connector.organizationId,
      resourceType: 'SYNC_JOB',
      resourceId: jobId,
      detail: { connectorId: connector.id, jobType: stopped.jobType, status: stopped.status },
    }),
  );
  return stopped;
}

async function requestStop(deps: ConnectorDeps, connector: ConnectorRow, jobId: string): Promise<SyncJobRow> {
  const job = await findJob(deps.db, connector.id, jobId);
  if (!job) throw PlatformError.notFound('Sync job');
  if (job.status === 'PENDING') {
    if (await stopPendingJob(deps.db, job.id, deps.now(), STOPPED_MESSAGE)) return (await findJob(deps.db, connector.id, jobId)) as SyncJobRow;
  }
  const fresh = (await findJob(deps.db, connector.id, jobId)) as SyncJobRow;
  if (fresh.status !== 'RUNNING' && fresh.status !== 'PENDING') throw PlatformError.conflict(`The sync job has ended already (${fresh.status})`);
  return updateJob(deps.db, job.id, { stopRequested: true });
}
