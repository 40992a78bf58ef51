import { invalidTransition } from './errors';

export const EVENT_STATUSES = ['DRAFT', 'PUBLISHED', 'CANCELLED', 'COMPLETED'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];
export const isEventStatus = (value: string): value is EventStatus => (EVENT_STATUSES as readonly string[]).includes(value);

export type EventAction = 'publish' | 'cancel' | 'complete';

/**
 * The event state table (spec 3, completed where the spec is silent): publish DRAFT → PUBLISHED;
 * cancel DRAFT or PUBLISHED → CANCELLED; the completion job PUBLISHED → COMPLETED once the end has
 * passed. CANCELLED and COMPLETED are final.
 */
const TABLE: Record<EventAction, { from: readonly EventStatus[]; to: EventStatus }> = {
  publish: { from: ['DRAFT'], to: 'PUBLISHED' },
  cancel: { from: ['DRAFT', 'PUBLISHED'], to: 'CANCELLED' },
  complete: { from: ['PUBLISHED'], to: 'COMPLETED' },
};

/** The state after the action, or 409 INVALID_TRANSITION when the table has no such row. */
export function eventTransition(from: string, action: EventAction): EventStatus {
  const row = TABLE[action];
  if (!(row.from as readonly string[]).includes(from)) throw invalidTransition('The event', from, row.to);
  return row.to;
}

/** Statuses a member sees; drafts are for those who may edit events. */
export const MEMBER_VISIBLE_STATUSES: readonly EventStatus[] = ['PUBLISHED', 'CANCELLED', 'COMPLETED'];

/** Content can be edited until the event is cancelled or over. */
export const isEditable = (status: string): boolean => status === 'DRAFT' || status === 'PUBLISHED';
