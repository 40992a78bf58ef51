import type { RecipientFilter } from '../domain/notification-target';
import { RECEIVING_STATUS } from '../domain/notification-target';
import type { Db, NotificationsDb, Tx } from './db';
import type { Prisma } from './generated/client';

export interface NewNotification {
  organizationId: string;
  title: string;
  body: string;
  targetType: string;
  targetUserId: string | null;
  targetRole: string | null;
  data: Record<string, unknown>;
  membersOnly: boolean;
  senderId: string;
  createdAt: Date;
  /** Whether a push job follows (false: no push credentials, the job is recorded as SKIPPED). */
  push: boolean;
}

/**
 * Creates the notification, one inbox entry per recipient with a single INSERT … SELECT over the
 * membership projection (no row travels through the service, whatever the organisation's size), and
 * its push job, in one transaction. Answers the notification with its recipient count.
 */
export async function createNotification(tx: Tx, input: NewNotification, filter: RecipientFilter) {
  const notification = await tx.notification.create({
    data: {
      organizationId: input.organizationId,
      title: input.title,
      body: input.body,
      targetType: input.targetType,
      targetUserId: input.targetUserId,
      targetRole: input.targetRole,
      data: input.data as Prisma.InputJsonValue,
      membersOnly: input.membersOnly,
      senderId: input.senderId,
      recipientCount: 0,
      createdAt: input.createdAt,
    },
  });
  const recipients =
    filter.inbox === false
      ? 0
      : await tx.$executeRawUnsafe(
          `INSERT INTO inbox_entry (notification_id, recipient_id, organization_id, created_at)
     SELECT $1::uuid, account_id, organization_id, $2::timestamptz
       FROM member_projection
      WHERE organization_id = $3::uuid AND status = $4
        AND ($5::text IS NULL OR role = $5::text)
        AND ($6::uuid IS NULL OR account_id = $6::uuid)
        AND (NOT $7::boolean OR role <> 'GUEST')`,
          notification.id,
          input.createdAt,
          input.organizationId,
          RECEIVING_STATUS,
          filter.role ?? null,
          filter.accountId ?? null,
          filter.excludeGuests,
        );
  await tx.pushJob.create({
    data: {
      notificationId: notification.id,
      status: input.push && recipients > 0 ? 'PENDING' : 'SKIPPED',
      finishedAt: input.push && recipients > 0 ? null : input.createdAt,
    },
  });
  return tx.notification.update({ where: { id: notification.id }, data: { recipientCount: recipients } });
}

export interface InboxQuery {
  recipientId: string;
  /** The organisation of the caller's token; undefined (system users): every organisation. */
  organizationId?: string;
  read?: boolean;
  direction: 'asc' | 'desc';
  skip: number;
  take: number;
}

const inboxWhere = (query: Pick<InboxQuery, 'recipientId' | 'organizationId' | 'read'>): Prisma.InboxEntryWhereInput => ({
  recipientId: query.recipientId,
  deletedAt: null,
  ...(query.organizationId ? { organizationId: query.organizationId } : {}),
  ...(query.read === undefined ? {} : { readAt: query.read ? { not: null } : null }),
});

/** A page of a recipient's inbox, newest first by default. */
export async function listInbox(db: NotificationsDb, query: InboxQuery) {
  const where = inboxWhere(query);
  const [rows, total] = await db.$transaction([
    db.inboxEntry.findMany({
      where,
      include: { notification: true },
      orderBy: [{ createdAt: query.direction }, { notificationId: query.direction }],
      skip: query.skip,
      take: query.take,
    }),
    db.inboxEntry.count({ where }),
  ]);
  return { rows, total };
}

/** The recipient's own live entry of a notification, with the notification. */
export function findInboxEntry(db: Db, notificationId: string, recipientId: string, organizationId?: string) {
  return db.inboxEntry.findFirst({
    where: { notificationId, ...inboxWhere({ recipientId, organizationId }) },
    include: { notification: true },
  });
}

export async function setInboxRead(db: Db, notificationId: string, recipientId: string, readAt: Date | null) {
  return db.inboxEntry.update({ where: { notificationId_recipientId: { notificationId, recipientId } }, data: { readAt }, include: { notification: true } });
}

export async function deleteInboxEntry(db: Db, notificationId: string, recipientId: string, now: Date): Promise<void> {
  await db.inboxEntry.update({ where: { notificationId_recipientId: { notificationId, recipientId } }, data: { deletedAt: now } });
}

export function inboxEntryCount(db: Db, notificationId: string): Promise<number> {
  return db.inboxEntry.count({ where: { notificationId } });
}
