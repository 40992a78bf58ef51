import type { OrgRole } from '@platform/auth';
import type { MemberProfile } from './member-fields';
import type { MembershipStatus } from './membership-status';

/** Records one UpsertMembers call takes (the connector pages its import by this). */
export { MAX_UPSERT_BATCH as MAX_IMPORT_BATCH } from '@platform/imports';

/** What an import record may set: never OWNER (ownership changes only by hand), never SUSPENDED or REJECTED. */
export const IMPORT_ROLES = ['ADMIN', 'MANAGER', 'MEMBER', 'GUEST'] as const satisfies readonly OrgRole[];
export const IMPORT_STATUSES = ['ACTIVE', 'PENDING', 'INACTIVE'] as const satisfies readonly MembershipStatus[];

export type ImportAction = 'CREATE' | 'UPDATE' | 'SKIP' | 'ERROR';

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

/** One valid import record: the person, their role and status (or '' to keep), and the whole profile. */
export type ImportRecord = Omit<MemberProfile, 'externalId'> & {
  externalId: string;
  email: string;
  firstName: string;
  lastName: string;
  status: (typeof IMPORT_STATUSES)[number] | '';
  role: (typeof IMPORT_ROLES)[number] | '';
};

/** A record as sent: valid (record) or not (problem), answered under its externalId either way. */
export interface ImportEntry {
  externalId: string;
  record?: ImportRecord;
  problem?: string;
}
