import type { eventLifecycleV1 } from '@platform/proto';
import { ADDRESS_KEYS, EDITABLE_FIELDS, type AddressKey } from './event-fields';

/** The fields of an event an administrator's edit can change, as the store holds them. */
export interface EditableEvent {
  title: string;
  description: string;
  eventType: string;
  category: string;
  startDate: Date;
  endDate: Date;
  venueName: string;
  address: unknown;
  locationTypeNote: string;
  registrationRequired: boolean;
  maxAttendees: number | null;
  waitingListEnabled: boolean;
  isFree: boolean;
  basePrice: { toString(): string } | null;
  memberPrice: { toString(): string } | null;
  earlyBirdPrice: { toString(): string } | null;
  earlyBirdDeadline: Date | null;
  currency: string;
  excerpt: string;
  isAllDay: boolean;
  isVirtual: boolean;
  cost: string;
  registrationUrl: string;
  featuredImageUrl: string;
  surveyQuestions: unknown;
}

type EditableField = keyof EditableEvent;

/** Every editable field, checked against the store's shape. */
const EDITABLE: readonly EditableField[] = EDITABLE_FIELDS;

/** The address JSON as its five texts (absent keys empty), so key order never counts as a change. */
export function addressOf(value: unknown): Record<AddressKey, string> {
  const record = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  return Object.fromEntries(ADDRESS_KEYS.map((k) => [k, typeof record[k] === 'string' ? record[k] : ''])) as Record<AddressKey, string>;
}

function comparable(field: EditableField, value: unknown): string {
  if (field === 'address') return JSON.stringify(addressOf(value));
  if (value instanceof Date) return value.toISOString();
  if (value === null || value === undefined) return '';
  if (typeof value === 'object' && field !== 'surveyQuestions') return String(value);
  return JSON.stringify(value);
}

/** The camelCase names of the fields an edit changed, in a fixed order (empty: the edit changed nothing). */
export function changedEventFields(before: EditableEvent, after: EditableEvent): string[] {
  return EDITABLE.filter((field) => comparable(field, before[field]) !== comparable(field, after[field]));
}

/** What events.event.updated says about the event after the edit. */
export function eventDetails(event: EditableEvent): eventLifecycleV1.EventDetails {
  const address = addressOf(event.address);
  return {
    title: event.title,
    description: event.description,
    excerpt: event.excerpt,
    eventType: event.eventType,
    startDate: event.startDate.toISOString(),
    endDate: event.endDate.toISOString(),
    isAllDay: event.isAllDay,
    isVirtual: event.isVirtual,
    cost: event.cost,
    registrationUrl: event.registrationUrl,
    venueName: event.venueName,
    ...address,
  };
}
