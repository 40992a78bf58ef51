import type { Registry } from 'prom-client';
import type { ServiceJob } from '@platform/grpc-server/service';
import { counter } from '@platform/telemetry';
import type { OrganisationDeps } from '../deps';
import { formatIsoDate } from '../domain/member-fields';
import { dayOf, daysUntil, dueReminder, RENEWAL_REMINDER_DAYS, type ReminderDay } from '../domain/membership-period';
import { amountText } from '../domain/money';
import { assignmentsNearingEnd, lapsedAssignments } from '../store/assignments';
import { findMembership } from '../store/memberships';

/** Assignments handled per query. */
const BATCH = 200;
const DAY_MS = 86_400_000;

/**
 * The daily membership job (run every interval; the kit's advisory lock lets one replica at a time
 * run it): marks assignments whose period has passed EXPIRED (organisation.membership.expired), then
 * sends each ACTIVE member a renewal reminder 30 and 7 days before endDate
 * (organisation.membership.renewal-due → the MEMBERSHIP_RENEWAL email), once each: the reminder is
 * recorded with a conditional update in the same transaction as its event. Counted in
 * organisation_memberships_expired_total and organisation_membership_renewal_reminders_total{days}.
 */
export function membershipRenewalJob(deps: OrganisationDeps, registry: Registry, intervalMs: number): ServiceJob {
  const expiredTotal = counter(registry, 'organisation_memberships_expired_total', 'Membership assignments the renewal job marked EXPIRED');
  const remindersTotal = counter(
    registry,
    'organisation_membership_renewal_reminders_total',
    'Renewal reminders the renewal job sent, by days before the end',
    ['days'],
  );

  async function expireLapsed(today: Date): Promise<number> {
    let expired = 0;
    for (;;) {
      const batch = await lapsedAssignments(deps.db, today, BATCH);
      for (const a of batch) {
        const now = deps.now();
        const changed = await deps.db.$transaction(async (tx) => {
          const { count } = await tx.membershipAssignment.updateMany({
            where: { id: a.id, status: 'ACTIVE', endDate: { lt: today } },
            data: { status: 'EXPIRED' },
          });
          if (count === 1) {
            await deps.events.membershipExpired(tx, {
              organizationId: a.organizationId,
              accountId: a.accountId,
              assignmentId: a.id,
              membershipTypeId: a.membershipTypeId,
              endDate: formatIsoDate(a.endDate),
              occurredAt: now,
            });
          }
          return count;
        });
        expired += changed;
      }
      if (batch.length < BATCH) return expired;
    }
  }

  async function remind(today: Date): Promise<number> {
    const horizon = new Date(today.getTime() + Math.max(...RENEWAL_REMINDER_DAYS) * DAY_MS);
    let sent = 0;
    let afterId: string | undefined;
    for (;;) {
      const batch = await assignmentsNearingEnd(deps.db, today, horizon, afterId, BATCH);
      for (const a of batch) {
        const daysLeft = daysUntil(a.endDate, today);
        const due = dueReminder(daysLeft, { reminder30: a.reminder30SentAt !== null, reminder7: a.reminder7SentAt !== null });
        if (!due) continue;
        const member = await findMembership(deps.db, a.organizationId, a.accountId);
        if (member?.status !== 'ACTIVE') continue;
        if (await sendReminder(a.id, due, { ...a, member, daysLeft })) {
          remindersTotal.inc({ days: String(due) });
          sent++;
        }
      }
      if (batch.length < BATCH) return sent;
      afterId = batch[batch.length - 1]?.id;
    }
  }

  type Nearing = Awaited<ReturnType<typeof assignmentsNearingEnd>>[number] & {
    member: NonNullable<Awaited<ReturnType<typeof findMembership>>>;
    daysLeft: number;
  };

  /** Records the reminder (the 7-day one also closes the 30-day one) and publishes it, once. */
  function sendReminder(id: string, due: ReminderDay, a: Nearing): Promise<boolean> {
    const now = deps.now();
    return deps.db.$transaction(async (tx) => {
      const { count } =
        due === 7
          ? await tx.membershipAssignment.updateMany({
              where: { id, reminder7SentAt: null },
              data: { reminder7SentAt: now, reminder30SentAt: a.reminder30SentAt ?? now },
            })
          : await tx.membershipAssignment.updateMany({ where: { id, reminder30SentAt: null }, data: { reminder30SentAt: now } });
      if (count !== 1) return false;
      await deps.events.membershipRenewalDue(tx, {
        organizationId: a.organization.id,
        organizationName: a.organization.name,
        organizationSlug: a.organization.slug,
        accountId: a.accountId,
        email: a.member.email,
        firstName: a.member.firstName,
        lastName: a.member.lastName,
        membershipTypeName: a.membershipType.name,
        endDate: formatIsoDate(a.endDate),
        daysLeft: a.daysLeft,
        price: { value: amountText(a.membershipType.price, a.membershipType.currency) },
        currency: a.membershipType.currency,
        occurredAt: now,
      });
      return true;
    });
  }

  return {
    name: 'membership-renewal',
    intervalMs,
    run: async () => {
      const today = dayOf(deps.now());
      const expired = await expireLapsed(today);
      expiredTotal.inc(expired);
      const reminded = await remind(today);
      deps.logger.info({ job: 'membership-renewal', today: formatIsoDate(today), expired, reminded }, 'membership renewal job ran');
      return expired + reminded;
    },
  };
}
