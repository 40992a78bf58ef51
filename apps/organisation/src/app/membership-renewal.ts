import type { OrganisationDeps } from '../deps';
import { formatIsoDate } from '../domain/member-fields';
import type { ReminderDay } from '../domain/membership-period';
import { amountText } from '../domain/money';
import { expireLapsedAssignment, markReminderSent, type assignmentsNearingEnd, type lapsedAssignments } from '../store/assignments';
import type { findMembership } from '../store/memberships';

type LapsedAssignment = Awaited<ReturnType<typeof lapsedAssignments>>[number];

/** An assignment nearing its end, with its ACTIVE member and the days left. */
export type NearingAssignment = Awaited<ReturnType<typeof assignmentsNearingEnd>>[number] & {
  member: NonNullable<Awaited<ReturnType<typeof findMembership>>>;
  daysLeft: number;
};

/**
 * Marks a lapsed assignment EXPIRED and publishes organisation.membership.expired in the same
 * transaction, unless it changed meanwhile. Answers how many it expired (0 or 1).
 */
export async function expireAssignment(deps: OrganisationDeps, a: LapsedAssignment, today: Date): Promise<number> {
  const now = deps.now();
  return deps.db.$transaction(async (tx) => {
    const count = await expireLapsedAssignment(tx, a.id, today);
    if (count === 1) {
      await deps.messages.membershipExpired(tx, {
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
}

/** Records the reminder (the 7-day one also closes the 30-day one) and publishes it, once. */
export async function sendRenewalReminder(deps: OrganisationDeps, due: ReminderDay, a: NearingAssignment): Promise<boolean> {
  const now = deps.now();
  return deps.db.$transaction(async (tx) => {
    if (!(await markReminderSent(tx, a.id, due, now, a.reminder30SentAt))) return false;
    await deps.messages.membershipRenewalDue(tx, {
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
