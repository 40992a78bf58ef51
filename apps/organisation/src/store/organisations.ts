import { live } from '@platform/db';
import type { OrgRole } from '@platform/auth';
import type { Db, Tx } from './db';
import type { OrgType, Prisma } from './generated/client';

export interface NewOrganization {
  name: string;
  slug: string;
  subdomain: string;
  email: string;
  orgType: OrgType;
}

/** Creates an organisation with its roles, one per name given (the caller's transaction). */
export function createOrganisation(tx: Tx, input: NewOrganization, roles: readonly OrgRole[]) {
  return tx.organization.create({
    data: { ...input, roles: { create: roles.map((name) => ({ name })) } },
  });
}

export function findLiveOrganization(db: Db, id: string) {
  return db.organization.findFirst({ where: { id, ...live } });
}

export function findLiveOrganizationBy(db: Db, key: { slug: string } | { subdomain: string } | { customDomain: string }) {
  return db.organization.findFirst({ where: { ...key, ...live } });
}

/** Which of slug and subdomain a live organisation already uses. */
export async function takenKeys(db: Db, slug: string, subdomain: string): Promise<{ slug: boolean; subdomain: boolean }> {
  const rows = await db.organization.findMany({
    where: { ...live, OR: [{ slug }, { subdomain }] },
    select: { slug: true, subdomain: true },
  });
  return { slug: rows.some((r) => r.slug === slug), subdomain: rows.some((r) => r.subdomain === subdomain) };
}

export type OrganizationSortField = 'name' | 'slug' | 'createdAt';

export async function listLiveOrganizations(
  db: Db,
  query: { search: string; skip: number; take: number; sort: { field: OrganizationSortField; direction: 'asc' | 'desc' } },
) {
  const where: Prisma.OrganizationWhereInput = { ...live };
  if (query.search) {
    where.OR = (['name', 'slug', 'subdomain'] as const).map((field) => ({ [field]: { contains: query.search, mode: 'insensitive' } }));
  }
  const [rows, total] = await Promise.all([
    db.organization.findMany({
      where,
      orderBy: [{ [query.sort.field]: query.sort.direction }, { id: query.sort.direction }],
      skip: query.skip,
      take: query.take,
    }),
    db.organization.count({ where }),
  ]);
  return { rows, total };
}

/** Updates a live organisation; answers how many rows changed (0: unknown or deleted). */
export function updateOrganisation(db: Db, id: string, data: Prisma.OrganizationUpdateManyMutationInput) {
  return db.organization.updateMany({ where: { id, ...live }, data });
}

/**
 * Locks a live organisation's row until the transaction ends, so membership changes that must see
 * a consistent set of owners (last-owner rule) or race a delete run one at a time. False when the
 * organisation does not exist or is deleted.
 */
export async function lockLiveOrganization(tx: Tx, id: string): Promise<boolean> {
  const rows = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM organisation WHERE id = ${id}::uuid AND deleted_at IS NULL FOR UPDATE`;
  return rows.length > 0;
}

/**
 * Holds a live organisation's row against a delete (FOR SHARE) until the transaction ends, while
 * letting other additions run alongside: a member added as the organisation is deleted either
 * lands before the delete (and is ended by it) or finds the organisation gone. False when it is.
 */
export async function holdLiveOrganization(tx: Tx, id: string): Promise<boolean> {
  const rows = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM organisation WHERE id = ${id}::uuid AND deleted_at IS NULL FOR SHARE`;
  return rows.length > 0;
}

export function softDeleteOrganization(tx: Tx, id: string, now: Date) {
  return tx.organization.update({ where: { id }, data: { deletedAt: now } });
}

/** Removes an organisation that never had a member: the compensation of its creation in a saga. */
export async function discardUnusedOrganization(db: Db, id: string): Promise<boolean> {
  const { count } = await db.organization.deleteMany({ where: { id, memberships: { none: {} } } });
  return count > 0;
}

export function listRoles(db: Db, organizationId: string) {
  return db.role.findMany({ where: { organizationId } });
}

export function findRole(db: Db, organizationId: string, id: string) {
  return db.role.findFirst({ where: { organizationId, id } });
}

export function findRoleByName(db: Db, organizationId: string, name: OrgRole) {
  return db.role.findFirst({ where: { organizationId, name } });
}
