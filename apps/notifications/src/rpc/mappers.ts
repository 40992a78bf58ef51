import type { notificationsV1 } from '@platform/proto';
import type { DeviceToken, EmailLog, InboxEntry, Notification } from '../store/generated/client';

const orNull = <T>(value: T | null): T | undefined => value ?? undefined;
const asObject = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** A notification as its sender sees it (with the number of inbox entries written). */
export function toSentNotification(n: Notification): notificationsV1.Notification {
  return {
    id: n.id,
    organizationId: n.organizationId,
    title: n.title,
    body: n.body,
    targetType: n.targetType,
    targetUserId: orNull(n.targetUserId),
    targetRole: orNull(n.targetRole),
    data: asObject(n.data),
    read: false,
    readAt: undefined,
    createdAt: n.createdAt.toISOString(),
    recipientCount: n.recipientCount,
  };
}

/** An entry of the caller's inbox. */
export function toInboxNotification(entry: InboxEntry & { notification: Notification }): notificationsV1.Notification {
  const n = entry.notification;
  return {
    id: n.id,
    organizationId: n.organizationId,
    title: n.title,
    body: n.body,
    targetType: n.targetType,
    targetUserId: orNull(n.targetUserId),
    targetRole: orNull(n.targetRole),
    data: asObject(n.data),
    read: entry.readAt !== null,
    readAt: entry.readAt?.toISOString(),
    createdAt: entry.createdAt.toISOString(),
    recipientCount: undefined,
  };
}

export function toDeviceToken(d: DeviceToken): notificationsV1.DeviceToken {
  return {
    id: d.id,
    pushToken: d.pushToken,
    platform: d.platform,
    deviceName: d.deviceName,
    createdAt: d.createdAt.toISOString(),
    updatedAt: d.updatedAt.toISOString(),
  };
}

export function toEmailLog(row: EmailLog): notificationsV1.EmailLog {
  return {
    id: row.id,
    organizationId: orNull(row.organizationId),
    recipient: row.recipient,
    templateType: row.templateType,
    subject: row.subject,
    status: row.status,
    error: orNull(row.error),
    attempts: row.attempts,
    queuedAt: row.queuedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}
