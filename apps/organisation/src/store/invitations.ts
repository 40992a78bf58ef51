import type { Db, Tx } from './db';
import type { Invitation, Prisma } from './generated/client';

export type InvitationSortField = 'createdAt' | 'expiresAt' | 'email';
export const INVITATION_SORT_FIELDS: readonly InvitationSortField[] = ['createdAt', 'expiresAt', 'email'];

/** The list filter a client gives: a stored status, or EXPIRED (PENDING past its expiry). */
export type InvitationFilter = 'PENDING' | 'ACCEPTED' | 'CANCELLED' | 'EXPIRED';

function whereOf(organizationId: string, filter: InvitationFilter | undefined, now: Date): Prisma.InvitationWhereInput {
  switch (filter) {
    case undefined:
      return { organizationId };
    case 'PENDING':
      return { organizationId, status: 'PENDING', expiresAt: { gt: now } };
    case 'EXPIRED':
      return { organizationId, status: 'PENDING', expiresAt: { lte: now } };
    default:
      return { organizationId, status: filter };
  }
}

export async function listInvitations(
  db: Db,
  q: {
    organizationId: string;
    filter?: InvitationFilter;
    now: Date;
    sort: { field: InvitationSortField; direction: 'asc' | 'desc' };
    skip: number;
    take: number;
  },
): Promise<{ rows: Invitation[]; total: number }> {
  const where = whereOf(q.organizationId, q.filter, q.now);
  const [rows, total] = await Promise.all([
    db.invitation.findMany({ where, orderBy: [{ [q.sort.field]: q.sort.direction }, { id: q.sort.direction }], skip: q.skip, take: q.take }),
    db.invitation.count({ where }),
  ]);
  return { rows, total };
}

export function createInvitation(tx: Tx, data: Prisma.InvitationUncheckedCreateInput) {
  return tx.invitation.create({ data });
}

export function findInvitation(db: Db, organizationId: string, id: string) {
  return db.invitation.findFirst({ where: { id, organizationId } });
}

export function findInvitationByTokenHash(db: Db, organizationId: string, tokenHash: string) {
  return db.invitation.findFirst({ where: { tokenHash, organizationId } });
}

/** Locks an invitation's row until the transaction ends (accept and cancel run one at a time). */
export async function lockInvitation(tx: Tx, id: string): Promise<Invitation | null> {
  await tx.$queryRaw`SELECT id FROM invitation WHERE id = ${id}::uuid FOR UPDATE`;
  return tx.invitation.findUnique({ where: { id } });
}

/** Cancels the account's PENDING invitations to the organisation (a new invitation replaces them). */
export function cancelPendingInvitations(tx: Tx, organizationId: string, accountId: string, now: Date) {
  return tx.invitation.updateMany({ where: { organizationId, accountId, status: 'PENDING' }, data: { status: 'CANCELLED', cancelledAt: now } });
}

export function markInvitation(tx: Tx, id: string, data: Prisma.InvitationUncheckedUpdateInput) {
  return tx.invitation.update({ where: { id }, data });
}
