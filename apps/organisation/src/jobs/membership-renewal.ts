import type { Registry } from 'prom-client';
import type { ServiceJob } from '@platform/grpc-server/service';
import { counter } from '@platform/telemetry';
import { expireAssignment, sendRenewalReminder } from '../app/membership-renewal';
import type { OrganisationDeps } from '../deps';
import { formatIsoDate } from '../domain/member-fields';
import { dayOf, daysUntil, dueReminder, RENEWAL_REMINDER_DAYS } from '../domain/membership-period';
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
        expired += await expireAssignment(deps, a, today);
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
        if (await sendRenewalReminder(deps, due, { ...a, member, daysLeft })) {
          remindersTotal.inc({ days: String(due) });
          sent++;
        }
      }
      if (batch.length < BATCH) return sent;
      afterId = batch[batch.length - 1]?.id;
    }
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
