import type { Prisma, SyncLog } from './generated/client';
import type { Db } from './db';

export type SyncLogRow = SyncLog;

/** One record's line of a job's entity type. */
export interface NewSyncLog {
  externalId: string;
  action: string;
  platformId: string | null;
  message: string | null;
}

/**
 * A batch of one job's lines of one entity type, in order, in one statement. The rows go as one
 * JSON parameter: Prisma's createMany compiles seven parameters a line, which cost more CPU than
 * the insert (docs/decisions/0197-connector-sync-loop.md).
 */
export async function insertLogs(db: Db, of: { jobId: string; connectorId: string; entityType: string }, lines: readonly NewSyncLog[]): Promise<void> {
  if (lines.length === 0) return;
  await db.$executeRaw`
    INSERT INTO sync_log (job_id, connector_id, entity_type, external_id, action, platform_id, message)
    SELECT ${of.jobId}::uuid, ${of.connectorId}::uuid, ${of.entityType}, l->>'externalId', l->>'action', l->>'platformId', l->>'message'
      FROM jsonb_array_elements(${JSON.stringify(lines)}::jsonb) WITH ORDINALITY AS x(l, n)
     ORDER BY x.n`;
}

/** Every line of the job (a job that runs again starts over). */
export async function deleteJobLogs(db: Db, jobId: string): Promise<void> {
  await db.syncLog.deleteMany({ where: { jobId } });
}

export async function listLogs(
  db: Db,
  jobId: string,
  filter: { entityType?: string; action?: string },
  skip: number,
  take: number,
): Promise<{ rows: SyncLogRow[]; total: number }> {
  const where: Prisma.SyncLogWhereInput = {
    jobId,
    ...(filter.entityType ? { entityType: filter.entityType } : {}),
    ...(filter.action ? { action: filter.action } : {}),
  };
  const [rows, total] = await Promise.all([db.syncLog.findMany({ where, orderBy: { id: 'asc' }, skip, take }), db.syncLog.count({ where })]);
  return { rows, total };
}
