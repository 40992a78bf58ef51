import type { Db, Tx } from './db';
import type { Prisma, Registration as RegistrationRow } from './generated/client';

export type { RegistrationRow };

export function findRegistration(db: Db, organizationId: string, eventId: string, id: string): Promise<RegistrationRow | null> {
  return db.registration.findFirst({ where: { id, eventId, organizationId } });
}

export function findLiveRegistration(db: Db, organizationId: string, eventId: string, userId: string): Promise<RegistrationRow | null> {
  return db.registration.findFirst({ where: { organizationId, eventId, userId, status: { not: 'CANCELLED' } } });
}

/**
 * The longest-waiting WAITLISTED registration of the event (first come, first served: by the time
 * it joined the waiting list), leaving out `except` (one an administrator has just moved there).
 */
export function oldestWaitlisted(tx: Tx, eventId: string, except?: string): Promise<RegistrationRow | null> {
  return tx.registration.findFirst({
    where: { eventId, status: 'WAITLISTED', ...(except ? { id: { not: except } } : {}) },
    orderBy: [{ waitlistedAt: 'asc' }, { createdAt: 'asc' }, { id: 'asc' }],
  });
}

/** PENDING registrations of the event (not counted on the event row). */
export function pendingCount(db: Db, eventId: string): Promise<number> {
  return db.registration.count({ where: { eventId, status: 'PENDING' } });
}

export function liveRegistrations(tx: Tx, eventId: string): Promise<RegistrationRow[]> {
  return tx.registration.findMany({ where: { eventId, status: { not: 'CANCELLED' } }, orderBy: { createdAt: 'asc' } });
}

/** A new registration (its event row locked by the caller). */
export function createRegistration(tx: Tx, data: Prisma.RegistrationUncheckedCreateInput): Promise<RegistrationRow> {
  return tx.registration.create({ data });
}

/** The registration's new status with the times it sets (`cancelledAt` null: not, or no longer, cancelled). */
export function setRegistrationStatus(
  tx: Tx,
  id: string,
  data: { status: string; confirmedAt?: Date; waitlistedAt?: Date; cancelledAt: Date | null },
): Promise<RegistrationRow> {
  return tx.registration.update({ where: { id }, data });
}

export async function queryRegistrations(db: Db, q: { eventId: string; status?: string; skip: number; take: number }) {
  const where: Prisma.RegistrationWhereInput = { eventId: q.eventId, ...(q.status ? { status: q.status } : {}) };
  const [rows, total] = await Promise.all([
    db.registration.findMany({ where, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], skip: q.skip, take: q.take }),
    db.registration.count({ where }),
  ]);
  return { rows, total };
}

/** The registration counts of the event after a change of `delta` (row locked by the caller). */
export function adjustCounts(tx: Tx, eventId: string, delta: { confirmed?: number; waitlisted?: number }) {
  return tx.event.update({
    where: { id: eventId },
    data: { confirmedCount: { increment: delta.confirmed ?? 0 }, waitlistedCount: { increment: delta.waitlisted ?? 0 } },
  });
}
