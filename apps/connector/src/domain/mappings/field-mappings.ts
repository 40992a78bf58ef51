import type { EntityType } from '../entity-types';

/**
 * The platform fields a connector's field mappings may point at another source key (text fields
 * only; statuses, dates, flags and structure follow spec section 2 and cannot be remapped).
 * A mapping is `"<ENTITY_TYPE>.<platformField>": "<source key>"`.
 */
export const MAPPABLE_FIELDS: Partial<Record<EntityType, readonly string[]>> = {
  MEMBERS: [
    'email',
    'firstName',
    'lastName',
    'displayName',
    'phoneNumber',
    'jobTitle',
    'company',
    'dateOfBirth',
    'addressLine1',
    'city',
    'postalCode',
    'membershipRenewalDate',
  ],
  ARTICLES: ['title', 'summary', 'slug'],
  EVENTS: ['title', 'description', 'excerpt', 'cost', 'registrationUrl', 'venueName'],
  CONFERENCES: ['title', 'description', 'excerpt', 'cost', 'registrationUrl', 'venueName'],
  COMPANIES: ['companyName', 'description', 'website', 'contactPhone', 'contactEmail'],
  DOCUMENTS: ['title'],
  NOTIFICATIONS: ['title', 'body'],
};

/** A source record as the site's pull answers it (snake_case keys). */
export type SourceRecord = Record<string, unknown>;

/** Reads a platform field from a record: the mapped source key when the connector has one, else the spec's. */
export type FieldReader = (platformField: string, specKey: string) => unknown;

export function fieldReader(record: SourceRecord, entity: EntityType, mappings: Readonly<Record<string, string>>): FieldReader {
  return (platformField, specKey) => record[mappings[`${entity}.${platformField}`] ?? specKey];
}
