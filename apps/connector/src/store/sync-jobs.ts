import type { Prisma, SyncJob } from './generated/client';
import type { Db } from './db';

export type SyncJobRow = SyncJob;

export async function insertJob(db: Db, data: Prisma.SyncJobUncheckedCreateInput): Promise<SyncJobRow> {
  return db.syncJob.create({ data });
}

export async function findJob(db: Db, connectorId: string, jobId: string): Promise<SyncJobRow | undefined> {
  return (await db.syncJob.findFirst({ where: { id: jobId, connectorId } })) ?? undefined;
}

export async function findJobById(db: Db, jobId: string): Promise<SyncJobRow | undefined> {
  return (await db.syncJob.findUnique({ where: { id: jobId } })) ?? undefined;
}

export async function listJobs(
  db: Db,
  connectorId: string,
  status: string | undefined,
  skip: number,
  take: number,
): Promise<{ rows: SyncJobRow[]; total: number }> {
  const where: Prisma.SyncJobWhereInput = { connectorId, ...(status ? { status } : {}) };
  const [rows, total] = await Promise.all([
    db.syncJob.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], skip, take }),
    db.syncJob.count({ where }),
  ]);
  return { rows, total };
}

/** Not async: the query runs when awaited, or as a part of a batch `$transaction([…])`. */
export function updateJob(db: Db, jobId: string, data: Prisma.SyncJobUncheckedUpdateInput): Prisma.PrismaPromise<SyncJobRow> {
  return db.syncJob.update({ where: { id: jobId }, data });
}

/**
 * A running job's checkpoint in one statement: its progress and heartbeat. False when the job is
 * to stop (an administrator asked, or it is no longer RUNNING): nothing is written then.
 */
export async function saveProgress(db: Db, jobId: string, progress: object, now: Date): Promise<boolean> {
  const { count } = await db.syncJob.updateMany({ where: { id: jobId, status: 'RUNNING', stopRequested: false }, data: { progress, heartbeatAt: now } });
  return count === 1;
}

/** PENDING → FAILED by an administrator's stop, only if it is still PENDING (its runner may have claimed it): true when stopped. */
export async function stopPendingJob(db: Db, jobId: string, now: Date, errorMessage: string): Promise<boolean> {
  const { count } = await db.syncJob.updateMany({
    where: { id: jobId, status: 'PENDING' },
    data: { status: 'FAILED', stopRequested: true, finishedAt: now, errorMessage },
  });
  return count === 1;
}

/** The oldest PENDING jobs, but none of `excluding` (jobs this process runs already). */
export async function pendingJobs(db: Db, limit: number, excluding: readonly string[]): Promise<SyncJobRow[]> {
  return db.syncJob.findMany({ where: { status: 'PENDING', id: { notIn: [...excluding] } }, orderBy: { createdAt: 'asc' }, take: limit });
}

/** PENDING → RUNNING, only if it is still PENDING (a stop may have ended it): true when claimed. */
export async function claimJob(db: Db, jobId: string, now: Date): Promise<boolean> {
  const { count } = await db.syncJob.updateMany({
    where: { id: jobId, status: 'PENDING' },
    data: { status: 'RUNNING', startedAt: now, heartbeatAt: now, attempts: { increment: 1 } },
  });
  return count === 1;
}

/**
 * RUNNING jobs nobody runs (their process was killed: no heartbeat since `staleBefore`): back to
 * PENDING to run again, the ones past `maxAttempts` FAILED, their connector ERROR.
 */
export async function recoverInterrupted(
  db: Db,
  excluding: readonly string[],
  maxAttempts: number,
  now: Date,
  staleBefore: Date,
): Promise<{ requeued: number; failed: string[] }> {
  const orphans = await db.syncJob.findMany({
    where: { status: 'RUNNING', id: { notIn: [...excluding] }, OR: [{ heartbeatAt: null }, { heartbeatAt: { lt: staleBefore } }] },
    select: { id: true, attempts: true, connectorId: true },
  });
  const exhausted = orphans.filter((j) => j.attempts >= maxAttempts).map((j) => j.id);
  const again = orphans.filter((j) => j.attempts < maxAttempts).map((j) => j.id);
  if (again.length)
    await db.syncJob.updateMany({
      where: { id: { in: again }, status: 'RUNNING', OR: [{ heartbeatAt: null }, { heartbeatAt: { lt: staleBefore } }] },
      data: { status: 'PENDING' },
    });
  if (exhausted.length) {
    const errorMessage = `Interrupted ${maxAttempts} times (the service stopped while it ran)`;
    await db.syncJob.updateMany({ where: { id: { in: exhausted }, status: 'RUNNING' }, data: { status: 'FAILED', finishedAt: now, errorMessage } });
    // As for any job that fails for good: the admin sees it on the connector (a DISABLED one stays DISABLED).
    const connectorIds = orphans.filter((j) => exhausted.includes(j.id)).map((j) => j.connectorId);
    await db.connector.updateMany({
      where: { id: { in: connectorIds }, status: { in: ['ACTIVE', 'PAUSED', 'ERROR'] } },
      data: { status: 'ERROR', lastError: errorMessage },
    });
  }
  return { requeued: again.length, failed: exhausted };
}

export async function activeJobOf(db: Db, connectorId: string): Promise<SyncJobRow | undefined> {
  return (await db.syncJob.findFirst({ where: { connectorId, status: { in: ['PENDING', 'RUNNING'] } } })) ?? undefined;
}

export async function jobCounts(db: Db, connectorId: string): Promise<Record<string, number>> {
  const groups = await db.syncJob.groupBy({ by: ['status'], where: { connectorId }, _count: { _all: true } });
  return Object.fromEntries(groups.map((g) => [g.status, g._count._all]));
}

export async function allProgress(db: Db, connectorId: string): Promise<Array<{ progress: Prisma.JsonValue }>> {
  return db.syncJob.findMany({ where: { connectorId }, select: { progress: true } });
}

export async function latestJob(db: Db, connectorId: string): Promise<SyncJobRow | undefined> {
  return (await db.syncJob.findFirst({ where: { connectorId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] })) ?? undefined;
}
