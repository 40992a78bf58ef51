import type { organisationV1 } from '@platform/proto';
import { fieldReader, type SourceRecord } from './field-mappings';
import { failed, upsert, type Mapped } from './mapped';
import { memberNames, namesNote } from './member-names';
import { externalIdOf, flag, gmtDate, text } from './values';

/** Membership status and role of a source role (spec 2): association-member ACTIVE, pending-review PENDING, administrator ACTIVE ADMIN, any other INACTIVE. */
export function membershipOf(role: string): { status: 'ACTIVE' | 'PENDING' | 'INACTIVE'; role: '' | 'ADMIN' } {
  switch (role) {
    case 'association-member':
      return { status: 'ACTIVE', role: '' };
    case 'pending-review':
      return { status: 'PENDING', role: '' };
    case 'administrator':
      return { status: 'ACTIVE', role: 'ADMIN' };
    default:
      return { status: 'INACTIVE', role: '' };
  }
}

/** The source record's role: `role`, else the first of `roles`. */
function roleOf(record: SourceRecord): string {
  const role = text(record['role']);
  if (role) return role;
  const roles = record['roles'];
  return Array.isArray(roles) && typeof roles[0] === 'string' ? roles[0] : '';
}

/**
 * A member of `/sync/members` → organisation's MemberRecord (spec 2 Member table). No password is
 * ever read or sent: imported members set one through the password-reset flow. A role other than
 * administrator leaves the platform role as it is (MEMBER for a new member). user_registered (GMT,
 * as the CMS keeps it) becomes a new member's createdAt; a missing or zero date sends none (now).
 * A member without a first or last name at the site gets them from its other fields (memberNames):
 * the platform requires both, and an association cannot leave a member behind; the note says whence.
 */
export function mapMember(record: SourceRecord, mappings: Readonly<Record<string, string>>): Mapped<organisationV1.MemberRecord> {
  const externalId = externalIdOf(record);
  if (!externalId) return failed('', 'the record has no id');
  const read = fieldReader(record, 'MEMBERS', mappings);
  const email = (text(read('email', 'user_email')) || text(record['email'])).trim();
  if (!email) return failed(externalId, 'the member has no email address');
  const { status, role } = membershipOf(roleOf(record));
  const displayName = text(read('displayName', 'display_name'));
  const names = memberNames({
    firstName: text(read('firstName', 'first_name')),
    lastName: text(read('lastName', 'last_name')),
    displayName,
    nicename: text(record['user_nicename']),
    email,
  });
  return upsert(
    externalId,
    {
      externalId,
      email,
      firstName: names.firstName,
      lastName: names.lastName,
      status,
      role,
      displayName,
      phoneNumber: text(read('phoneNumber', 'mobile_number')),
      jobTitle: text(read('jobTitle', 'job_title')),
      company: text(read('company', 'company_organization')),
      dateOfBirth: text(read('dateOfBirth', 'birthday')),
      addressLine1: text(read('addressLine1', 'street_address')),
      city: text(read('city', 'city')),
      postalCode: text(read('postalCode', 'zip')),
      isCertified: flag(record['is_certified']),
      membershipRenewalDate: text(read('membershipRenewalDate', 'renewal_date')),
      isExcludedFromListing: flag(record['is_exclude_listing']),
      registeredAt: gmtDate(record['user_registered']),
    },
    namesNote(names),
  );
}
