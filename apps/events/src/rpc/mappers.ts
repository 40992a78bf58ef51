import type { eventsV1 } from '@platform/proto';
import type { SurveyAnswer, SurveyQuestion } from '../domain/survey';
import type { EventRow } from '../store/events';
import type { Prisma } from '../store/generated/client';
import type { RegistrationRow } from '../store/registrations';
import type { SurveyResponseRow } from '../store/survey-responses';

/** google.type.Decimal of a NUMERIC column: its exact text (toFixed() never writes an exponent). */
const decimal = (d: Prisma.Decimal | null): { value: string } | undefined => (d === null ? undefined : { value: d.toFixed() });
const iso = (d: Date | null): string | undefined => (d === null ? undefined : d.toISOString());

interface AddressJson {
  street?: string;
  city?: string;
  province?: string;
  postalCode?: string;
  country?: string;
}

export function toEventMessage(e: EventRow): eventsV1.Event {
  const a = (e.address ?? {}) as AddressJson;
  return {
    id: e.id,
    organizationId: e.organizationId,
    title: e.title,
    description: e.description,
    eventType: e.eventType,
    category: e.category,
    startDate: e.startDate.toISOString(),
    endDate: e.endDate.toISOString(),
    venueName: e.venueName,
    address: { street: a.street ?? '', city: a.city ?? '', province: a.province ?? '', postalCode: a.postalCode ?? '', country: a.country ?? '' },
    locationTypeNote: e.locationTypeNote,
    registrationRequired: e.registrationRequired,
    maxAttendees: e.maxAttendees ?? undefined,
    waitingListEnabled: e.waitingListEnabled,
    isFree: e.isFree,
    basePrice: decimal(e.basePrice),
    memberPrice: decimal(e.memberPrice),
    earlyBirdPrice: decimal(e.earlyBirdPrice),
    earlyBirdDeadline: iso(e.earlyBirdDeadline),
    currency: e.currency,
    status: e.status,
    excerpt: e.excerpt,
    isAllDay: e.isAllDay,
    isVirtual: e.isVirtual,
    cost: e.cost,
    registrationUrl: e.registrationUrl,
    featuredImageUrl: e.featuredImageUrl,
    // The stored figure stays the imported one (re-imports compare against it); registrations add theirs.
    attendingCount: e.attendingCount + e.confirmedCount,
    externalId: e.externalId ?? undefined,
    needsReview: e.needsReview,
    confirmedCount: e.confirmedCount,
    waitlistedCount: e.waitlistedCount,
    surveyQuestions: e.surveyQuestions as unknown as SurveyQuestion[],
    cancellationReason: e.cancellationReason ?? undefined,
    publishedAt: iso(e.publishedAt),
    createdAt: e.createdAt.toISOString(),
    updatedAt: e.updatedAt.toISOString(),
  };
}

export function toRegistrationMessage(r: RegistrationRow): eventsV1.Registration {
  return {
    id: r.id,
    eventId: r.eventId,
    userId: r.userId,
    ticketType: r.ticketType,
    notes: r.notes,
    status: r.status,
    confirmedAt: iso(r.confirmedAt),
    price: decimal(r.price),
    currency: r.currency,
    surveyResponseId: r.surveyResponseId,
    createdAt: r.createdAt.toISOString(),
    cancelledAt: iso(r.cancelledAt),
  };
}

export function toSurveyResponseMessage(s: SurveyResponseRow): eventsV1.SurveyResponse {
  return {
    id: s.id,
    eventId: s.eventId,
    registrationId: s.registrationId,
    userId: s.userId,
    answers: s.answers as unknown as SurveyAnswer[],
    submittedAt: iso(s.submittedAt),
  };
}
