import type { ReminderDay } from '../domain/membership-period';
import type { Db, Tx } from './db';
import type { Prisma } from './generated/client';

const withType = { membershipType: true } as const;

export function findAssignment(db: Db, organizationId: string, accountId: string) {
  return db.membershipAssignment.findUnique({ where: { organizationId_accountId: { organizationId, accountId } }, include: withType });
}

export type AssignmentWithType = NonNullable<Awaited<ReturnType<typeof findAssignment>>>;

/** The member's assignment, locked until the transaction ends (renewals of one member run one at a time). */
export async function lockAssignment(tx: Tx, organizationId: string, accountId: string): Promise<AssignmentWithType | null> {
  await tx.$queryRaw`SELECT id FROM membership_assignment WHERE organisation_id = ${organizationId}::uuid AND account_id = ${accountId}::uuid FOR UPDATE`;
  return findAssignment(tx, organizationId, accountId);
}

/** Creates the member's assignment or replaces the one they have. */
export function putAssignment(
  tx: Tx,
  organizationId: string,
  accountId: string,
  data: Omit<Prisma.MembershipAssignmentUncheckedCreateInput, 'organizationId' | 'accountId'>,
) {
  return tx.membershipAssignment.upsert({
    where: { organizationId_accountId: { organizationId, accountId } },
    create: { organizationId, accountId, ...data },
    update: data,
    include: withType,
  });
}

export function updateAssignment(tx: Tx, id: string, data: Prisma.MembershipAssignmentUncheckedUpdateInput) {
  return tx.membershipAssignment.update({ where: { id }, data, include: withType });
}

/** ACTIVE assignments whose period ended before `today` (oldest first), a batch at a time. */
export function lapsedAssignments(db: Db, today: Date, take: number) {
  return db.membershipAssignment.findMany({
    where: { status: 'ACTIVE', endDate: { lt: today }, organization: { deletedAt: null } },
    orderBy: [{ endDate: 'asc' }, { id: 'asc' }],
    take,
  });
}

/**
 * ACTIVE assignments ending within `horizon` (from today) with a reminder not yet sent, with what the
 * email needs: the organisation, the member's shown names and email, the type. Only members whose
 * membership is ACTIVE are reminded.
 */
export function assignmentsNearingEnd(db: Db, today: Date, horizon: Date, afterId: string | undefined, take: number) {
  return db.membershipAssignment.findMany({
    where: {
      status: 'ACTIVE',
      endDate: { gte: today, lte: horizon },
      OR: [{ reminder30SentAt: null }, { reminder7SentAt: null }],
      organization: { deletedAt: null },
      ...(afterId ? { id: { gt: afterId } } : {}),
    },
    include: { membershipType: true, organization: { select: { id: true, name: true, slug: true } } },
    orderBy: { id: 'asc' },
    take,
  });
}

/** Marks an assignment EXPIRED when it is still ACTIVE and its period ended before `today`; answers how many rows changed (0 or 1). */
export async function expireLapsedAssignment(tx: Tx, id: string, today: Date): Promise<number> {
  const { count } = await tx.membershipAssignment.updateMany({
    where: { id, status: 'ACTIVE', endDate: { lt: today } },
    data: { status: 'EXPIRED' },
  });
  return count;
}

/**
 * Records that the reminder `due` days before the end was sent, unless it already was (false then).
 * The 7-day reminder also closes the 30-day one (`reminder30SentAt`: when that one was sent, if it was).
 */
export async function markReminderSent(tx: Tx, id: string, due: ReminderDay, now: Date, reminder30SentAt: Date | null): Promise<boolean> {
  const { count } =
    due === 7
      ? await tx.membershipAssignment.updateMany({
          where: { id, reminder7SentAt: null },
          data: { reminder7SentAt: now, reminder30SentAt: reminder30SentAt ?? now },
        })
      : await tx.membershipAssignment.updateMany({ where: { id, reminder30SentAt: null }, data: { reminder30SentAt: now } });
  return count === 1;
}
