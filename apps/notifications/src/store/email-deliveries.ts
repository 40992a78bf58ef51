import type { EmailRequest } from '../domain/email-requests';
import type { TemplateType } from '../domain/templates';
import type { Db, NotificationsDb } from './db';
import type { EmailStatus, Prisma } from './generated/client';

/** An email taken by a dispatcher for one attempt. */
export interface ClaimedEmail {
  id: string;
  organizationId: string | null;
  type: TemplateType;
  recipient: string;
  values: Record<string, string>;
  flags: Record<string, boolean>;
  sealedValues: Record<string, string>;
  sourceEventId: string | null;
  /** This attempt's number (1-based). */
  attempt: number;
  queuedAt: Date;
}

/** Records an email to send, in the transaction of the event it answers. */
export async function enqueueEmail(db: Db, request: EmailRequest, sourceEventId: string | null): Promise<void> {
  await db.emailDelivery.create({
    data: {
      organizationId: request.organizationId,
      templateType: request.type,
      recipient: request.recipient.trim().toLowerCase(),
      variables: { values: request.values, flags: request.flags } as Prisma.InputJsonValue,
      secrets: request.sealedValues,
      sourceEventId,
    },
  });
}

interface ClaimedRow {
  id: string;
  organization_id: string | null;
  template_type: string;
  recipient: string;
  variables: { values?: Record<string, string>; flags?: Record<string, boolean> };
  secrets: Record<string, string>;
  source_event_id: string | null;
  attempts: number;
  created_at: Date;
}

/**
 * Takes up to `limit` due emails for one attempt each: they are leased for `leaseMs` (a dispatcher
 * that dies mid-send lets another take them over afterwards) and their attempt count goes up.
 * Replicas skip each other's rows.
 */
export async function claimDueEmails(db: NotificationsDb, limit: number, leaseMs: number): Promise<ClaimedEmail[]> {
  const rows = await db.$queryRawUnsafe<ClaimedRow[]>(
    `UPDATE email_delivery SET locked_until = now() + $2::int * interval '1 millisecond', attempts = attempts + 1
      WHERE id IN (SELECT id FROM email_delivery
                    WHERE next_attempt_at <= now() AND (locked_until IS NULL OR locked_until < now())
                    ORDER BY next_attempt_at LIMIT $1::int FOR UPDATE SKIP LOCKED)
      RETURNING id, organization_id, template_type, recipient, variables, secrets, source_event_id, attempts, created_at`,
    limit,
    leaseMs,
  );
  return rows.map((r) => ({
    id: r.id,
    organizationId: r.organization_id,
    type: r.template_type as TemplateType,
    recipient: r.recipient,
    values: r.variables.values ?? {},
    flags: r.variables.flags ?? {},
    sealedValues: r.secrets ?? {},
    sourceEventId: r.source_event_id,
    attempt: r.attempts,
    queuedAt: r.created_at,
  }));
}

export interface EmailOutcome {
  status: EmailStatus;
  subject: string;
  error: string | null;
  smtpMessageId: string | null;
}

/** The email's final outcome: its log row replaces the pending row (and its sealed secrets), atomically. */
export async function completeEmail(db: NotificationsDb, email: ClaimedEmail, outcome: EmailOutcome, now: Date): Promise<void> {
  await db.$transaction([
    db.emailDelivery.deleteMany({ where: { id: email.id } }),
    db.emailLog.create({
      data: {
        organizationId: email.organizationId,
        recipient: email.recipient,
        templateType: email.type,
        subject: outcome.subject,
        status: outcome.status,
        error: outcome.error,
        attempts: email.attempt,
        smtpMessageId: outcome.smtpMessageId,
        sourceEventId: email.sourceEventId,
        queuedAt: email.queuedAt,
        createdAt: now,
      },
    }),
  ]);
}

/** Another attempt later: the lease ends and the row is due again at `nextAttemptAt`. */
export async function rescheduleEmail(db: NotificationsDb, id: string, nextAttemptAt: Date, error: string): Promise<void> {
  await db.emailDelivery.updateMany({ where: { id }, data: { nextAttemptAt, lockedUntil: null, lastError: error } });
}

/** Emails not yet sent (tests and metrics). */
export function pendingEmailCount(db: Db): Promise<number> {
  return db.emailDelivery.count();
}
