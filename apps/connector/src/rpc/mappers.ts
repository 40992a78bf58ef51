import type { connectorV1 } from '@platform/proto';
import { connectorTypeByCode } from '../domain/connector-types';
import { progressOf, sumCounts, type EntityCounts } from '../domain/progress';
import type { ConnectorRow } from '../store/connectors';
import type { SyncJobRow } from '../store/sync-jobs';
import type { SyncLogRow } from '../store/sync-logs';

export const entityProgress = (entityType: string, c: EntityCounts): connectorV1.EntityProgress => ({ entityType, ...c });

/** A connector as the API shows it: never its sync key, only whether one is set. */
export function toConnector(row: ConnectorRow): connectorV1.Connector {
  return {
    id: row.id,
    organizationId: row.organizationId,
    connectorTypeId: connectorTypeByCode(row.typeCode)?.id ?? '',
    type: row.typeCode,
    name: row.name,
    status: row.status,
    config: {
      siteUrl: row.siteUrl,
      syncKeySet: row.syncKeySealed !== '',
      enabledEntityTypes: row.enabledEntityTypes,
      syncIntervalMinutes: row.syncIntervalMinutes,
      copyImages: row.copyImages,
      copyDocumentFiles: row.copyDocumentFiles,
      fieldMappings: (row.fieldMappings ?? {}) as Record<string, string>,
      sourceTimezone: row.sourceTimezone,
      writeBack: row.writeBack,
    },
    initialized: row.initialImportCompletedAt !== null,
    initialImportCompletedAt: row.initialImportCompletedAt ?? undefined,
    lastSyncAt: row.lastSyncAt ?? undefined,
    nextSyncAt: row.nextSyncAt ?? undefined,
    lastError: row.lastError ?? '',
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export function toSyncJob(row: SyncJobRow, connector?: Pick<ConnectorRow, 'nextSyncAt'>): connectorV1.SyncJob {
  const progress = Object.entries(progressOf(row.progress));
  return {
    id: row.id,
    connectorId: row.connectorId,
    organizationId: row.organizationId,
    jobType: row.jobType,
    status: row.status,
    trigger: row.trigger,
    startedBy: row.startedBy,
    since: row.since ?? undefined,
    progress: progress.map(([type, c]) => entityProgress(type, c)),
    totals: entityProgress('ALL', sumCounts(progress.map(([, c]) => c))),
    errorMessage: row.errorMessage ?? '',
    createdAt: row.createdAt,
    startedAt: row.startedAt ?? undefined,
    finishedAt: row.finishedAt ?? undefined,
    nextSyncAt: row.finishedAt && connector?.nextSyncAt ? connector.nextSyncAt : undefined,
  };
}

export function toSyncLog(row: SyncLogRow): connectorV1.SyncLog {
  return {
    id: row.id.toString(),
    jobId: row.jobId,
    entityType: row.entityType,
    externalId: row.externalId,
    action: row.action,
    platformId: row.platformId ?? undefined,
    message: row.message ?? '',
    createdAt: row.createdAt,
  };
}
