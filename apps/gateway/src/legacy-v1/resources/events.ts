import { type MemberRequest, callAsMember, type LegacyAnswer } from '../legacy-context';
import { LegacyError } from '../legacy-error';
import { idParam, legacyList, legacyPaging, platformPage, type PlatformPage, trimmedParam } from '../legacy-params';
import { excerptOf, legacyDate, legacyMillis, orNull } from '../legacy-values';

/** An event as the platform's REST API answers it (the fields the old app's shape is made of). */
export interface PlatformEvent {
  id: string;
  title?: string;
  description?: string;
  eventType?: string;
  status?: string;
  startDate?: string;
  endDate?: string;
  venueName?: string;
  address?: { street?: string; city?: string; province?: string; postalCode?: string; country?: string } | null;
  excerpt?: string;
  isAllDay?: boolean;
  isVirtual?: boolean;
  isFree?: boolean;
  cost?: string;
  basePrice?: number | string | null;
  currency?: string;
  registrationUrl?: string;
  featuredImageUrl?: string;
  attendingCount?: number;
  publishedAt?: string | null;
  createdAt?: string;
  updatedAt?: string;
}

/** The old site's post statuses: what was published stays `publish`; a cancellation is said as such. */
const STATUS: Record<string, string> = { PUBLISHED: 'publish', COMPLETED: 'publish', DRAFT: 'draft', CANCELLED: 'cancelled' };

const notFound = () => new LegacyError('POST_NOT_FOUND', 'Invalid post ID.');

/**
 * An event in the old app's shape (docs/legacy-site.md, app endpoints). What the platform does not
 * keep is null: a slug, a permalink, whether the caller attends (docs/mobile-migration.md).
 */
export function legacyEvent(event: PlatformEvent): Record<string, unknown> {
  const address = event.address ?? {};
  const hasLocation = Boolean(event.venueName || address.street || address.city);
  const price = event.basePrice === null || event.basePrice === undefined || event.basePrice === '' ? null : String(event.basePrice);
  return {
    id: event.id,
    type: event.eventType === 'CONFERENCE' ? 'conference' : 'event',
    status: STATUS[event.status ?? ''] ?? 'publish',
    title: event.title ?? '',
    slug: null,
    date: legacyDate(event.publishedAt || event.createdAt),
    modified: legacyDate(event.updatedAt),
    link: null,
    featured_image: orNull(event.featuredImageUrl),
    excerpt: excerptOf(event.excerpt, event.description),
    content: event.description ?? '',
    start: legacyDate(event.startDate),
    end: legacyDate(event.endDate),
    start_ms: legacyMillis(event.startDate),
    end_ms: legacyMillis(event.endDate),
    all_day: event.isAllDay ?? false,
    is_virtual: event.isVirtual ?? event.eventType === 'VIRTUAL',
    cost: orNull(event.cost) ?? (price === null ? null : `${price} ${event.currency ?? ''}`.trim()),
    registration_url: orNull(event.registrationUrl),
    location: hasLocation
      ? {
          name: orNull(event.venueName),
          address: orNull(address.street),
          city: orNull(address.city),
          state: orNull(address.province),
          zip_code: orNull(address.postalCode),
          country: orNull(address.country),
        }
      : null,
    attending_count: event.attendingCount ?? 0,
    is_attending: null,
  };
}

/** `scope` of the list: upcoming (default, soonest first), past (latest first) or all. */
function scopeQuery(scope: string | undefined, now: Date): Record<string, string> {
  switch (scope ?? 'upcoming') {
    case 'upcoming':
      return { from: now.toISOString(), sort: 'startDate,asc' };
    case 'past':
      return { to: now.toISOString(), sort: 'startDate,desc' };
    case 'all':
      return { sort: 'startDate,asc' };
    default:
      throw LegacyError.invalidParam('scope', 'scope is not one of upcoming, past, all.');
  }
}

/** GET|POST /api/v1/events: the list (scope, search, page, per_page) or one event (id). Attendance is not taken here. */
export async function events(ctx: MemberRequest, now = new Date()): Promise<LegacyAnswer> {
  const base = `/api/orgs/${ctx.org.id}/events`;
  if (trimmedParam(ctx.params, 'action') !== undefined) {
    throw new LegacyError('READ_ONLY', 'Registrations are made in the association’s new app.');
  }
  const id = idParam(ctx.params, notFound());
  if (id) {
    const event = await callAsMember<PlatformEvent>(ctx, { method: 'GET', path: `${base}/${id}`, errors: { 404: 'POST_NOT_FOUND', 400: 'POST_NOT_FOUND' } });
    return { body: legacyEvent(event), successor: `${base}/${id}` };
  }
  const paging = legacyPaging(ctx.params);
  const query = { ...scopeQuery(trimmedParam(ctx.params, 'scope'), now), search: trimmedParam(ctx.params, 'search'), ...platformPage(paging) };
  const page = await callAsMember<PlatformPage<PlatformEvent>>(ctx, { method: 'GET', path: base, query });
  return { body: legacyList(page, paging, legacyEvent), successor: base };
}
