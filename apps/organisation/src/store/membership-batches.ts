import { live } from '@platform/db';
import type { ImportedColumns, ImportedMember } from '../domain/member-import-plan';
import { formatIsoDate } from '../domain/member-fields';
import { CURRENT_STATUSES } from '../domain/membership-status';
import type { Db, Tx } from './db';

// Many memberships at once, for the connector's import: a few statements for a whole batch.

/** The organisation's memberships with one of these externalIds or accounts, as an import reads them. */
export async function findMembersForImport(db: Db, organizationId: string, externalIds: string[], accountIds: string[]): Promise<ImportedMember[]> {
  const rows = await db.membership.findMany({
    where: { organizationId, OR: [{ externalId: { in: externalIds } }, { accountId: { in: accountIds } }] },
    include: { role: { select: { name: true } } },
  });
  return rows.map(({ role, organizationId: _org, updatedAt: _updated, ...row }) => ({ ...row, role: role.name }));
}

/** Which of these externalIds already belong to a membership of the organisation. */
export async function findKnownExternalIds(db: Db, organizationId: string, externalIds: string[]): Promise<Set<string | null>> {
  const rows = await db.membership.findMany({
    where: { organizationId, externalId: { in: externalIds } },
    select: { externalId: true },
  });
  return new Set(rows.map((m) => m.externalId));
}

/** Running (PENDING, ACTIVE, SUSPENDED) memberships in live organisations of each account; call it with the accounts locked. */
export async function countRunningMembershipsOf(tx: Tx, accountIds: readonly string[]): Promise<Map<string, number>> {
  const counts = new Map(accountIds.map((id) => [id, 0]));
  if (accountIds.length === 0) return counts;
  const groups = await tx.membership.groupBy({
    by: ['accountId'],
    where: { accountId: { in: [...accountIds] }, status: { in: [...CURRENT_STATUSES] }, organization: live },
    _count: { _all: true },
  });
  for (const group of groups) counts.set(group.accountId, group._count._all);
  return counts;
}

type Column = readonly [name: string, type: string, value: (m: ImportedMember) => string | boolean | null];

const timestamp = (date: Date | null) => date?.toISOString() ?? null;

const HASH: readonly Column[] = [['import_hash', 'text', (m) => m.importHash]];
const LIFECYCLE: readonly Column[] = [
  ['role_id', 'uuid', (m) => m.roleId],
  ['status', '"MembershipStatus"', (m) => m.status],
  ['external_id', 'text', (m) => m.externalId],
  ['joined_at', 'timestamptz', (m) => timestamp(m.joinedAt)],
  ['ended_at', 'timestamptz', (m) => timestamp(m.endedAt)],
];
const PROFILE: readonly Column[] = [
  ['first_name_override', 'text', (m) => m.firstNameOverride],
  ['last_name_override', 'text', (m) => m.lastNameOverride],
  ['email', 'text', (m) => m.email],
  ['first_name', 'text', (m) => m.firstName],
  ['last_name', 'text', (m) => m.lastName],
  ['first_name_key', 'text', (m) => m.firstNameKey],
  ['last_name_key', 'text', (m) => m.lastNameKey],
  ['search_text', 'text', (m) => m.searchText],
  ['display_name', 'text', (m) => m.displayName],
  ['phone_number', 'text', (m) => m.phoneNumber],
  ['job_title', 'text', (m) => m.jobTitle],
  ['company', 'text', (m) => m.company],
  ['date_of_birth', 'date', (m) => formatIsoDate(m.dateOfBirth) || null],
  ['address_line1', 'text', (m) => m.addressLine1],
  ['city', 'text', (m) => m.city],
  ['postal_code', 'text', (m) => m.postalCode],
  ['is_certified', 'boolean', (m) => m.isCertified],
  ['membership_renewal_date', 'date', (m) => formatIsoDate(m.membershipRenewalDate) || null],
  ['is_excluded_from_listing', 'boolean', (m) => m.isExcludedFromListing],
];
const COLUMNS: Record<ImportedColumns, readonly Column[]> = {
  hash: HASH,
  lifecycle: [...HASH, ...LIFECYCLE],
  profile: [...HASH, ...LIFECYCLE, ...PROFILE],
};

/** The JSON parameter as a table with these columns. */
const recordset = (columns: readonly Column[]) => `jsonb_to_recordset($1::jsonb) AS u(${columns.map(([name, type]) => `${name} ${type}`).join(', ')})`;
/** The rows as one JSON array, each column under its name (one parameter, however many rows). */
const asJson = (columns: readonly Column[], members: readonly ImportedMember[]) =>
  JSON.stringify(members.map((m) => Object.fromEntries(columns.map(([name, , value]) => [name, value(m)]))));

/** Inserts new memberships of an organisation in one statement (a unique violation fails them all). */
export async function createMemberships(tx: Tx, organizationId: string, members: readonly ImportedMember[]): Promise<void> {
  if (members.length === 0) return;
  const columns: readonly Column[] = [
    ['account_id', 'uuid', (m) => m.accountId],
    ['created_at', 'timestamptz', (m) => timestamp(m.createdAt)],
    ...COLUMNS.profile,
  ];
  const names = columns.map(([name]) => name).join(', ');
  await tx.$executeRawUnsafe(
    `INSERT INTO membership (id, organisation_id, ${names}, updated_at)
     SELECT gen_random_uuid(), $2::uuid, ${names}, now() FROM ${recordset(columns)}`,
    asJson(columns, members),
    organizationId,
  );
}

/**
 * Writes an import's changes to existing memberships: one statement per kind of change, each
 * writing only its columns (a field the import leaves alone keeps what the platform has, even if
 * it changed since the import read it).
 */
export async function updateImportedMemberships(tx: Tx, updates: readonly { member: ImportedMember; columns: ImportedColumns }[]): Promise<void> {
  for (const kind of Object.keys(COLUMNS) as ImportedColumns[]) {
    const members = updates.filter((u) => u.columns === kind).map((u) => u.member);
    if (members.length === 0) continue;
    const columns = [['id', 'uuid', (m) => m.id] as Column, ...COLUMNS[kind]];
    await tx.$executeRawUnsafe(
      `UPDATE membership AS m SET ${COLUMNS[kind].map(([name]) => `${name} = u.${name}`).join(', ')}, updated_at = now()
         FROM ${recordset(columns)}
        WHERE m.id = u.id`,
      asJson(columns, members),
    );
  }
}
