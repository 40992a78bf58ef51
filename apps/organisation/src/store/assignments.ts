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
