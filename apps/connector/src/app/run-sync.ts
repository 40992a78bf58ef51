import { status as grpcStatus, type ServiceError } from '@grpc/grpc-js';
import { DestinationRefused } from '@platform/outbound';
import { SiteError, type LegacySite } from '../clients/ports';
import type { ConnectorDeps } from '../deps';
import { isScheduled, statusAfterJob } from '../domain/connector-status';
import { IMPORTABLE_ENTITY_TYPES, PULL_PATHS, inImportOrder, type EntityType } from '../domain/entity-types';
import type { SourceRecord } from '../domain/mappings';
import { emptyProgress, type EntityCounts, type Progress } from '../domain/progress';
import { withRetry } from '../domain/retry';
import { skipsUnchanged } from '../domain/source-hash';
import { nextSyncAfter, STOPPED_MESSAGE } from '../domain/sync-job-rules';
import { findConnectorById, updateConnector, type ConnectorRow } from '../store/connectors';
import { deleteJobLogs } from '../store/sync-logs';
import { findJobById, saveProgress, updateJob, type SyncJobRow } from '../store/sync-jobs';
import { writerFor } from './entity-writers';

/** The shortest time between two checkpoints of a job's progress (and between its looks for a stop request). */
const CHECKPOINT_EVERY_MS = 500;

/** An administrator's force stop, seen between pages. */
class JobStopped extends Error {}
/** The service is stopping: the job goes back to PENDING and runs again (from the start: the upserts are idempotent). */
class JobInterrupted extends Error {}

type Outcome = { status: 'COMPLETED' } | { status: 'FAILED'; message: string; critical: boolean } | { status: 'INTERRUPTED' };

/** A clear text for a job's critical error. */
export function failureMessage(err: unknown): string {
  if (err instanceof SiteError) {
    if (err.status === 401) return `The legacy site refused the sync key (401${err.code ? ` ${err.code}` : ''}): check the connector's sync key`;
    if (err.status === 503) return `The legacy site is unavailable or has no sync key generated (503${err.code ? ` ${err.code}` : ''}): ${err.message}`;
    return `The legacy site failed: ${err.message}`;
  }
  if (err instanceof DestinationRefused) return `The site URL is refused: ${err.message}`;
  const code = (err as Partial<ServiceError>).code;
  if (typeof code === 'number') {
    const details = (err as Partial<ServiceError>).details ?? '';
    return `A platform import call failed (${grpcStatus[code] ?? code}${details ? `: ${details}` : ''})`;
  }
  return err instanceof Error ? `Unexpected error: ${err.message}` : 'Unexpected error';
}

/**
 * Runs one claimed (RUNNING) sync job to its end (spec 4.11): ping, then every enabled entity type
 * in import order, page by page (`pageSize`, `since` for INCREMENTAL), mapped by spec section 2 and
 * written through the import RPCs `batchSize` records a call (a record the platform took unchanged
 * since is a SKIP without a call, except in INITIAL_IMPORT); one sync log line per record, written in
 * bulk with the external-id map while the next call runs; progress saved at most every half second
 * and at each type's end. COMPLETED, or FAILED on a
 * critical error (the site's 401 or 503, a site unreachable after its retries, an import service
 * down): the connector then goes ERROR. A force stop ends it FAILED ("Stopped by an
 * administrator") with the connector's status unchanged.
 */
export async function runSyncJob(deps: ConnectorDeps, jobId: string): Promise<string> {
  const job = await findJobById(deps.db, jobId);
  if (!job) return 'MISSING';
  const connector = await findConnectorById(deps.db, job.connectorId);
  if (!connector) {
    await updateJob(deps.db, job.id, { status: 'FAILED', finishedAt: deps.now(), errorMessage: 'The connector is gone' });
    return 'FAILED';
  }
  const log = deps.logger.child({ jobId: job.id, connectorId: connector.id, organizationId: connector.organizationId, jobType: job.jobType });
  const types = inImportOrder(connector.enabledEntityTypes).filter((t) => IMPORTABLE_ENTITY_TYPES.includes(t));
  // A job that runs again after an interruption starts over: its earlier lines and counts go. Not
  // only from the second counted attempt: a job its stopping service put back (SIGTERM) does not
  // count that try, yet wrote the lines of its pages.
  const progress = emptyProgress(types);
  await deleteJobLogs(deps.db, job.id);
  await updateJob(deps.db, job.id, { progress: progress as object });
  const startedAt = job.startedAt ?? deps.now();
  log.info({ attempt: job.attempts, types }, 'sync job started');

  let outcome: Outcome;
  try {
    await syncAll(deps, job, connector, types, progress);
    outcome = { status: 'COMPLETED' };
  } catch (err) {
    if (err instanceof JobStopped) outcome = { status: 'FAILED', message: STOPPED_MESSAGE, critical: false };
    else if (err instanceof JobInterrupted) outcome = { status: 'INTERRUPTED' };
    else {
      outcome = { status: 'FAILED', message: failureMessage(err), critical: true };
      log.warn({ err }, 'sync job failed');
    }
  }

  if (outcome.status === 'INTERRUPTED') {
    await updateJob(deps.db, job.id, { status: 'PENDING', progress: progress as object, attempts: { decrement: 1 } });
    log.info('sync job interrupted by the service stopping: PENDING again');
    return 'PENDING';
  }
  const endedAt = deps.now();
  const current = (await findConnectorById(deps.db, connector.id)) ?? connector;
  const status = statusAfterJob(current.status, outcome.status, outcome.status === 'FAILED' && outcome.critical);
  const nextSyncAt = nextSyncAfter(endedAt, current.syncIntervalMinutes, isScheduled(status));
  const completed = outcome.status === 'COMPLETED';
  await deps.db.$transaction([
    updateJob(deps.db, job.id, {
      status: outcome.status,
      finishedAt: endedAt,
      progress: progress as object,
      errorMessage: outcome.status === 'FAILED' ? outcome.message : null,
    }),
    updateConnector(deps.db, connector.id, {
      status,
      lastSyncAt: endedAt,
      nextSyncAt,
      ...(outcome.status === 'FAILED' ? { lastError: outcome.message } : { lastCompletedStartAt: startedAt, lastError: null }),
      ...(completed && job.jobType === 'INITIAL_IMPORT' && !current.initialImportCompletedAt ? { initialImportCompletedAt: endedAt } : {}),
    }),
  ]);
  log.info({ status: outcome.status, progress }, 'sync job ended');
  return outcome.status;
}

async function syncAll(deps: ConnectorDeps, job: SyncJobRow, connector: ConnectorRow, types: EntityType[], progress: Progress): Promise<void> {
  const retry = <T>(work: () => Promise<T>) =>
    withRetry(work, {
      attempts: deps.sync.siteAttempts,
      backoffMs: deps.sync.siteBackoffMs,
      isTransient: (err) => err instanceof SiteError && err.transient,
      aborted: deps.stopping,
      onRetry: (err, attempt) => deps.logger.debug({ err, attempt, jobId: job.id }, 'site request retried'),
    });
  const site = await retry(() => deps.sites.open(connector.siteUrl, deps.secrets.open(connector.syncKeySealed)));
  const ping = await retry(() => site.ping());
  if (ping['status'] !== 'ok') throw new SiteError(`the ping answered status ${JSON.stringify(ping['status'] ?? null)}, not "ok"`, false);

  // Progress and heartbeat in one statement, at most every CHECKPOINT_EVERY_MS and at each type's end.
  let savedAt = -Infinity;
  const checkpoint = async (always: boolean) => {
    if (deps.stopping()) throw new JobInterrupted();
    const now = deps.now();
    if (!always && now.getTime() - savedAt < CHECKPOINT_EVERY_MS) return;
    savedAt = now.getTime();
    if (!(await saveProgress(deps.db, job.id, structuredClone(progress), now))) throw new JobStopped();
  };
  const settings = { copyImages: connector.copyImages, copyDocumentFiles: connector.copyDocumentFiles };
  for (const type of types) {
    const counts = progress[type] as EntityCounts;
    const writer = writerFor({ deps, job, type, counts, skipUnchanged: skipsUnchanged(job.jobType), settings }, connector);
    try {
      await pull(site, type, job.since ?? undefined, deps.sync.pageSize, retry, async (records) => {
        counts.fetched += records.length;
        await writer.add(records);
        await checkpoint(false);
      });
      await writer.flush();
    } finally {
      // A job ending early (stopped, interrupted, failed) ends once its answered batches are logged
      // and nothing of it is still writing: its counts are its lines, and a run again starts clean.
      await writer.settle();
    }
    counts.done = true;
    await checkpoint(true);
  }
}

/**
 * Every page of one pull, in order, until an empty page or the last page. The next page is fetched
 * while the current one is written (the site serves pages one after another from its cursor).
 */
async function pull(
  site: LegacySite,
  type: EntityType,
  since: Date | undefined,
  perPage: number,
  retry: <T>(work: () => Promise<T>) => Promise<T>,
  onPage: (records: SourceRecord[]) => Promise<void>,
): Promise<void> {
  const fetchPage = (page: number) => {
    const pending = retry(() => site.page(PULL_PATHS[type], { page, perPage, since }));
    // Handled where it is awaited; this keeps a prefetch abandoned by a stop from being unhandled.
    pending.catch(() => undefined);
    return pending;
  };
  let next = fetchPage(1);
  for (let page = 1; ; page++) {
    const result = await next;
    const more = result.data.length > 0 && page < result.totalPages;
    if (more) next = fetchPage(page + 1);
    if (result.data.length > 0) await onPage(result.data);
    if (!more) return;
  }
}
