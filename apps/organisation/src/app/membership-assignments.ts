import { PlatformError } from '@platform/errors';
import type { OrganisationDeps } from '../deps';
import { organizationNotFound } from '../domain/errors';
import { formatIsoDate } from '../domain/member-fields';
import { isCurrent } from '../domain/membership-status';
import { dayOf, defaultEndDate, renewedEndDate } from '../domain/membership-period';
import { isFree } from '../domain/money';
import { findAssignment, lockAssignment, putAssignment, updateAssignment, type AssignmentWithType } from '../store/assignments';
import { createInvoice, nextInvoiceNumber } from '../store/billing';
import type { Tx } from '../store/db';
import type { MembershipType } from '../store/generated/client';
import { findLiveMembershipType } from '../store/membership-types';
import { findMembership } from '../store/memberships';
import { holdLiveOrganization } from '../store/organisations';

export const memberNotFound = (): PlatformError => PlatformError.notFound('Member');
const assignmentNotFound = (): PlatformError => PlatformError.notFound('Membership assignment');
const notAType = (): PlatformError =>
  PlatformError.validation([{ field: 'membershipTypeId', message: 'is not a membership type of this organisation' }], 'Invalid membershipTypeId');

export interface AssignedMembership {
  assignment: AssignmentWithType;
  invoiceId: string;
}

/**
 * Issues the invoice of a paid type for a period, in the caller's transaction: the next gapless
 * number of the organisation, the type's price and currency. A free type issues none ('').
 */
async function issueInvoice(tx: Tx, type: MembershipType, accountId: string, period: { start: Date; end: Date }, now: Date): Promise<string> {
  if (isFree(type.price.toFixed())) return '';
  const number = await nextInvoiceNumber(tx, type.organizationId);
  const invoice = await createInvoice(tx, {
    organizationId: type.organizationId,
    number,
    accountId,
    membershipTypeId: type.id,
    description: `${type.name} membership ${formatIsoDate(period.start)} to ${formatIsoDate(period.end)}`,
    amount: type.price,
    currency: type.currency,
    status: 'ISSUED',
    periodStart: period.start,
    periodEnd: period.end,
    issuedAt: now,
  });
  return invoice.id;
}

/** The member (a running membership of the live organisation), checked in the transaction. */
async function assertMember(tx: Tx, organizationId: string, accountId: string): Promise<void> {
  if (!(await holdLiveOrganization(tx, organizationId))) throw organizationNotFound();
  const membership = await findMembership(tx, organizationId, accountId);
  if (!membership) throw memberNotFound();
  if (!isCurrent(membership.status))
    throw PlatformError.conflict(`The membership has ended (${membership.status}): restart it before assigning a membership type`);
}

export async function getAssignment(deps: OrganisationDeps, organizationId: string, accountId: string): Promise<AssignedMembership> {
  const assignment = await findAssignment(deps.db, organizationId, accountId);
  if (!assignment) {
    // 404 for the member when they are not one, else for the assignment.
    if (!(await findMembership(deps.db, organizationId, accountId))) throw memberNotFound();
    throw assignmentNotFound();
  }
  return { assignment, invoiceId: assignment.lastInvoiceId ?? '' };
}

/**
 * Assigns a type to a member (replacing the one they had): the period starts on `startDate`
 * (default today) and ends on `endDate` (default start + the type's duration). A paid type issues an
 * invoice; organisation.membership.assigned is published.
 */
export async function assignMembership(
  deps: OrganisationDeps,
  input: { organizationId: string; accountId: string; membershipTypeId: string; startDate?: Date; endDate?: Date },
): Promise<AssignedMembership> {
  return deps.db.$transaction(async (tx) => {
    await assertMember(tx, input.organizationId, input.accountId);
    const type = await findLiveMembershipType(tx, input.organizationId, input.membershipTypeId);
    if (!type) throw notAType();
    const now = deps.now();
    const today = dayOf(now);
    const start = input.startDate ?? today;
    const end = input.endDate ?? defaultEndDate(start, type.durationMonths);
    if (end.getTime() < start.getTime()) throw PlatformError.validation([{ field: 'endDate', message: 'must not be before startDate' }]);
    await lockAssignment(tx, input.organizationId, input.accountId);
    const invoiceId = await issueInvoice(tx, type, input.accountId, { start, end }, now);
    const assignment = await putAssignment(tx, input.organizationId, input.accountId, {
      membershipTypeId: type.id,
      startDate: start,
      endDate: end,
      // A period already over reads as EXPIRED at once; the daily job marks it (and announces it).
      status: 'ACTIVE',
      reminder30SentAt: null,
      reminder7SentAt: null,
      lastInvoiceId: invoiceId || null,
    });
    await deps.messages.membershipAssigned(tx, {
      organizationId: input.organizationId,
      accountId: input.accountId,
      assignmentId: assignment.id,
      membershipTypeId: type.id,
      membershipTypeName: type.name,
      startDate: formatIsoDate(start),
      endDate: formatIsoDate(end),
      invoiceId,
      occurredAt: now,
    });
    return { assignment, invoiceId };
  });
}

/**
 * Extends the member's assignment from the later of its endDate and today by its type's duration
 * (409 when the type has been deleted). A paid type issues an invoice for the added period.
 */
export async function renewMembership(deps: OrganisationDeps, input: { organizationId: string; accountId: string }): Promise<AssignedMembership> {
  return deps.db.$transaction(async (tx) => {
    await assertMember(tx, input.organizationId, input.accountId);
    const current = await lockAssignment(tx, input.organizationId, input.accountId);
    if (!current) throw assignmentNotFound();
    const type = current.membershipType;
    if (type.deletedAt) throw PlatformError.conflict(`The membership type '${type.name}' has been deleted: assign another type instead`);
    const now = deps.now();
    const today = dayOf(now);
    const end = renewedEndDate(current.endDate, today, type.durationMonths);
    const periodStart = current.endDate.getTime() >= today.getTime() ? current.endDate : today;
    const invoiceId = await issueInvoice(tx, type, input.accountId, { start: periodStart, end }, now);
    const assignment = await updateAssignment(tx, current.id, {
      endDate: end,
      status: 'ACTIVE',
      reminder30SentAt: null,
      reminder7SentAt: null,
      lastInvoiceId: invoiceId || null,
    });
    await deps.messages.membershipRenewed(tx, {
      organizationId: input.organizationId,
      accountId: input.accountId,
      assignmentId: assignment.id,
      membershipTypeId: type.id,
      membershipTypeName: type.name,
      previousEndDate: formatIsoDate(current.endDate),
      endDate: formatIsoDate(end),
      invoiceId,
      occurredAt: now,
    });
    return { assignment, invoiceId };
  });
}
