import type { eventsV1 } from '@platform/proto';
import { fieldReader, type SourceRecord } from './field-mappings';
import { failed, skip, upsert, type Mapped } from './mapped';
import { externalIdOf, flag, gmtDate, localMillisToUtc, text } from './values';

const HOUR_MS = 3_600_000;

/**
 * Event status (spec 2): publish PUBLISHED, draft DRAFT, private DRAFT flagged for review, trash not
 * imported; others DRAFT. A published event already over is COMPLETED, as the platform's own rule
 * makes it (spec 3 Event; the events service completes ended events), so a re-sync never flips it back.
 */
export function eventStatus(postStatus: string, ended = false): { status: 'PUBLISHED' | 'DRAFT' | 'COMPLETED'; needsReview: boolean } | 'not-imported' {
  switch (postStatus) {
    case 'publish':
      return { status: ended ? 'COMPLETED' : 'PUBLISHED', needsReview: false };
    case 'private':
      return { status: 'DRAFT', needsReview: true };
    case 'trash':
      return 'not-imported';
    default:
      return { status: 'DRAFT', needsReview: false };
  }
}

/**
 * An event of `/sync/events` or a conference of `/sync/conferences` → events' UpsertEventRecord
 * (spec 2 Event table and Conference row). Start and end are local wall-clock Unix milliseconds:
 * UTC = local − the connector's offset. A conference is a CONFERENCE; an event is VIRTUAL when
 * virtual (HYBRID when it also has a place), else IN_PERSON. Without an end, the end is the start
 * plus one hour (a whole day for an all-day event): the platform's events need one. A published
 * event whose end is before `now` is COMPLETED. `post_date_gmt` and `post_modified_gmt` become the
 * event's createdAt and updatedAt.
 */
export function mapEvent(
  record: SourceRecord,
  kind: 'EVENTS' | 'CONFERENCES',
  offsetMinutes: number,
  mappings: Readonly<Record<string, string>>,
  now: Date,
): Mapped<eventsV1.UpsertEventRecord> {
  const externalId = externalIdOf(record);
  if (!externalId) return failed('', 'the record has no id');
  if (text(record['post_status']) === 'trash') return skip(externalId, 'in the trash: not imported');
  const meta = kind === 'CONFERENCES' ? '_conference_' : '_event_';
  const read = fieldReader(record, kind, mappings);
  const start = localMillisToUtc(record[`${meta}date_time_start`], offsetMinutes);
  if (!start) return failed(externalId, `no start time (${meta}date_time_start)`);
  const isAllDay = flag(record[`${meta}all_day`]);
  const end = localMillisToUtc(record[`${meta}date_time_end`], offsetMinutes) ?? new Date(start.getTime() + (isAllDay ? 24 : 1) * HOUR_MS);
  const state = eventStatus(text(record['post_status']), end.getTime() <= now.getTime());
  if (state === 'not-imported') return skip(externalId, 'in the trash: not imported');
  const isVirtual = flag(record[`${meta}is_virtual`]);
  const address = {
    street: text(record['_location_address']),
    city: text(record['_location_city']),
    province: text(record['_location_state']),
    postalCode: text(record['_location_zip_code']),
    country: text(record['_location_country']),
  };
  const venueName = text(read('venueName', '_location_name'));
  const hasPlace = venueName !== '' || Object.values(address).some((v) => v !== '');
  const eventType = kind === 'CONFERENCES' ? 'CONFERENCE' : isVirtual ? (hasPlace ? 'HYBRID' : 'VIRTUAL') : 'IN_PERSON';
  const attending = Number(record['_event_attending_count']);
  return upsert(externalId, {
    externalId,
    status: state.status,
    needsReview: state.needsReview,
    attendingCount: kind === 'EVENTS' && Number.isInteger(attending) && attending > 0 ? attending : 0,
    sourceCreatedAt: gmtDate(record['post_date_gmt']),
    sourceUpdatedAt: gmtDate(record['post_modified_gmt']),
    event: {
      title: text(read('title', 'post_title')),
      description: text(read('description', 'post_content')),
      eventType,
      category: '',
      startDate: start.toISOString(),
      endDate: end.toISOString(),
      venueName,
      address,
      locationTypeNote: '',
      registrationRequired: false,
      waitingListEnabled: false,
      isFree: false,
      earlyBirdDeadline: '',
      currency: '',
      excerpt: text(read('excerpt', 'post_excerpt')),
      isAllDay,
      isVirtual,
      cost: text(read('cost', `${meta}cost`)),
      registrationUrl: text(read('registrationUrl', `${meta}url`)),
      featuredImageUrl: text(record['featured_image_url']),
      surveyQuestions: [],
    },
  });
}
