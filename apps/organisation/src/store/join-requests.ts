import type { Db, Tx } from './db';
import type { JoinRequest, JoinRequestStatus, Prisma } from './generated/client';

export type JoinRequestSortField = 'createdAt' | 'email' | 'lastName';
export const JOIN_REQUEST_SORT_FIELDS: readonly JoinRequestSortField[] = ['createdAt', 'email', 'lastName'];

export async function listJoinRequests(
  db: Db,
  q: { organizationId: string; status?: JoinRequestStatus; sort: { field: JoinRequestSortField; direction: 'asc' | 'desc' }; skip: number; take: number },
): Promise<{ rows: JoinRequest[]; total: number }> {
  const where: Prisma.JoinRequestWhereInput = { organizationId: q.organizationId, ...(q.status ? { status: q.status } : {}) };
  const [rows, total] = await Promise.all([
    db.joinRequest.findMany({ where, orderBy: [{ [q.sort.field]: q.sort.direction }, { id: q.sort.direction }], skip: q.skip, take: q.take }),
    db.joinRequest.count({ where }),
  ]);
  return { rows, total };
}

export function countPendingJoinRequests(db: Db, organizationId: string): Promise<number> {
  return db.joinRequest.count({ where: { organizationId, status: 'PENDING' } });
}

/**
 * Records a PENDING request, or refreshes the address's PENDING one (names, message): one pending
 * request per address and organisation (a partial unique index; two at once: the second updates).
 */
export async function upsertPendingJoinRequest(
  db: Db,
  r: { organizationId: string; email: string; firstName: string; lastName: string; message: string },
): Promise<void> {
  const rows = await db.$queryRaw<{ id: string }[]>`
    INSERT INTO join_request (id, organisation_id, email, first_name, last_name, message, status, created_at, updated_at)
    VALUES (gen_random_uuid(), ${r.organizationId}::uuid, ${r.email}, ${r.firstName}, ${r.lastName}, ${r.message}, 'PENDING', now(), now())
    ON CONFLICT (organisation_id, email) WHERE status = 'PENDING'
    DO UPDATE SET first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name, message = EXCLUDED.message, updated_at = now()
    RETURNING id`;
  if (rows.length !== 1) throw new Error('join request upsert wrote no row');
}

export function findJoinRequest(db: Db, organizationId: string, id: string) {
  return db.joinRequest.findFirst({ where: { id, organizationId } });
}

/** Locks a request's row until the transaction ends (two decisions at once run one after the other). */
export async function lockJoinRequest(tx: Tx, organizationId: string, id: string): Promise<JoinRequest | null> {
  await tx.$queryRaw`SELECT id FROM join_request WHERE id = ${id}::uuid AND organisation_id = ${organizationId}::uuid FOR UPDATE`;
  return tx.joinRequest.findFirst({ where: { id, organizationId } });
}

export function decideJoinRequest(tx: Tx, id: string, data: { status: JoinRequestStatus; decidedBy: string; decidedAt: Date; accountId?: string }) {
  return tx.joinRequest.update({ where: { id }, data });
}
