import { orderByOf, type Sort } from '@platform/db';
import { likeLiteral } from '../domain/search-text';
import type { ContentDb, Db } from './db';
import type { Prisma } from './generated/client';
import type { CompanyModel } from './generated/models/Company';

export type CompanyRow = CompanyModel;
export const COMPANY_SORT_FIELDS = ['companyName', 'createdAt', 'updatedAt'] as const;
export type CompanySortField = (typeof COMPANY_SORT_FIELDS)[number];

export async function queryCompanies(
  db: ContentDb,
  q: { organizationId: string; status?: string; words: string[]; sort: Sort<CompanySortField>; skip: number; take: number },
): Promise<{ rows: CompanyRow[]; total: number }> {
  const where: Prisma.CompanyWhereInput = {
    AND: [
      { organizationId: q.organizationId, deletedAt: null },
      ...(q.status ? [{ status: q.status }] : []),
      ...q.words.map((word) => ({ nameSearch: { contains: likeLiteral(word) } })),
    ],
  };
  const [rows, total] = await db.$transaction([
    db.company.findMany({ where, orderBy: [orderByOf(q.sort) as Prisma.CompanyOrderByWithRelationInput, { id: 'asc' }], skip: q.skip, take: q.take }),
    db.company.count({ where }),
  ]);
  return { rows, total };
}

export function findCompany(db: Db, organizationId: string, id: string): Promise<CompanyRow | null> {
  return db.company.findFirst({ where: { id, organizationId, deletedAt: null } });
}

export function createCompany(db: Db, data: Prisma.CompanyCreateInput): Promise<CompanyRow> {
  return db.company.create({ data });
}

export function updateCompany(db: Db, id: string, data: Prisma.CompanyUpdateInput): Promise<CompanyRow> {
  return db.company.update({ where: { id }, data });
}

/** Deletes the organisation's live company (deleted_at set); false when there is none. */
export async function softDeleteCompany(db: Db, organizationId: string, id: string, now: Date): Promise<boolean> {
  const deleted = await db.company.updateMany({ where: { id, organizationId, deletedAt: null }, data: { deletedAt: now } });
  return deleted.count > 0;
}
