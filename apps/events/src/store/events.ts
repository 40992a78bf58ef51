import type { EventFields } from '../domain/event-input';
import type { Db, Tx } from './db';
import type { Prisma, Event as EventRow } from './generated/client';

export type { EventRow };

/** The columns an event's writable fields fill. */
export function eventData(e: EventFields) {
  return {
    title: e.title,
    description: e.description,
    eventType: e.eventType,
    category: e.category,
    startDate: e.startDate,
    endDate: e.endDate,
    venueName: e.venueName,
    address: e.address,
    locationTypeNote: e.locationTypeNote,
    registrationRequired: e.registrationRequired,
    maxAttendees: e.maxAttendees ?? null,
    waitingListEnabled: e.waitingListEnabled,
    isFree: e.isFree,
    basePrice: e.basePrice,
    memberPrice: e.memberPrice,
    earlyBirdPrice: e.earlyBirdPrice,
    earlyBirdDeadline: e.earlyBirdDeadline,
    currency: e.currency,
    excerpt: e.excerpt,
    isAllDay: e.isAllDay,
    isVirtual: e.isVirtual,
    cost: e.cost,
    registrationUrl: e.registrationUrl,
    featuredImageUrl: e.featuredImageUrl,
    surveyQuestions: e.surveyQuestions as Prisma.InputJsonValue,
  } satisfies Prisma.EventUncheckedUpdateInput;
}

export function findEvent(db: Db, organizationId: string, id: string): Promise<EventRow | null> {
  return db.event.findFirst({ where: { id, organizationId, deletedAt: null } });
}

/**
 * The event, locked for the rest of the transaction (SELECT … FOR UPDATE): every change of its
 * registration counts happens under this lock, so concurrent registrations queue here and the
 * capacity check is exact.
 */
export async function lockEvent(tx: Tx, organizationId: string, id: string): Promise<EventRow | null> {
  const rows = await tx.$queryRaw<Array<{ id: string }>>`
    SELECT id FROM event WHERE id = ${id}::uuid AND organization_id = ${organizationId}::uuid AND deleted_at IS NULL FOR UPDATE`;
  if (rows.length === 0) return null;
  return tx.event.findUnique({ where: { id } });
}

export interface EventQuery {
  organizationId: string;
  statuses: readonly string[];
  category?: string;
  from?: Date;
  to?: Date;
  words: string[];
  orderBy: Prisma.EventOrderByWithRelationInput[];
  skip: number;
  take: number;
}

export async function queryEvents(db: Db, q: EventQuery): Promise<{ rows: EventRow[]; total: number }> {
  const where: Prisma.EventWhereInput = {
    organizationId: q.organizationId,
    deletedAt: null,
    status: { in: [...q.statuses] },
    ...(q.category ? { category: { equals: q.category, mode: 'insensitive' } } : {}),
    ...(q.from ? { endDate: { gte: q.from } } : {}),
    ...(q.to ? { startDate: { lte: q.to } } : {}),
    AND: q.words.map((w) => ({ title: { contains: w, mode: 'insensitive' as const } })),
  };
  const [rows, total] = await Promise.all([db.event.findMany({ where, orderBy: q.orderBy, skip: q.skip, take: q.take }), db.event.count({ where })]);
  return { rows, total };
}

/** PUBLISHED events whose end has passed become COMPLETED; answers how many. */
export function completeEndedEvents(db: Db, now: Date): Promise<number> {
  return db.$executeRaw`UPDATE event SET status = 'COMPLETED', updated_at = ${now} WHERE status = 'PUBLISHED' AND end_date < ${now} AND deleted_at IS NULL`;
}

/** The events of a public calendar feed: the statuses given, ended at most `since` ago, soonest first, at most `limit`. */
export function calendarEvents(db: Db, organizationId: string, statuses: readonly string[], since: Date, limit: number): Promise<EventRow[]> {
  return db.event.findMany({
    where: { organizationId, deletedAt: null, status: { in: [...statuses] }, endDate: { gte: since } },
    orderBy: [{ startDate: 'asc' }, { id: 'asc' }],
    take: limit,
  });
}
