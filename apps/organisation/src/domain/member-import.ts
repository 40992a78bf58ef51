import type { OrgRole } from '@platform/auth';
import type { UpsertAction } from '@platform/imports';
import type { identityV1 } from '@platform/proto';
import { PROFILE_FIELDS, type MemberProfile } from './member-fields';
import { overrideFor, type AccountNames, type NameOverrides } from './member-profile';
import type { MembershipLimit } from './membership-limit';
import type { MembershipStatus } from './membership-status';

/** Records one UpsertMembers call takes (the connector pages its import by this). */
export { MAX_UPSERT_BATCH as MAX_IMPORT_BATCH } from '@platform/imports';

/** What an import record may set: never OWNER (ownership changes only by hand), never SUSPENDED or REJECTED. */
export const IMPORT_ROLES = ['ADMIN', 'MANAGER', 'MEMBER', 'GUEST'] as const satisfies readonly OrgRole[];
export const IMPORT_STATUSES = ['ACTIVE', 'PENDING', 'INACTIVE'] as const satisfies readonly MembershipStatus[];

export type ImportAction = UpsertAction;

/**
 * What an import writes of a member's profile and the platform may edit (an administrator's PUT,
 * the person's own renaming of the account): the names the organisation shows and the profile
 * fields but the external id, the key. Its importHash tells a platform edit from a source change;
 * role and status are the membership's lifecycle, not part of it.
 */
export type ImportedProfile = { firstName: string; lastName: string } & Omit<MemberProfile, 'externalId'>;

const IMPORTED_PROFILE_FIELDS = ['firstName', 'lastName', ...PROFILE_FIELDS.filter((field) => field !== 'externalId')] as const;

/** The imported profile of a record or of a membership row. */
export function importedProfileOf(from: ImportedProfile): ImportedProfile {
  return Object.fromEntries(IMPORTED_PROFILE_FIELDS.map((field) => [field, from[field]])) as ImportedProfile;
}

/**
 * The role and status an import gives a membership: the record's when it names them, else the
 * membership's own (or MEMBER and ACTIVE for a new one). An owner's role and status are never changed
 * by an import, so an import can never leave an organisation without an owner.
 */
export function importedRoleAndStatus(
  current: { role: OrgRole; status: MembershipStatus } | undefined,
  record: { role: OrgRole | ''; status: MembershipStatus | '' },
): { role: OrgRole; status: MembershipStatus } {
  if (current?.role === 'OWNER') return current;
  return {
    role: record.role || current?.role || 'MEMBER',
    status: record.status || current?.status || 'ACTIVE',
  };
}

/**
 * One valid import record: the person, their role and status (or '' to keep), the whole profile,
 * and when they registered at the source (a new member's createdAt; not part of the profile).
 */
export type ImportRecord = Omit<MemberProfile, 'externalId'> & {
  externalId: string;
  email: string;
  firstName: string;
  lastName: string;
  status: (typeof IMPORT_STATUSES)[number] | '';
  role: (typeof IMPORT_ROLES)[number] | '';
  registeredAt?: Date | undefined;
};

/** What a record sets on its membership besides its role and status. */
export interface ImportedValues {
  /** The record's names as overrides of the account's own: none where they agree, so the account's later renames show through. */
  overrides: NameOverrides;
  /** The profile columns, the external id included. */
  profile: MemberProfile;
  /** What the import hash covers (see ImportedProfile). */
  wanted: ImportedProfile;
  registeredAt: Date | undefined;
}

/** The values a record gives its membership, against the names of the member's account. */
export function importedValues(record: ImportRecord, account: AccountNames): ImportedValues {
  const { externalId, email: _email, firstName: _first, lastName: _last, status: _status, role: _role, registeredAt, ...rest } = record;
  return {
    overrides: { firstNameOverride: overrideFor(record.firstName, account.firstName), lastNameOverride: overrideFor(record.lastName, account.lastName) },
    profile: { ...rest, externalId },
    wanted: importedProfileOf(record),
    registeredAt,
  };
}

/** A record as sent: valid (record) or not (problem), answered under its externalId either way. */
export interface ImportEntry {
  externalId: string;
  record?: ImportRecord;
  problem?: string;
}

/** What one record came to: its action, the member's account id, and the reason of an ERROR. */
export interface ImportOutcome {
  action: ImportAction;
  userId: string;
  error: string;
  /** SKIP: the externalId of the member this record's person already is (see samePersonAs). */
  sameAsExternalId?: string;
}

export const failedImport = (error: string): ImportOutcome => ({ action: 'ERROR', userId: '', error });

/**
 * A record whose address (compared without case, as identity keeps one account per address) is
 * the account of a member imported under another externalId: the same person, e.g. a site with two
 * users whose addresses differ only in case. It becomes no second membership and no error: the
 * record is answered SKIP with that member, whose profile, role and status stay those of the
 * record that made it (the first imported), so a re-sync of either never flips the member between
 * the two and nothing is written for the second.
 */
export const samePersonAs = (accountId: string, externalId: string): ImportOutcome => ({
  action: 'SKIP',
  userId: accountId,
  error: '',
  sameAsExternalId: externalId,
});

/** The account identity found or created for a record's email, or why not; none for a record known by its externalId. */
export type FoundAccount = { account: identityV1.Account; created: boolean } | Error | undefined;

/** One transaction's share of an import call: its records, each with the account of its email. */
export interface ImportChunk {
  orgId: string;
  roles: ReadonlyMap<OrgRole, { id: string; name: OrgRole }>;
  /** maxOrganisationsPerUser, read before the transaction. */
  limit: MembershipLimit;
  records: readonly { entry: ImportEntry; found: FoundAccount }[];
}
