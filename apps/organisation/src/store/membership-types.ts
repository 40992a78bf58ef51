import { live } from '@platform/db';
import type { Db, Tx } from './db';
import type { Prisma } from './generated/client';

export function listMembershipTypes(db: Db, organizationId: string) {
  return db.membershipType.findMany({ where: { organizationId, ...live }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
}

/** A live (not deleted) type of the organisation. */
export function findLiveMembershipType(db: Db, organizationId: string, id: string) {
  return db.membershipType.findFirst({ where: { id, organizationId, ...live } });
}

export function createMembershipType(db: Db, data: Prisma.MembershipTypeUncheckedCreateInput) {
  return db.membershipType.create({ data });
}

export function updateMembershipType(tx: Tx, id: string, data: Prisma.MembershipTypeUncheckedUpdateInput) {
  return tx.membershipType.update({ where: { id }, data });
}

export function softDeleteMembershipType(tx: Tx, id: string, now: Date) {
  return tx.membershipType.update({ where: { id }, data: { deletedAt: now } });
}
