import type { Db } from './db';

/** The one backfill this service runs: member_projection from ListMembershipSnapshot. */
const MEMBERSHIPS = 'memberships';

export interface BackfillRecord {
  startedAt: Date;
  /** Undefined while the run that started at startedAt has not finished. */
  finishedAt?: Date;
  rows: number;
}

/** The last membership backfill run, if one ever started. */
export async function findMembershipBackfill(db: Db): Promise<BackfillRecord | undefined> {
  const row = await db.projectionBackfill.findUnique({ where: { name: MEMBERSHIPS } });
  return row ? { startedAt: row.startedAt, finishedAt: row.finishedAt ?? undefined, rows: row.rows } : undefined;
}

/** A run starts: until it finishes, every start of the service runs the backfill again. */
export async function recordMembershipBackfillStarted(db: Db, now: Date): Promise<void> {
  await db.projectionBackfill.upsert({
    where: { name: MEMBERSHIPS },
    create: { name: MEMBERSHIPS, startedAt: now },
    update: { startedAt: now, finishedAt: null },
  });
}

/** A run read every snapshot page to the end (another replica's run may have started meanwhile: one complete run is enough). */
export async function recordMembershipBackfillFinished(db: Db, now: Date, rows: number): Promise<void> {
  await db.projectionBackfill.upsert({
    where: { name: MEMBERSHIPS },
    create: { name: MEMBERSHIPS, startedAt: now, finishedAt: now, rows },
    update: { finishedAt: now, rows },
  });
}
