import { PlatformError } from '@platform/errors';
import type { ConnectorDeps } from '../deps';
import { dueConnectors, updateConnector } from '../store/connectors';
import { enqueueJob } from './sync-jobs';

/**
 * One run of the scheduler (a kit job, one replica at a time): each ACTIVE or ERROR connector with
 * an interval, initialised, whose `nextSyncAt` has passed gets a PENDING INCREMENTAL job started
 * by its creator; `nextSyncAt` moves on by the interval (the job's end computes it again). A
 * connector with a job still going is left for the next round. Answers the jobs created.
 */
export async function scheduleDueSyncs(deps: ConnectorDeps, limit = 100): Promise<number> {
  const now = deps.now();
  let created = 0;
  for (const connector of await dueConnectors(deps.db, now, limit)) {
    try {
      await enqueueJob(deps, connector, { jobType: 'INCREMENTAL', trigger: 'SCHEDULED', startedBy: connector.createdBy });
      created++;
      await updateConnector(deps.db, connector.id, { nextSyncAt: new Date(now.getTime() + connector.syncIntervalMinutes * 60_000) });
    } catch (err) {
      if (err instanceof PlatformError) deps.logger.debug({ connectorId: connector.id, reason: err.message }, 'scheduled sync not started');
      else throw err;
    }
  }
  return created;
}
