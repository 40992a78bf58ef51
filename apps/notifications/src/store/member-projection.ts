import type { ProjectionRowFacts } from '../domain/membership-projection';
import type { Db } from './db';

export type ProjectionRow = ProjectionRowFacts;

/**
 * Applies a membership change unless a newer one was applied already (events may come out of order,
 * and the backfill's snapshot rows meet events in either order). True when the row was written,
 * false when the projection already held newer news.
 */
export async function applyMembership(db: Db, row: ProjectionRow): Promise<boolean> {
  const written = await db.$executeRawUnsafe(
    `INSERT INTO member_projection (organization_id, account_id, role, status, version)
     VALUES ($1::uuid, $2::uuid, $3, $4, $5::timestamptz)
     ON CONFLICT (organization_id, account_id) DO UPDATE
        SET role = EXCLUDED.role, status = EXCLUDED.status, version = EXCLUDED.version
      WHERE member_projection.version <= EXCLUDED.version`,
    row.organizationId,
    row.accountId,
    row.role,
    row.status,
    row.version,
  );
  return written > 0;
}

/** True when the projection holds no membership at all (a new or reset database). */
export async function projectionIsEmpty(db: Db): Promise<boolean> {
  return (await db.memberProjection.findFirst({ select: { organizationId: true } })) === null;
}

/** A deleted organisation: every membership known before the deletion ends. */
export async function endOrganizationMemberships(db: Db, organizationId: string, version: Date): Promise<void> {
  await db.memberProjection.updateMany({ where: { organizationId, version: { lte: version } }, data: { status: 'INACTIVE', version } });
}

export function findMembership(db: Db, organizationId: string, accountId: string) {
  return db.memberProjection.findUnique({ where: { organizationId_accountId: { organizationId, accountId } } });
}
