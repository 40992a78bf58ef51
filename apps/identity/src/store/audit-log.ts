import { createdWithin, type PeriodPage } from '@platform/db';
import type { AuditRow } from '../domain/audit-entry';
import type { Db, IdentityDb } from './db';
import type { Prisma } from './generated/client';

/** Appends a row; a second delivery of the same event adds nothing. */
export async function appendAuditRow(db: Db, row: AuditRow): Promise<void> {
  await db.auditLog.createMany({
    data: [{ ...row, detail: (row.detail ?? undefined) as Prisma.InputJsonValue | undefined }],
    skipDuplicates: true,
  });
}

export interface AuditQuery extends PeriodPage {
  userId?: string;
  organizationId?: string;
  action?: string;
}

/** A page of the audit log, newest first. */
export async function queryAuditLog(db: IdentityDb, query: AuditQuery) {
  const where: Prisma.AuditLogWhereInput = {
    ...(query.userId ? { userId: query.userId } : {}),
    ...(query.organizationId ? { organizationId: query.organizationId } : {}),
    ...(query.action ? { action: query.action } : {}),
    ...createdWithin(query.period),
  };
  const [rows, total] = await db.$transaction([
    db.auditLog.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], skip: query.skip, take: query.take }),
    db.auditLog.count({ where }),
  ]);
  return { rows, total };
}

export function recentAuditOfUser(db: Db, userId: string, limit: number) {
  return db.auditLog.findMany({ where: { userId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: limit });
}
