import { z } from 'zod';
import { isUniqueViolation } from '@platform/db';
import { PlatformError, uuid, validate } from '@platform/errors';
import { MAX_UPSERT_BATCH } from '@platform/imports';
import type { AsyncService } from '@platform/grpc-server';
import type { eventsV1 } from '@platform/proto';
import { upsertEvent } from '../app/upsert-events';
import type { EventsDeps } from '../deps';
import { EVENT_STATUSES } from '../domain/event-status';
import { eventFields } from './events';

/** At most this many records a call (the connector pages by it). */

const batchInput = z.object({
  organizationId: uuid,
  records: z.array(z.unknown()).min(1, 'must not be empty').max(MAX_UPSERT_BATCH, `must have at most ${MAX_UPSERT_BATCH} records`),
});
const recordMeta = z.object({
  externalId: z.string().trim().min(1, 'is required').max(200, 'must be at most 200 characters'),
  status: z.enum(EVENT_STATUSES, { message: `must be one of ${EVENT_STATUSES.join(', ')}` }),
  attendingCount: z.number().int().min(0, 'must be 0 or more'),
});

const messageOf = (err: unknown): string =>
  err instanceof PlatformError ? [err.message, ...err.violations.map((v) => `${v.field} ${v.message}`)].join('; ') : 'internal error';

/** UpsertEvents (internal, service tokens only): CREATE, UPDATE, SKIP or FAILED per record, in order. */
export function upsertHandlers(deps: EventsDeps): Pick<AsyncService<eventsV1.EventsServiceServer>, 'upsertEvents'> {
  return {
    async upsertEvents(request, ctx) {
      const { organizationId } = validate(batchInput, request);
      const results: eventsV1.UpsertEventResult[] = [];
      for (const record of request.records) {
        try {
          const meta = validate(recordMeta, record);
          const fields = eventFields(record.event);
          const { action, eventId } = await upsertEvent(deps, organizationId, {
            ...meta,
            fields,
            needsReview: record.needsReview,
            sourceCreatedAt: record.sourceCreatedAt,
            sourceUpdatedAt: record.sourceUpdatedAt,
          });
          results.push({ externalId: meta.externalId, action, eventId, error: '' });
        } catch (err) {
          if (!(err instanceof PlatformError) && !isUniqueViolation(err)) ctx.logger.error({ err, externalId: record.externalId }, 'an imported event failed');
          results.push({
            externalId: record.externalId,
            action: 'FAILED',
            eventId: '',
            error: isUniqueViolation(err) ? 'a concurrent import wrote it' : messageOf(err),
          });
        }
      }
      ctx.logger.info({ organizationId, records: results.length }, 'events upserted');
      return { results };
    },
  };
}
