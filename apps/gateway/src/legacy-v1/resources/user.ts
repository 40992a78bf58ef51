import { type MemberRequest, callAsMember, type LegacyAnswer } from '../legacy-context';
import { LegacyError } from '../legacy-error';
import { legacyDate, orNull } from '../legacy-values';
import { deviceOf, registerDevice } from './devices';
import { type PlatformMember, legacyMember } from './members';

/** The member's own profile as the platform answers it (GET /api/orgs/{orgId}/users/{userId}). */
export interface PlatformProfile extends PlatformMember {
  status?: string;
  roles?: string[];
  dateOfBirth?: string | null;
  addressLine1?: string | null;
  postalCode?: string | null;
  membershipRenewalDate?: string | null;
  isExcludedFromListing?: boolean | null;
  createdAt?: string | null;
  joinedAt?: string;
}

/** Profile fields the old app could edit: the platform's own app edits them now. */
const PROFILE_FIELDS = [
  'display_name',
  'first_name',
  'last_name',
  'mobile_number',
  'job_title',
  'company_organization',
  'birthday',
  'street_address',
  'city',
  'state',
  'zip',
  'is_exclude_listing',
];

/** The old site's role of a member: the spec's role mapping (section 2) read backwards. */
export function legacyRoleOf(roles: string[] | undefined, status: string | undefined): string {
  if (roles?.some((r) => r === 'OWNER' || r === 'ADMIN')) return 'administrator';
  if (status === 'ACTIVE') return 'association-member';
  if (status === 'PENDING') return 'pending-review';
  return (status ?? 'inactive').toLowerCase();
}

/** The caller's profile in the old app's shape. The platform's user name is the email; devices are not listed. */
export function legacyProfile(profile: PlatformProfile): Record<string, unknown> {
  return {
    ...legacyMember(profile),
    username: orNull(profile.email),
    role: legacyRoleOf(profile.roles, profile.status),
    birthday: orNull(profile.dateOfBirth),
    street_address: orNull(profile.addressLine1),
    zip: orNull(profile.postalCode),
    renewal_date: orNull(profile.membershipRenewalDate),
    is_exclude_listing: profile.isExcludedFromListing ?? false,
    registered: legacyDate(profile.createdAt || profile.joinedAt),
    devices: [],
  };
}

export const profilePathOf = (ctx: MemberRequest): string => `/api/orgs/${ctx.org.id}/users/${ctx.session.claims.sub}`;

/**
 * GET|POST /api/v1/user: the caller's profile. A POST may register the device for push
 * (`device_token`); profile edits are refused as the site refused them in read-only mode.
 */
export async function user(ctx: MemberRequest): Promise<LegacyAnswer> {
  const edits = PROFILE_FIELDS.filter((field) => ctx.params[field] !== undefined);
  if (ctx.req.method === 'POST' && edits.length > 0) {
    throw new LegacyError('READ_ONLY', 'Profiles are edited in the association’s new app.');
  }
  const device = ctx.req.method === 'POST' ? deviceOf(ctx.params) : undefined;
  if (device) await registerDevice(ctx, device);
  const path = profilePathOf(ctx);
  const profile = await callAsMember<PlatformProfile>(ctx, { method: 'GET', path, errors: { 404: 'USER_NOT_FOUND' } });
  return { body: legacyProfile(profile), successor: path };
}
