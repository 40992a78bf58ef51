import type { Db, Tx } from './db';
import type { CreationInvitation, Prisma } from './generated/client';

export type CreationInvitationSortField = 'createdAt' | 'expiresAt' | 'email';
export const CREATION_INVITATION_SORT_FIELDS: readonly CreationInvitationSortField[] = ['createdAt', 'expiresAt', 'email'];

/** The list filter a client gives: a stored status, or EXPIRED (PENDING past its expiry). */
export type CreationInvitationFilter = 'PENDING' | 'USED' | 'CANCELLED' | 'EXPIRED';

function whereOf(filter: CreationInvitationFilter | undefined, now: Date): Prisma.CreationInvitationWhereInput {
  switch (filter) {
    case undefined:
      return {};
    case 'PENDING':
      return { status: 'PENDING', expiresAt: { gt: now } };
    case 'EXPIRED':
      return { status: 'PENDING', expiresAt: { lte: now } };
    default:
      return { status: filter };
  }
}

export async function listCreationInvitations(
  db: Db,
  q: { filter?: CreationInvitationFilter; now: Date; sort: { field: CreationInvitationSortField; direction: 'asc' | 'desc' }; skip: number; take: number },
): Promise<{ rows: CreationInvitation[]; total: number }> {
  const where = whereOf(q.filter, q.now);
  const [rows, total] = await Promise.all([
    db.creationInvitation.findMany({ where, orderBy: [{ [q.sort.field]: q.sort.direction }, { id: q.sort.direction }], skip: q.skip, take: q.take }),
    db.creationInvitation.count({ where }),
  ]);
  return { rows, total };
}

export function createCreationInvitation(tx: Tx, data: Prisma.CreationInvitationUncheckedCreateInput) {
  return tx.creationInvitation.create({ data });
}

export function findCreationInvitation(db: Db, id: string) {
  return db.creationInvitation.findUnique({ where: { id } });
}

export function findCreationInvitationByTokenHash(db: Db, tokenHash: string) {
  return db.creationInvitation.findUnique({ where: { tokenHash } });
}

/** Locks a creation invitation's row until the transaction ends (use and cancel run one at a time). */
export async function lockCreationInvitation(tx: Tx, id: string): Promise<CreationInvitation | null> {
  await tx.$queryRaw`SELECT id FROM creation_invitation WHERE id = ${id}::uuid FOR UPDATE`;
  return tx.creationInvitation.findUnique({ where: { id } });
}

export function updateCreationInvitation(tx: Tx, id: string, data: Prisma.CreationInvitationUncheckedUpdateInput) {
  return tx.creationInvitation.update({ where: { id }, data });
}
