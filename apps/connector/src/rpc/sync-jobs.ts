import { z } from 'zod';
import { pagedEnvelope, parsePageQuery } from '@platform/db';
import { optionalOneOf, uuid, validate } from '@platform/errors';
import { callerOf, type AsyncService } from '@platform/grpc-server';
import type { connectorV1 } from '@platform/proto';
import { PlatformError } from '@platform/errors';
import { ownedConnector } from '../app/connectors';
import { enqueueJob, stopJob } from '../app/sync-jobs';
import type { ConnectorDeps } from '../deps';
import { ENTITY_TYPES } from '../domain/entity-types';
import { LOG_ACTIONS, progressOf, sumCounts, type EntityCounts } from '../domain/progress';
import { JOB_STATUSES } from '../domain/sync-job-rules';
import { findJob, jobCounts, latestJob, listJobs, allProgress } from '../store/sync-jobs';
import { listLogs } from '../store/sync-logs';
import { linkCounts } from '../store/synced-records';
import { entityProgress, toSyncJob, toSyncLog } from './mappers';

type Handlers = Pick<
  AsyncService<connectorV1.ConnectorServiceServer>,
  'startSync' | 'listSyncJobs' | 'getSyncJob' | 'stopSyncJob' | 'listSyncLogs' | 'getConnectorStats'
>;

const ids = z.object({ organizationId: uuid, connectorId: uuid });
const jobIds = z.object({ organizationId: uuid, connectorId: uuid, jobId: uuid });
const jobsInput = z.object({ organizationId: uuid, connectorId: uuid, status: optionalOneOf(JOB_STATUSES) });
const logsInput = z.object({
  organizationId: uuid,
  connectorId: uuid,
  jobId: uuid,
  entityType: optionalOneOf(ENTITY_TYPES),
  action: optionalOneOf(LOG_ACTIONS),
});

/** Sync jobs, their logs and the connector's totals (organisation administrators). */
export function syncJobHandlers(deps: ConnectorDeps): Handlers {
  return {
    async startSync(request, ctx) {
      const { organizationId, connectorId } = validate(ids, request);
      const connector = await ownedConnector(deps, organizationId, connectorId);
      const job = await enqueueJob(deps, connector, { jobType: request.jobType, trigger: 'MANUAL', startedBy: callerOf(ctx).sub }, ctx);
      ctx.logger.info({ organizationId, connectorId, jobId: job.id, jobType: job.jobType }, 'sync job started by an administrator');
      return toSyncJob(job);
    },
    async listSyncJobs(request) {
      const { connectorId, organizationId, status } = validate(jobsInput, request);
      const connector = await ownedConnector(deps, organizationId, connectorId);
      const page = parsePageQuery(request, { sortable: ['createdAt'] as const, defaultSort: { field: 'createdAt', direction: 'desc' } });
      const { rows, total } = await listJobs(deps.db, connectorId, status || undefined, page.skip, page.take);
      return pagedEnvelope(
        rows.map((r) => toSyncJob(r, connector)),
        total,
        page,
      );
    },
    async getSyncJob(request) {
      const { organizationId, connectorId, jobId } = validate(jobIds, request);
      const connector = await ownedConnector(deps, organizationId, connectorId);
      const job = await findJob(deps.db, connectorId, jobId);
      if (!job) throw PlatformError.notFound('Sync job');
      return toSyncJob(job, connector);
    },
    async stopSyncJob(request, ctx) {
      const { organizationId, connectorId, jobId } = validate(jobIds, request);
      const connector = await ownedConnector(deps, organizationId, connectorId);
      const job = await stopJob(deps, ctx, connector, jobId);
      ctx.logger.info({ organizationId, connectorId, jobId }, 'sync job stop requested');
      return toSyncJob(job, connector);
    },
    async listSyncLogs(request) {
      const { organizationId, connectorId, jobId, entityType, action } = validate(logsInput, request);
      await ownedConnector(deps, organizationId, connectorId);
      if (!(await findJob(deps.db, connectorId, jobId))) throw PlatformError.notFound('Sync job');
      const page = parsePageQuery(request, { sortable: ['createdAt'] as const, defaultSort: { field: 'createdAt', direction: 'asc' } });
      const { rows, total } = await listLogs(deps.db, jobId, { entityType: entityType || undefined, action: action || undefined }, page.skip, page.take);
      return pagedEnvelope(rows.map(toSyncLog), total, page);
    },
    async getConnectorStats(request) {
      const { organizationId, connectorId } = validate(ids, request);
      const connector = await ownedConnector(deps, organizationId, connectorId);
      const [counts, progresses, links, last] = await Promise.all([
        jobCounts(deps.db, connectorId),
        allProgress(deps.db, connectorId),
        linkCounts(deps.db, connectorId),
        latestJob(deps.db, connectorId),
      ]);
      const byType = new Map<string, EntityCounts[]>();
      for (const { progress } of progresses) {
        for (const [type, c] of Object.entries(progressOf(progress))) byType.set(type, [...(byType.get(type) ?? []), c]);
      }
      const byEntityType = ENTITY_TYPES.filter((t) => byType.has(t)).map((t) => {
        const sum = sumCounts(byType.get(t) ?? []);
        return entityProgress(t, { ...sum, done: false });
      });
      return {
        connectorId,
        totalJobs: Object.values(counts).reduce((a, b) => a + b, 0),
        completedJobs: counts['COMPLETED'] ?? 0,
        failedJobs: counts['FAILED'] ?? 0,
        activeJobs: (counts['PENDING'] ?? 0) + (counts['RUNNING'] ?? 0),
        byEntityType,
        totals: entityProgress('ALL', { ...sumCounts(byEntityType.map((p) => ({ ...p, done: false }))), done: false }),
        linkedRecords: links,
        totalLinkedRecords: Object.values(links).reduce((a, b) => a + b, 0),
        lastSyncAt: connector.lastSyncAt ?? undefined,
        nextSyncAt: connector.nextSyncAt ?? undefined,
        lastJobStatus: last?.status ?? '',
      };
    },
  };
}
