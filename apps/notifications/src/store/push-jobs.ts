import type { NotificationsDb } from './db';

/** A push job taken by a dispatcher, with what the push message says. */
export interface ClaimedPushJob {
  notificationId: string;
  organizationId: string;
  title: string;
  body: string;
  data: Record<string, unknown>;
  cursorRecipient: string | null;
  cursorToken: string | null;
  attempts: number;
}

interface ClaimedRow {
  notification_id: string;
  organization_id: string;
  title: string;
  body: string;
  data: Record<string, unknown>;
  cursor_recipient: string | null;
  cursor_token: string | null;
  attempts: number;
}

/** Takes due PENDING jobs, leased for `leaseMs`; replicas skip each other's. */
export async function claimDuePushJobs(db: NotificationsDb, limit: number, leaseMs: number): Promise<ClaimedPushJob[]> {
  const rows = await db.$queryRawUnsafe<ClaimedRow[]>(
    `WITH due AS (
       SELECT notification_id FROM push_job
        WHERE status = 'PENDING' AND next_attempt_at <= now() AND (locked_until IS NULL OR locked_until < now())
        ORDER BY next_attempt_at LIMIT $1::int FOR UPDATE SKIP LOCKED)
     UPDATE push_job j SET locked_until = now() + $2::int * interval '1 millisecond', attempts = j.attempts + 1
       FROM due, notification n
      WHERE j.notification_id = due.notification_id AND n.id = j.notification_id
      RETURNING j.notification_id, n.organization_id, n.title, n.body, n.data, j.cursor_recipient, j.cursor_token, j.attempts`,
    limit,
    leaseMs,
  );
  return rows.map((r) => ({
    notificationId: r.notification_id,
    organizationId: r.organization_id,
    title: r.title,
    body: r.body,
    data: r.data ?? {},
    cursorRecipient: r.cursor_recipient,
    cursorToken: r.cursor_token,
    attempts: r.attempts,
  }));
}

export interface TokenRow {
  tokenId: string;
  pushToken: string;
  recipientId: string;
}

/**
 * The next device tokens of a notification's recipients after the cursor, in (recipient, token)
 * order: one indexed walk, a page at a time, so memory stays flat whatever the fan-out.
 */
export async function nextTokenBatch(
  db: NotificationsDb,
  notificationId: string,
  cursor: { recipient: string | null; token: string | null },
  limit: number,
): Promise<TokenRow[]> {
  const rows = await db.$queryRawUnsafe<Array<{ token_id: string; push_token: string; recipient_id: string }>>(
    `SELECT d.id AS token_id, d.push_token, e.recipient_id
       FROM inbox_entry e JOIN device_token d ON d.account_id = e.recipient_id
      WHERE e.notification_id = $1::uuid AND e.deleted_at IS NULL
        AND ($2::uuid IS NULL OR (e.recipient_id >= $2::uuid AND (e.recipient_id, d.id) > ($2::uuid, $3::uuid)))
      ORDER BY e.recipient_id, d.id
      LIMIT $4::int`,
    notificationId,
    cursor.recipient,
    cursor.token ?? '00000000-0000-0000-0000-000000000000',
    limit,
  );
  return rows.map((r) => ({ tokenId: r.token_id, pushToken: r.push_token, recipientId: r.recipient_id }));
}

export interface BatchProgress {
  cursorRecipient: string;
  cursorToken: string;
  sent: number;
  failed: number;
  tokensRemoved: number;
  leaseMs: number;
}

/** Records a sent batch: the cursor moves past it and the lease is renewed. */
export async function advancePushJob(db: NotificationsDb, notificationId: string, progress: BatchProgress): Promise<void> {
  await db.$executeRawUnsafe(
    `UPDATE push_job SET cursor_recipient = $2::uuid, cursor_token = $3::uuid, sent = sent + $4::int, failed = failed + $5::int,
            tokens_removed = tokens_removed + $6::int, locked_until = now() + $7::int * interval '1 millisecond'
      WHERE notification_id = $1::uuid`,
    notificationId,
    progress.cursorRecipient,
    progress.cursorToken,
    progress.sent,
    progress.failed,
    progress.tokensRemoved,
    progress.leaseMs,
  );
}

export async function finishPushJob(db: NotificationsDb, notificationId: string, status: 'DONE' | 'FAILED', now: Date, error?: string): Promise<void> {
  await db.pushJob.update({ where: { notificationId }, data: { status, finishedAt: now, lockedUntil: null, lastError: error ?? null } });
}

export async function reschedulePushJob(db: NotificationsDb, notificationId: string, nextAttemptAt: Date, error: string): Promise<void> {
  await db.pushJob.update({ where: { notificationId }, data: { nextAttemptAt, lockedUntil: null, lastError: error } });
}

export function findPushJob(db: NotificationsDb, notificationId: string) {
  return db.pushJob.findUnique({ where: { notificationId } });
}
