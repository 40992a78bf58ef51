import { status as grpcStatus, type ServiceError } from '@grpc/grpc-js';
import { DestinationRefused } from '@platform/outbound';
import type { contentV1, documentsV1, eventsV1, notificationsV1, organisationV1 } from '@platform/proto';
import { SiteError, type LegacySite, type UpsertOutcome } from '../clients/ports';
import type { ConnectorDeps } from '../deps';
import { isScheduled, statusAfterJob } from '../domain/connector-status';
import { IMPORTABLE_ENTITY_TYPES, PULL_PATHS, inImportOrder, type EntityType } from '../domain/entity-types';
import {
  mapArticle,
  mapCompany,
  mapDocument,
  mapEvent,
  mapMember,
  mapNotification,
  type Mapped,
  type MappedDocument,
  type SourceRecord,
} from '../domain/mappings';
import { count, emptyProgress, type EntityCounts, type LogAction, type Progress } from '../domain/progress';
import { withRetry } from '../domain/retry';
import { nextSyncAfter, STOPPED_MESSAGE } from '../domain/sync-job-rules';
import { offsetMinutes } from '../domain/timezone';
import { findConnectorById, type ConnectorRow } from '../store/connectors';
import { findJobById, updateJob, type SyncJobRow } from '../store/sync-jobs';
import { insertLogs, type NewSyncLog } from '../store/sync-logs';
import { upsertLinks, type Link } from '../store/synced-records';

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

interface Pending<T> {
  externalId: string;
  record: T;
}

/** One entity type's writer: maps records, batches upserts, logs every record. */
interface EntityWriter {
  add(records: SourceRecord[]): Promise<void>;
  flush(): Promise<void>;
}

/**
 * Runs one claimed (RUNNING) sync job to its end (spec 4.11): ping, then every enabled entity type
 * in import order, page by page (`pageSize`, `since` for INCREMENTAL), mapped by spec section 2 and
 * written through the import RPCs `batchSize` records a call; one sync log line per record, written
 * in bulk with the external-id map; progress saved after every page. COMPLETED, or FAILED on a
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
  await deps.db.syncLog.deleteMany({ where: { jobId: job.id } });
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
    deps.db.syncJob.update({
      where: { id: job.id },
      data: { status: outcome.status, finishedAt: endedAt, progress: progress as object, errorMessage: outcome.status === 'FAILED' ? outcome.message : null },
    }),
    deps.db.connector.update({
      where: { id: connector.id },
      data: {
        status,
        lastSyncAt: endedAt,
        nextSyncAt,
        ...(outcome.status === 'FAILED' ? { lastError: outcome.message } : { lastCompletedStartAt: startedAt, lastError: null }),
        ...(completed && job.jobType === 'INITIAL_IMPORT' && !current.initialImportCompletedAt ? { initialImportCompletedAt: endedAt } : {}),
      },
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

  const checkpoint = async () => {
    if (deps.stopping()) throw new JobInterrupted();
    const fresh = await findJobById(deps.db, job.id);
    if (!fresh || fresh.stopRequested || fresh.status !== 'RUNNING') throw new JobStopped();
    await updateJob(deps.db, job.id, { progress: progress as object, heartbeatAt: deps.now() });
  };
  for (const type of types) {
    const counts = progress[type] as EntityCounts;
    const writer = writerFor(deps, job, connector, type, counts);
    await pull(site, type, job.since ?? undefined, deps.sync.pageSize, retry, async (records) => {
      counts.fetched += records.length;
      await writer.add(records);
      await checkpoint();
    });
    await writer.flush();
    counts.done = true;
    await checkpoint();
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

/** The writer of one entity type: the mapping, the RPC and how its answer is logged. */
function writerFor(deps: ConnectorDeps, job: SyncJobRow, connector: ConnectorRow, type: EntityType, counts: EntityCounts): EntityWriter {
  const org = connector.organizationId;
  const mappings = (connector.fieldMappings ?? {}) as Record<string, string>;
  const offset = offsetMinutes(connector.sourceTimezone) ?? 0;
  // copy-images: featured images, event covers and company logos go to storage.
  const images = <T>(field: ImageField<T>): ImageCopying<T> | undefined => (connector.copyImages ? { organizationId: org, field } : undefined);
  switch (type) {
    case 'MEMBERS':
      return batchWriter<organisationV1.MemberRecord>(
        deps,
        job,
        type,
        counts,
        (r) => mapMember(r, mappings),
        (batch) => deps.targets.members(org, batch),
      );
    case 'ARTICLES':
      return batchWriter<contentV1.ImportedArticle>(
        deps,
        job,
        type,
        counts,
        (r) => mapArticle(r, mappings),
        (batch) => deps.targets.articles(org, batch),
        images({ get: (a) => a.featuredImageUrl, set: (a, url) => (a.featuredImageUrl = url) }),
      );
    case 'COMPANIES':
      return batchWriter<contentV1.ImportedCompany>(
        deps,
        job,
        type,
        counts,
        (r) => mapCompany(r, mappings),
        (batch) => deps.targets.companies(org, batch),
        images({ get: (c) => c.logoUrl, set: (c, url) => (c.logoUrl = url) }),
      );
    case 'EVENTS':
    case 'CONFERENCES':
      return batchWriter<eventsV1.UpsertEventRecord>(
        deps,
        job,
        type,
        counts,
        (r) => mapEvent(r, type, offset, mappings, deps.now()),
        (batch) => deps.targets.events(org, batch),
        images({
          get: (e) => e.event?.featuredImageUrl ?? '',
          set: (e, url) => {
            if (e.event) e.event.featuredImageUrl = url;
          },
        }),
      );
    case 'DOCUMENTS': {
      const foldersDone = new Set<string>();
      return batchWriter<MappedDocument>(
        deps,
        job,
        type,
        counts,
        (r) => mapDocument(r, mappings),
        async (batch) => {
          const folders = new Map<string, documentsV1.ImportedFolder>();
          for (const { folders: chain } of batch) for (const f of chain) if (!foldersDone.has(f.externalId)) folders.set(f.externalId, f);
          const missing = [...folders.values()];
          for (let i = 0; i < missing.length; i += deps.sync.batchSize) {
            const results = await deps.targets.folders(org, missing.slice(i, i + deps.sync.batchSize));
            for (const r of results) {
              if (r.action === 'FAILED') deps.logger.warn({ jobId: job.id, folder: r.externalId, error: r.error }, 'an imported folder failed');
              else foldersDone.add(r.externalId);
            }
          }
          // copy-document-files: documents copies each file into storage through the outbound guard.
          return deps.targets.documents(
            org,
            batch.map((d) => d.document),
            job.startedBy,
            connector.copyDocumentFiles,
          );
        },
      );
    }
    case 'NOTIFICATIONS':
      return batchWriter<notificationsV1.ImportedNotification>(
        deps,
        job,
        type,
        counts,
        (r) => mapNotification(r, mappings),
        (batch) => deps.targets.notifications(org, batch, job.startedBy),
      );
    default: {
      const unreachable: never = type;
      throw new Error(`${String(unreachable)} cannot be imported`);
    }
  }
}

/** Where a record of a type carries an image that copy-images copies (read, and replaced by the platform URL). */
interface ImageField<T> {
  get(record: T): string;
  set(record: T, url: string): void;
}

interface ImageCopying<T> {
  organizationId: string;
  field: ImageField<T>;
}

const conflictNote = (action: LogAction): string =>
  action === 'CONFLICT' ? 'changed on the platform since the last sync and at the source too: the platform copy was kept' : '';

/**
 * copy-images: the batch's images go to documents' ImportImages (copied through the outbound guard
 * once per source URL) and each record takes the platform URL. An image not copied keeps the
 * site's URL (tried again at the next sync) and its record's log line says why.
 */
async function copyImagesOf<T>(
  deps: ConnectorDeps,
  job: SyncJobRow,
  batch: Pending<T>[],
  { organizationId, field: image }: ImageCopying<T>,
): Promise<Map<string, string>> {
  const notes = new Map<string, string>();
  const urls = [...new Set(batch.map((p) => image.get(p.record)).filter((url) => /^https?:\/\//i.test(url)))];
  if (urls.length === 0) return notes;
  const copies = await deps.targets.images(organizationId, urls, job.startedBy);
  for (const p of batch) {
    const copy = copies.get(image.get(p.record));
    if (!copy) continue;
    if ('url' in copy) image.set(p.record, copy.url);
    else notes.set(p.externalId, `image not copied (the site's URL is kept): ${copy.error}`);
  }
  return notes;
}

function batchWriter<T>(
  deps: ConnectorDeps,
  job: SyncJobRow,
  type: EntityType,
  counts: EntityCounts,
  map: (record: SourceRecord) => Mapped<T>,
  write: (batch: T[]) => Promise<UpsertOutcome[]>,
  images?: ImageCopying<T>,
): EntityWriter {
  let pending: Pending<T>[] = [];
  let lines: NewSyncLog[] = [];
  let links: Link[] = [];
  const line = (externalId: string, action: LogAction, platformId: string, message: string) => {
    count(counts, action);
    lines.push({ jobId: job.id, connectorId: job.connectorId, entityType: type, externalId, action, platformId: platformId || null, message: message || null });
    if (platformId) links.push({ entityType: type, externalId, platformId });
  };
  const store = async () => {
    const [l, k] = [lines, links];
    lines = [];
    links = [];
    await insertLogs(deps.db, l);
    await upsertLinks(deps.db, job.connectorId, job.id, k);
  };
  const send = async (batch: Pending<T>[]) => {
    const notes = images ? await copyImagesOf(deps, job, batch, images) : new Map<string, string>();
    const outcomes = await write(batch.map((p) => p.record));
    batch.forEach((p, i) => {
      const o = outcomes[i];
      const note = notes.get(p.externalId);
      if (!o) line(p.externalId, 'FAILED', '', 'the import answered no result for this record');
      else line(o.externalId || p.externalId, o.action, o.platformId, [o.error || conflictNote(o.action), note].filter(Boolean).join('; '));
    });
  };
  return {
    async add(records) {
      for (const record of records) {
        const mapped = map(record);
        if (mapped.kind === 'upsert') pending.push({ externalId: mapped.externalId, record: mapped.record });
        else line(mapped.externalId, mapped.kind === 'skip' ? 'SKIP' : 'FAILED', '', mapped.message);
      }
      while (pending.length >= deps.sync.batchSize) {
        const batch = pending.slice(0, deps.sync.batchSize);
        pending = pending.slice(deps.sync.batchSize);
        await send(batch);
      }
      await store();
    },
    async flush() {
      if (pending.length > 0) {
        const batch = pending;
        pending = [];
        await send(batch);
      }
      await store();
    },
  };
}
