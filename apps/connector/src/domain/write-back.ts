import type { eventLifecycleV1, organisationEventsV1 } from '@platform/proto';
import type { EntityType } from './entity-types';

/**
 * Write-back (spec 4.11: "the platform writes back only member profile fields and event fields
 * through the two PUT sync endpoints"): a platform-side change becomes a partial record for
 * `PUT /sync/members/{id}` or `PUT /sync/events/{id}`, the inverse of the import mappings
 * (mappings/members.ts, mappings/events.ts). Only the fields that changed are sent, so a change
 * made on the site meanwhile to another field is never overwritten.
 */

/** The entity types whose platform changes go back to the site, and the site's PUT path of each. */
export const WRITE_BACK_PATHS = { MEMBERS: 'members', EVENTS: 'events' } as const satisfies Partial<Record<EntityType, string>>;
export type WriteBackEntity = keyof typeof WRITE_BACK_PATHS;

/** A change for the site: each platform field it carries → that field's site keys and values. */
export type SiteUpdate = Record<string, Record<string, unknown>>;

/** The partial record a PUT sends. */
export function bodyOf(update: SiteUpdate): Record<string, unknown> {
  return Object.assign({}, ...Object.values(update)) as Record<string, unknown>;
}

type MemberValues = organisationEventsV1.MemberProfileValues;

/** Member profile field → the spec 2 member key and its value for the site (inverse of the import). */
const MEMBER_FIELDS: Record<string, { key: string; value: (p: MemberValues) => unknown }> = {
  firstName: { key: 'first_name', value: (p) => p.firstName },
  lastName: { key: 'last_name', value: (p) => p.lastName },
  displayName: { key: 'display_name', value: (p) => p.displayName },
  phoneNumber: { key: 'mobile_number', value: (p) => p.phoneNumber },
  jobTitle: { key: 'job_title', value: (p) => p.jobTitle },
  company: { key: 'company_organization', value: (p) => p.company },
  dateOfBirth: { key: 'birthday', value: (p) => p.dateOfBirth },
  addressLine1: { key: 'street_address', value: (p) => p.addressLine1 },
  city: { key: 'city', value: (p) => p.city },
  postalCode: { key: 'zip', value: (p) => p.postalCode },
  isCertified: { key: 'is_certified', value: (p) => p.isCertified },
  membershipRenewalDate: { key: 'renewal_date', value: (p) => p.membershipRenewalDate },
  isExcludedFromListing: { key: 'is_exclude_listing', value: (p) => p.isExcludedFromListing },
};

type EventValues = eventLifecycleV1.EventDetails;

/** Event field → the site's event keys and values; times go back to local wall-clock Unix ms (the connector's offset). */
const EVENT_FIELDS: Record<string, (e: EventValues, offsetMinutes: number) => Record<string, unknown>> = {
  title: (e) => ({ post_title: e.title }),
  description: (e) => ({ post_content: e.description }),
  excerpt: (e) => ({ post_excerpt: e.excerpt }),
  startDate: (e, offset) => ({ _event_date_time_start: utcToLocalMillis(e.startDate, offset) }),
  endDate: (e, offset) => ({ _event_date_time_end: utcToLocalMillis(e.endDate, offset) }),
  isAllDay: (e) => ({ _event_all_day: e.isAllDay }),
  isVirtual: (e) => ({ _event_is_virtual: e.isVirtual }),
  cost: (e) => ({ _event_cost: e.cost }),
  registrationUrl: (e) => ({ _event_url: e.registrationUrl }),
  venueName: (e) => ({ _location_name: e.venueName }),
  address: (e) => ({
    _location_address: e.street,
    _location_city: e.city,
    _location_state: e.province,
    _location_zip_code: e.postalCode,
    _location_country: e.country,
  }),
};

/** A UTC instant (ISO 8601) → the site's local wall-clock Unix milliseconds, by the offset east of UTC (inverse of localMillisToUtc). */
export function utcToLocalMillis(iso: string, offsetMinutes: number): number | undefined {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? undefined : ms + offsetMinutes * 60_000;
}

/**
 * A field the connector's field mappings read from another source key is not written back: the
 * site's PUT takes the spec's keys only, and writing the spec's key would put the value where the
 * import does not read it.
 */
const mapped = (entity: WriteBackEntity, field: string, mappings: Readonly<Record<string, string>>) => `${entity}.${field}` in mappings;

/**
 * The member fields of a profile change for the site: each changed field the site holds, with its
 * value after the change. Not sent: the external id (the platform's own), a display name cleared
 * (the site requires one), fields the connector maps from another source key.
 */
export function memberSiteUpdate(changedFields: readonly string[], profile: MemberValues, mappings: Readonly<Record<string, string>>): SiteUpdate {
  const update: SiteUpdate = {};
  for (const field of changedFields) {
    const target = MEMBER_FIELDS[field];
    if (!target || mapped('MEMBERS', field, mappings)) continue;
    const value = target.value(profile);
    if (field === 'displayName' && value === '') continue;
    update[field] = { [target.key]: value };
  }
  return update;
}

/**
 * The event fields of an edit for the site: each changed field the site holds (the address as its
 * five `_location_*` keys). Not sent: the platform's own fields (prices, capacity, registration,
 * category, type, survey), fields the connector maps from another source key.
 */
export function eventSiteUpdate(
  changedFields: readonly string[],
  event: EventValues,
  offsetMinutes: number,
  mappings: Readonly<Record<string, string>>,
): SiteUpdate {
  const update: SiteUpdate = {};
  for (const field of changedFields) {
    const keys = EVENT_FIELDS[field];
    if (!keys || mapped('EVENTS', field, mappings)) continue;
    const values = keys(event, offsetMinutes);
    if (Object.values(values).some((v) => v === undefined)) continue;
    update[field] = values;
  }
  return update;
}

/**
 * The fields of a change not yet overtaken: a field whose last written change is as recent as this
 * one or newer is dropped (a retried, late message never overwrites a newer value on the site).
 */
export function freshUpdate(update: SiteUpdate, occurredAt: string, written: Readonly<Record<string, unknown>>): SiteUpdate {
  const at = Date.parse(occurredAt);
  return Object.fromEntries(
    Object.entries(update).filter(([field]) => {
      const last = written[field];
      return typeof last !== 'string' || Number.isNaN(at) || Date.parse(last) < at;
    }),
  );
}

/**
 * Whether a connector writes back changes of this entity type: its status is ACTIVE or ERROR (the
 * statuses with automatic traffic; PAUSED and DISABLED get nothing), write-back is on (off: a
 * read-only site), and the type is still enabled.
 */
export function writesBack(connector: { status: string; writeBack: boolean; enabledEntityTypes: readonly string[] }, entity: WriteBackEntity): boolean {
  return (connector.status === 'ACTIVE' || connector.status === 'ERROR') && connector.writeBack && connector.enabledEntityTypes.includes(entity);
}
