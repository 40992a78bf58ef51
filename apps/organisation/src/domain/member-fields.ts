import type { organisationEventsV1 } from '@platform/proto';

/**
 * The member profile of spec section 2 (member mapping): what one organisation records about a
 * member besides the names, as the legacy migration and the connector bring it. Text and dates are
 * null when not set; the flags default to false.
 */
export interface MemberProfile {
  displayName: string | null;
  phoneNumber: string | null;
  jobTitle: string | null;
  company: string | null;
  dateOfBirth: Date | null;
  addressLine1: string | null;
  city: string | null;
  postalCode: string | null;
  isCertified: boolean;
  membershipRenewalDate: Date | null;
  isExcludedFromListing: boolean;
  externalId: string | null;
}

export type ProfileField = keyof MemberProfile;

export const PROFILE_FIELDS: readonly ProfileField[] = [
  'displayName',
  'phoneNumber',
  'jobTitle',
  'company',
  'dateOfBirth',
  'addressLine1',
  'city',
  'postalCode',
  'isCertified',
  'membershipRenewalDate',
  'isExcludedFromListing',
  'externalId',
];

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar date `YYYY-MM-DD` as midnight UTC, or undefined when it is not a real date. */
export function parseIsoDate(text: string): Date | undefined {
  const match = ISO_DATE.exec(text);
  if (!match) return undefined;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().startsWith(text) ? date : undefined;
}

/** `YYYY-MM-DD` of a date column (midnight UTC), '' for none. */
export function formatIsoDate(date: Date | null | undefined): string {
  return date ? date.toISOString().slice(0, 10) : '';
}

const same = (a: MemberProfile[ProfileField], b: MemberProfile[ProfileField]): boolean =>
  a instanceof Date || b instanceof Date ? formatIsoDate(a as Date | null) === formatIsoDate(b as Date | null) : a === b;

/** The profile fields whose value `next` changes (fields absent from `next` are kept). */
export function changedProfileFields(current: MemberProfile, next: Partial<MemberProfile>): ProfileField[] {
  return PROFILE_FIELDS.filter((field) => field in next && next[field] !== undefined && !same(current[field], next[field] as MemberProfile[ProfileField]));
}

/** The profile of a membership row (or any object carrying the fields). */
export function profileOf(row: MemberProfile): MemberProfile {
  return Object.fromEntries(PROFILE_FIELDS.map((field) => [field, row[field]])) as unknown as MemberProfile;
}

/** The profile fields as text on the wire, '' for a text or date not set (dates as `YYYY-MM-DD`), the external id aside. */
export function profileWireValues(p: MemberProfile) {
  return {
    displayName: p.displayName ?? '',
    phoneNumber: p.phoneNumber ?? '',
    jobTitle: p.jobTitle ?? '',
    company: p.company ?? '',
    dateOfBirth: formatIsoDate(p.dateOfBirth),
    addressLine1: p.addressLine1 ?? '',
    city: p.city ?? '',
    postalCode: p.postalCode ?? '',
    isCertified: p.isCertified,
    membershipRenewalDate: formatIsoDate(p.membershipRenewalDate),
    isExcludedFromListing: p.isExcludedFromListing,
  };
}

/** The profile a member's profile-changed event carries: the names and every profile field but the external id, dates as `YYYY-MM-DD`. */
export function profileValues(row: MemberProfile & { firstName: string; lastName: string }): organisationEventsV1.MemberProfileValues {
  return { firstName: row.firstName, lastName: row.lastName, ...profileWireValues(row) };
}
