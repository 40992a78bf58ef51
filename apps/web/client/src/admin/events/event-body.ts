import type { components } from '@platform/api-client';

export type EventRecord = components['schemas']['platform.events.v1.Event'];
export type EventInput = components['schemas']['platform.events.v1.EventInput'];
export type SurveyQuestion = components['schemas']['platform.events.v1.SurveyQuestion'];

export const EVENT_TYPES = ['IN_PERSON', 'VIRTUAL', 'HYBRID', 'CONFERENCE'] as const;
export const EVENT_STATUSES = ['DRAFT', 'PUBLISHED', 'CANCELLED', 'COMPLETED'] as const;
export const QUESTION_TYPES = ['TEXT', 'CHOICE', 'RATING'] as const;
export const REGISTRATION_STATUSES = ['PENDING', 'CONFIRMED', 'WAITLISTED', 'CANCELLED'] as const;

/** A survey question as the form edits it: a CHOICE question's options one per line. */
export interface QuestionFormValues {
  id?: string;
  text?: string;
  type?: string;
  optionsText?: string;
  required?: boolean;
}

export interface AddressFormValues {
  street?: string;
  city?: string;
  province?: string;
  postalCode?: string;
  country?: string;
}

/** What the event form holds: the API's fields, with prices as typed text and questions as above. */
export interface EventFormValues {
  id?: string;
  title?: string;
  description?: string;
  eventType?: string;
  category?: string;
  startDate?: string;
  endDate?: string;
  venueName?: string;
  address?: AddressFormValues | null;
  locationTypeNote?: string;
  registrationRequired?: boolean;
  maxAttendees?: number | string | null;
  waitingListEnabled?: boolean;
  isFree?: boolean;
  basePrice?: number | string | null;
  memberPrice?: number | string | null;
  earlyBirdPrice?: number | string | null;
  earlyBirdDeadline?: string | null;
  currency?: string;
  excerpt?: string;
  isAllDay?: boolean;
  isVirtual?: boolean;
  registrationUrl?: string;
  featuredImageUrl?: string;
  surveyQuestions?: QuestionFormValues[];
}

const ADDRESS_FIELDS = ['street', 'city', 'province', 'postalCode', 'country'] as const;

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : value === null || value === undefined ? '' : String(value).trim());

/**
 * A price as typed ("12,50", "12.5", " 20 ") into the decimal string the API stores exactly
 * ("12.50" stays "12.50"); null when left empty. Anything else is passed on for the API to refuse
 * with its own field error.
 */
export function priceToApi(value: unknown): string | null {
  const typed = text(value).replace(/\s/g, '');
  if (!typed) return null;
  return /^\d+,\d+$/.test(typed) ? typed.replace(',', '.') : typed;
}

/** The record the API answers, as the form edits it. */
export function eventToForm(record: EventRecord): EventFormValues {
  return {
    ...record,
    address: { ...Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, record.address?.[f] ?? ''])) },
    basePrice: record.basePrice ?? '',
    memberPrice: record.memberPrice ?? '',
    earlyBirdPrice: record.earlyBirdPrice ?? '',
    maxAttendees: record.maxAttendees ?? '',
    surveyQuestions: (record.surveyQuestions ?? []).map((q) => ({
      id: q.id,
      text: q.text ?? '',
      type: q.type ?? 'TEXT',
      required: q.required ?? false,
      optionsText: (q.options ?? []).join('\n'),
    })),
  };
}

/** One survey question of the form as the API takes it (options only for CHOICE). */
export function questionToApi(q: QuestionFormValues): SurveyQuestion {
  const type = q.type || 'TEXT';
  const question: SurveyQuestion = { text: text(q.text), type, required: Boolean(q.required) };
  if (q.id) question.id = q.id;
  if (type === 'CHOICE') {
    question.options = (q.optionsText ?? '')
      .split(/\r?\n/)
      .map((o) => o.trim())
      .filter(Boolean);
  }
  return question;
}

/**
 * The create/update body for the form's values: text trimmed; the address only when a part of it
 * is given; prices as exact decimal strings, none (and no currency) for a free event; an empty
 * capacity is "no limit" (null); questions without text dropped.
 */
export function formToEventBody(values: EventFormValues): EventInput {
  const body: EventInput = {
    title: text(values.title),
    description: text(values.description),
    eventType: values.eventType || 'IN_PERSON',
    category: text(values.category),
    startDate: values.startDate || undefined,
    endDate: values.endDate || undefined,
    venueName: text(values.venueName),
    locationTypeNote: text(values.locationTypeNote),
    registrationRequired: Boolean(values.registrationRequired),
    waitingListEnabled: Boolean(values.waitingListEnabled),
    isFree: Boolean(values.isFree),
    excerpt: text(values.excerpt),
    isAllDay: Boolean(values.isAllDay),
    isVirtual: values.isVirtual ?? values.eventType === 'VIRTUAL',
    registrationUrl: text(values.registrationUrl),
    featuredImageUrl: text(values.featuredImageUrl),
  };
  const address = Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, text(values.address?.[f])]).filter(([, v]) => v));
  body.address = Object.keys(address).length ? address : null;

  const capacity = text(values.maxAttendees);
  body.maxAttendees = capacity ? Number(capacity) : null;

  if (body.isFree) {
    body.basePrice = null;
    body.memberPrice = null;
    body.earlyBirdPrice = null;
  } else {
    body.basePrice = priceToApi(values.basePrice);
    body.memberPrice = priceToApi(values.memberPrice);
    body.earlyBirdPrice = priceToApi(values.earlyBirdPrice);
    if (values.earlyBirdDeadline) body.earlyBirdDeadline = values.earlyBirdDeadline;
    const currency = text(values.currency).toUpperCase();
    if (currency) body.currency = currency;
  }
  body.surveyQuestions = (values.surveyQuestions ?? []).filter((q) => text(q.text)).map(questionToApi);
  return body;
}
