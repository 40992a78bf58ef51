import { PlatformError } from '@platform/errors';
import type { AsyncService } from '@platform/grpc-server';
import type { eventsV1, filesV1 } from '@platform/proto';
import { locationOf } from '../app/registration-facts';
import type { EventsDeps } from '../deps';
import { calendarOf, CALENDAR_STATUSES, type CalendarEntry } from '../domain/calendar';
import { eventNotFound } from '../domain/errors';
import { calendarEvents, findEvent, type EventRow } from '../store/events';

type CalendarHandlers = Pick<AsyncService<eventsV1.EventsServiceServer>, 'getOrganisationCalendar' | 'getEventCalendar'>;

/** A feed shows events that ended within the last year, at most this many. */
const FEED_LIMIT = 1000;
const FEED_PAST_MS = 365 * 24 * 3600 * 1000;
const CHUNK_BYTES = 64 * 1024;
const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const EVENT_FILE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.ics$/i;

const entryOf = (e: EventRow): CalendarEntry => ({
  id: e.id,
  title: e.title,
  description:
    e.excerpt ||
    e.description
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
  status: e.status,
  startDate: e.startDate,
  endDate: e.endDate,
  isAllDay: e.isAllDay,
  location: locationOf(e),
  url: e.registrationUrl,
  updatedAt: e.updatedAt,
});

/** Sends a calendar as a download: the metadata, then the text in chunks. */
async function sendCalendar(send: (m: filesV1.FileChunk) => Promise<void>, ics: string, fileName: string): Promise<void> {
  const bytes = Buffer.from(ics, 'utf8');
  await send({
    metadata: {
      contentType: 'text/calendar; charset=utf-8',
      contentLength: String(bytes.length),
      totalLength: String(bytes.length),
      etag: '',
      fileName,
      partial: false,
      rangeStart: '0',
      inline: true,
    },
  });
  for (let offset = 0; offset < bytes.length; offset += CHUNK_BYTES) await send({ data: bytes.subarray(offset, offset + CHUNK_BYTES) });
}

/**
 * GET /api/public/orgs/{slug}/events.ics and …/events/{eventId}.ics (public): RFC 5545 feeds a
 * calendar app subscribes to. Drafts never appear; cancelled events stay, marked CANCELLED.
 */
export function calendarHandlers(deps: EventsDeps): CalendarHandlers {
  const organizationBySlug = async (slug: string, ctx: Parameters<CalendarHandlers['getOrganisationCalendar']>[2]) => {
    if (!SLUG.test(slug)) throw PlatformError.notFound('Organisation');
    const org = await deps.organisations.bySlug(slug, ctx);
    if (!org) throw PlatformError.notFound('Organisation');
    return org;
  };
  return {
    async getOrganisationCalendar(request, send, ctx) {
      const org = await organizationBySlug(request.slug, ctx);
      const now = deps.now();
      const rows = await calendarEvents(deps.db, org.id, CALENDAR_STATUSES, new Date(now.getTime() - FEED_PAST_MS), FEED_LIMIT);
      await sendCalendar(send, calendarOf(`${org.name} events`, rows.map(entryOf), now), `${request.slug}-events.ics`);
    },

    async getEventCalendar(request, send, ctx) {
      const eventId = EVENT_FILE.exec(request.eventFile)?.[1];
      if (eventId === undefined) throw eventNotFound();
      const org = await organizationBySlug(request.slug, ctx);
      const row = await findEvent(deps.db, org.id, eventId.toLowerCase());
      if (!row || !(CALENDAR_STATUSES as readonly string[]).includes(row.status)) throw eventNotFound();
      await sendCalendar(send, calendarOf(row.title, [entryOf(row)], deps.now()), `${row.id}.ics`);
    },
  };
}
