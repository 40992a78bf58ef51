import { createdWithin, type PeriodPage } from '@platform/db';
import type { Db, NotificationsDb } from './db';
import type { EmailStatus, Prisma } from './generated/client';

export interface EmailLogQuery extends PeriodPage {
  /** Undefined: every organisation and platform mail (platform administrators). */
  organizationId?: string;
  status?: EmailStatus;
  recipient?: string;
  templateType?: string;
}

/** A page of the email log, newest first. */
export async function queryEmailLogs(db: NotificationsDb, query: EmailLogQuery) {
  const where: Prisma.EmailLogWhereInput = {
    ...(query.organizationId ? { organizationId: query.organizationId } : {}),
    ...(query.status ? { status: query.status } : {}),
    ...(query.recipient ? { recipient: query.recipient.trim().toLowerCase() } : {}),
    ...(query.templateType ? { templateType: query.templateType } : {}),
    ...createdWithin(query.period),
  };
  const [rows, total] = await db.$transaction([
    db.emailLog.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], skip: query.skip, take: query.take }),
    db.emailLog.count({ where }),
  ]);
  return { rows, total };
}

export function findEmailLog(db: Db, id: string) {
  return db.emailLog.findUnique({ where: { id } });
}

/** Deletes log entries older than `before`, in batches so no long lock is held. Answers how many. */
export async function purgeEmailLogs(db: NotificationsDb, before: Date, batchSize = 5000): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await db.$executeRawUnsafe(
      `DELETE FROM email_log WHERE id IN (SELECT id FROM email_log WHERE created_at < $1::timestamptz LIMIT $2::int)`,
      before,
      batchSize,
    );
    total += deleted;
    if (deleted < batchSize) return total;
  }
}
