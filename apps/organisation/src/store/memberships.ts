import type { OrgRole } from '@platform/auth';
import { live } from '@platform/db';
import { CURRENT_STATUSES } from '../domain/membership-status';
import { listColumns, type AccountNames } from '../domain/member-profile';
import type { Db, Tx } from './db';
import type { MembershipStatus, Prisma } from './generated/client';

const withRole = { role: { select: { id: true, name: true } } } as const;

export function findMembership(db: Db, organizationId: string, accountId: string) {
  return db.membership.findUnique({ where: { organizationId_accountId: { organizationId, accountId } }, include: withRole });
}

export function findMembershipByExternalId(db: Db, organizationId: string, externalId: string) {
  return db.membership.findUnique({ where: { organizationId_externalId: { organizationId, externalId } }, include: withRole });
}

export type MembershipWithRole = NonNullable<Awaited<ReturnType<typeof findMembership>>>;

export function createMembership(tx: Tx, data: Prisma.MembershipUncheckedCreateInput) {
  return tx.membership.create({ data, include: withRole });
}

export function updateMembership(tx: Tx, id: string, data: Prisma.MembershipUncheckedUpdateInput) {
  return tx.membership.update({ where: { id }, data, include: withRole });
}

/** ACTIVE owners of an organisation; call it with the organisation locked. */
export function countActiveOwners(tx: Tx, organizationId: string): Promise<number> {
  return tx.membership.count({ where: { organizationId, status: 'ACTIVE', role: { name: 'OWNER' } } });
}

/** Running (PENDING, ACTIVE, SUSPENDED) memberships of an account in live organisations. */
export function countRunningMemberships(tx: Tx, accountId: string): Promise<number> {
  return tx.membership.count({ where: { accountId, status: { in: [...CURRENT_STATUSES] }, organization: live } });
}

export interface EndedMembership {
  accountId: string;
  role: OrgRole;
  previousStatus: MembershipStatus;
}

/** Ends every running membership of an organisation (INACTIVE), answering what each was. */
export async function endAllMemberships(tx: Tx, organizationId: string, now: Date): Promise<EndedMembership[]> {
  const running = await tx.membership.findMany({
    where: { organizationId, status: { in: [...CURRENT_STATUSES] } },
    select: { accountId: true, status: true, role: { select: { name: true } } },
  });
  await tx.membership.updateMany({
    where: { organizationId, status: { in: [...CURRENT_STATUSES] } },
    data: { status: 'INACTIVE', endedAt: now },
  });
  return running.map((m) => ({ accountId: m.accountId, role: m.role.name, previousStatus: m.status }));
}

/** Every membership of an account in live organisations, with organisation and role. */
export function membershipsOfAccount(db: Db, accountId: string) {
  return db.membership.findMany({
    where: { accountId, organization: live },
    include: { ...withRole, organization: { select: { id: true, name: true, slug: true } } },
    orderBy: { joinedAt: 'asc' },
  });
}

/**
 * After the account's own fields changed: rewrites the list columns of each of its memberships
 * (each keeps its organisation's name overrides). An account has few memberships.
 */
export async function refreshListColumns(tx: Tx, accountId: string, account: AccountNames): Promise<void> {
  const rows = await tx.membership.findMany({
    where: { accountId },
    select: { id: true, firstNameOverride: true, lastNameOverride: true },
  });
  for (const row of rows) {
    await tx.membership.update({ where: { id: row.id }, data: listColumns(account, row) });
  }
}

/**
 * One page of every membership of live organisations, whatever its status, in id order after
 * `afterId` (keyset paging on the primary key).
 */
export function membershipSnapshotPage(db: Db, afterId: string | undefined, take: number) {
  return db.membership.findMany({
    where: { organization: live, ...(afterId ? { id: { gt: afterId } } : {}) },
    select: { id: true, accountId: true, organizationId: true, status: true, joinedAt: true, endedAt: true, updatedAt: true, role: { select: { name: true } } },
    orderBy: { id: 'asc' },
    take,
  });
}
