import { z } from 'zod';
import { pagedEnvelope, parsePageQuery } from '@platform/db';
import { PlatformError, searchTerm, uuid, validate } from '@platform/errors';
import { callerOf, type AsyncService } from '@platform/grpc-server';
import type { eventsV1 } from '@platform/proto';
import { cancelEvent, deleteEvent, publishEvent } from '../app/event-lifecycle';
import { updateEvent } from '../app/update-event';
import type { EventsDeps } from '../deps';
import { parseRange } from '../domain/date-range';
import { eventNotFound } from '../domain/errors';
import { crossFieldViolations, eventInputSchema, type EventFields } from '../domain/event-input';
import { EVENT_STATUSES, MEMBER_VISIBLE_STATUSES } from '../domain/event-status';
import { seesDrafts } from '../domain/visibility';
import { createDraftEvent } from '../store/event-writes';
import { findEvent, queryEvents } from '../store/events';
import { toEventMessage } from './mappers';

type EventHandlers = Pick<
  AsyncService<eventsV1.EventsServiceServer>,
  'createEvent' | 'listEvents' | 'getEvent' | 'updateEvent' | 'deleteEvent' | 'publishEvent' | 'cancelEvent'
>;

const ref = z.object({ organizationId: uuid, eventId: uuid });
const listInput = z.object({
  organizationId: uuid,
  status: z.union([z.literal(''), z.enum(EVENT_STATUSES, { message: `must be one of ${EVENT_STATUSES.join(', ')}` })]),
  category: z.string().trim().max(100, 'must be at most 100 characters'),
  search: searchTerm,
});
const cancelInput = ref.extend({ reason: z.string().trim().min(1, 'is required').max(2000, 'must be at most 2000 characters') });
const SORTABLE = ['startDate', 'title', 'createdAt'] as const;

/** The event fields of a create or update, validated field by field and across fields (400 naming each). */
export function eventFields(input: unknown): EventFields {
  if (input === undefined || input === null) throw PlatformError.validation([{ field: '(body)', message: 'is required' }]);
  const fields = validate(eventInputSchema, input);
  const violations = crossFieldViolations(fields);
  if (violations.length > 0) throw PlatformError.validation(violations, `Invalid ${violations.map((v) => v.field).join(', ')}`);
  return fields;
}

export function eventHandlers(deps: EventsDeps): EventHandlers {
  return {
    async createEvent(request) {
      const { organizationId } = validate(z.object({ organizationId: uuid }), request);
      const fields = eventFields(request.event);
      const row = await createDraftEvent(deps.db, organizationId, fields);
      return toEventMessage(row);
    },

    async listEvents(request, ctx) {
      const input = validate(listInput, request);
      const range = parseRange(request.from, request.to);
      if (Array.isArray(range)) throw PlatformError.validation(range);
      const page = parsePageQuery(request, { sortable: SORTABLE, defaultSort: { field: 'startDate', direction: 'asc' } });
      const visible = seesDrafts(callerOf(ctx)) ? EVENT_STATUSES : MEMBER_VISIBLE_STATUSES;
      const statuses = input.status ? visible.filter((s) => s === input.status) : visible;
      const { rows, total } = await queryEvents(deps.db, {
        organizationId: input.organizationId,
        statuses,
        category: input.category || undefined,
        from: range.from,
        to: range.to,
        words: input.search.split(/\s+/).filter((w) => w !== ''),
        orderBy: [{ [page.sort.field]: page.sort.direction }, { id: 'asc' }],
        skip: page.skip,
        take: page.take,
      });
      return pagedEnvelope(rows.map(toEventMessage), total, page);
    },

    async getEvent(request, ctx) {
      const input = validate(ref, request);
      const row = await findEvent(deps.db, input.organizationId, input.eventId);
      if (!row || (row.status === 'DRAFT' && !seesDrafts(callerOf(ctx)))) throw eventNotFound();
      return toEventMessage(row);
    },

    /**
     * A full replacement of the fields; a raised maxAttendees fills the new places from the waiting
     * list at once. An edit that changed something is announced (events.event.updated).
     */
    async updateEvent(request, ctx) {
      const input = validate(ref, request);
      const fields = eventFields(request.event);
      return toEventMessage(await updateEvent(deps, input, fields, callerOf(ctx).sub));
    },

    /**
     * A soft delete. A PUBLISHED event with live registrations is 409: cancelling it first tells
     * the registrants (a deleted event would leave them registered for nothing, unaware).
     */
    async deleteEvent(request) {
      const input = validate(ref, request);
      await deleteEvent(deps, input);
      return {};
    },

    async publishEvent(request, ctx) {
      const input = validate(ref, request);
      return toEventMessage(await publishEvent(deps, input, callerOf(ctx).sub));
    },

    async cancelEvent(request) {
      const input = validate(cancelInput, request);
      return toEventMessage(await cancelEvent(deps, input, input.reason));
    },
  };
}
