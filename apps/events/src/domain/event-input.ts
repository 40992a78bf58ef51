import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { decimalAmount, isPositiveDecimal, minorUnitsViolations, type FieldViolation } from '@platform/errors';
import { MAX_QUESTIONS, QUESTION_TYPES, questionViolations, type SurveyQuestion } from './survey';

export const EVENT_TYPES = ['IN_PERSON', 'VIRTUAL', 'HYBRID', 'CONFERENCE'] as const;

const CURRENCIES = new Set(Intl.supportedValuesOf('currency'));
const text = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);
const url = z
  .string()
  .trim()
  .max(2048, 'must be at most 2048 characters')
  .refine((v) => v === '' || /^https?:\/\/\S+$/i.test(v), 'must be an http(s) URL');
const timestamp = z
  .string()
  .trim()
  .min(1, 'is required')
  .refine((v) => /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(v) && !Number.isNaN(Date.parse(v)), 'must be an ISO 8601 timestamp')
  .transform((v) => new Date(v));
const optionalTimestamp = z.union([z.literal('').transform(() => null), timestamp]);
/**
 * An exact decimal (the shared rule: >= 0, below 10^10, at most 3 decimals) kept as canonical
 * decimal text, null when not set; the currency's minor units are checked across fields.
 */
const price = decimalAmount()
  .optional()
  .transform((v) => v ?? null);

const question = z.object({
  // Given by the service when absent (the REST layer holds fields named `id` to UUIDs).
  id: z
    .string()
    .trim()
    .max(64, 'must be at most 64 characters')
    .transform((v) => v || randomUUID()),
  text: z.string().trim().min(1, 'is required').max(500, 'must be at most 500 characters'),
  type: z.enum(QUESTION_TYPES, { message: `must be one of ${QUESTION_TYPES.join(', ')}` }),
  options: z.array(text(200)).max(50, 'must have at most 50 options'),
  required: z.boolean(),
});

export const eventInputSchema = z.object({
  title: z.string().trim().min(1, 'is required').max(200, 'must be at most 200 characters'),
  description: text(100_000),
  eventType: z.enum(EVENT_TYPES, { message: `must be one of ${EVENT_TYPES.join(', ')}` }),
  category: text(100),
  startDate: timestamp,
  endDate: timestamp,
  venueName: text(200),
  address: z
    .object({ street: text(200), city: text(100), province: text(100), postalCode: text(20), country: text(100) })
    .optional()
    .transform((a) => a ?? { street: '', city: '', province: '', postalCode: '', country: '' }),
  locationTypeNote: text(500),
  registrationRequired: z.boolean(),
  maxAttendees: z.number().int('must be an integer').min(1, 'must be at least 1').max(1_000_000, 'must be at most 1000000').optional(),
  waitingListEnabled: z.boolean(),
  isFree: z.boolean(),
  basePrice: price,
  memberPrice: price,
  earlyBirdPrice: price,
  earlyBirdDeadline: optionalTimestamp,
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .refine((v) => v === '' || CURRENCIES.has(v), 'must be an ISO 4217 currency code'),
  excerpt: text(1000),
  isAllDay: z.boolean(),
  isVirtual: z.boolean(),
  cost: text(200),
  registrationUrl: url,
  featuredImageUrl: url,
  surveyQuestions: z.array(question).max(MAX_QUESTIONS, `must have at most ${MAX_QUESTIONS} questions`),
});

export type EventFields = z.infer<typeof eventInputSchema>;

/**
 * Rules across fields: the end after the start; a price needs a currency and has at most its minor
 * units (EUR 2, JPY 0, KWD 3). An early-bird price needs no deadline (the spec names none): without
 * one it holds until the event starts (domain/pricing.ts).
 */
export function crossFieldViolations(e: EventFields): FieldViolation[] {
  const out: FieldViolation[] = [];
  if (e.endDate.getTime() <= e.startDate.getTime()) out.push({ field: 'endDate', message: 'must be after startDate' });
  const priced = [e.basePrice, e.memberPrice, e.earlyBirdPrice].some((p) => p !== null && isPositiveDecimal(p));
  if (priced && !e.isFree && e.currency === '') out.push({ field: 'currency', message: 'is required when the event has a price' });
  out.push(...minorUnitsViolations(e.currency, { basePrice: e.basePrice, memberPrice: e.memberPrice, earlyBirdPrice: e.earlyBirdPrice }));
  out.push(...questionViolations(e.surveyQuestions as SurveyQuestion[]));
  return out;
}
