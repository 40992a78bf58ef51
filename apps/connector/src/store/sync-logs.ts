import type { Prisma, SyncLog } from './generated/client';
import type { Db } from './db';

export type SyncLogRow = SyncLog;
export type NewSyncLog = Omit<Prisma.SyncLogCreateManyInput, 'id' | 'createdAt'>;

/** One INSERT for a batch of log lines. */
export async function insertLogs(db: Db, logs: NewSyncLog[]): Promise<void> {
  if (logs.length > 0) await db.syncLog.createMany({ data: logs });
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
