import type { EventFields } from '../domain/event-input';
import type { Db, Tx } from './db';
import { Prisma, type Event as EventRow } from './generated/client';

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

/** Every column of `event` under its model name, so a raw query answers a row like Prisma's. */
const EVENT_COLUMNS = Prisma.raw(
  Object.entries({
    id: 'id',
    organizationId: 'organization_id',
    title: 'title',
    description: 'description',
    eventType: 'event_type',
    category: 'category',
    startDate: 'start_date',
    endDate: 'end_date',
    venueName: 'venue_name',
    address: 'address',
    locationTypeNote: 'location_type_note',
    registrationRequired: 'registration_required',
    maxAttendees: 'max_attendees',
    waitingListEnabled: 'waiting_list_enabled',
    isFree: 'is_free',
    basePrice: 'base_price',
    memberPrice: 'member_price',
    earlyBirdPrice: 'early_bird_price',
    earlyBirdDeadline: 'early_bird_deadline',
    currency: 'currency',
    status: 'status',
    excerpt: 'excerpt',
    isAllDay: 'is_all_day',
    isVirtual: 'is_virtual',
    cost: 'cost',
    registrationUrl: 'registration_url',
    featuredImageUrl: 'featured_image_url',
    attendingCount: 'attending_count',
    externalId: 'external_id',
    importHash: 'import_hash',
    needsReview: 'needs_review',
    confirmedCount: 'confirmed_count',
    waitlistedCount: 'waitlisted_count',
    surveyQuestions: 'survey_questions',
    cancellationReason: 'cancellation_reason',
    publishedAt: 'published_at',
    createdAt: 'created_at',
    updatedAt: 'updated_at',
    deletedAt: 'deleted_at',
  } satisfies Record<keyof EventRow, string>)
    .map(([field, column]) => `"${column}" AS "${field}"`)
    .join(', '),
);

/**
 * The event, locked for the rest of the transaction (SELECT … FOR UPDATE, one round trip): every
 * change of its registration counts happens under this lock, so concurrent registrations queue
 * here and the capacity check is exact.
 */
export async function lockEvent(tx: Tx, organizationId: string, id: string): Promise<EventRow | null> {
  const rows = await tx.$queryRaw<EventRow[]>`
    SELECT ${EVENT_COLUMNS} FROM event WHERE id = ${id}::uuid AND organization_id = ${organizationId}::uuid AND deleted_at IS NULL FOR UPDATE`;
  return rows[0] ?? null;
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
