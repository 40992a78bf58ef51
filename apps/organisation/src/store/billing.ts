import type { Sort } from '@platform/db';
import type { Db, Tx } from './db';
import type { InvoiceStatus, Prisma } from './generated/client';

/**
 * The organisation's next invoice number, taken in the caller's transaction: the counter row stays
 * locked until it ends, so concurrent invoices of one organisation get consecutive numbers, and a
 * transaction that fails gives its number back (gapless).
 */
export async function nextInvoiceNumber(tx: Tx, organizationId: string): Promise<number> {
  const rows = await tx.$queryRaw<Array<{ last_number: number }>>`
    INSERT INTO invoice_counter (organisation_id, last_number) VALUES (${organizationId}::uuid, 1)
    ON CONFLICT (organisation_id) DO UPDATE SET last_number = invoice_counter.last_number + 1
    RETURNING last_number`;
  const value = rows[0]?.last_number;
  if (value === undefined) throw new Error('the invoice counter answered no number');
  return value;
}

export function createInvoice(tx: Tx, data: Prisma.InvoiceUncheckedCreateInput) {
  return tx.invoice.create({ data });
}

export const INVOICE_SORT_FIELDS = ['number', 'issuedAt', 'amount'] as const;
export type InvoiceSortField = (typeof INVOICE_SORT_FIELDS)[number];

export interface InvoiceQuery {
  organizationId: string;
  status?: InvoiceStatus;
  /** Issued at or after. */
  from?: Date;
  /** Issued before. */
  before?: Date;
  sort: Sort<InvoiceSortField>;
  skip: number;
  take: number;
}

export async function listInvoices(db: Db, q: InvoiceQuery) {
  const where: Prisma.InvoiceWhereInput = {
    organizationId: q.organizationId,
    ...(q.status ? { status: q.status } : {}),
    ...(q.from || q.before ? { issuedAt: { ...(q.from ? { gte: q.from } : {}), ...(q.before ? { lt: q.before } : {}) } } : {}),
  };
  const [rows, total] = await Promise.all([
    db.invoice.findMany({ where, orderBy: [{ [q.sort.field]: q.sort.direction }, { id: q.sort.direction }], skip: q.skip, take: q.take }),
    db.invoice.count({ where }),
  ]);
  return { rows, total };
}

export async function listPayments(db: Db, q: { organizationId: string; status?: string; skip: number; take: number }) {
  const where: Prisma.PaymentWhereInput = { organizationId: q.organizationId, ...(q.status ? { status: q.status } : {}) };
  const [rows, total] = await Promise.all([
    db.payment.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], skip: q.skip, take: q.take }),
    db.payment.count({ where }),
  ]);
  return { rows, total };
}

export function findPayment(db: Db, organizationId: string, id: string) {
  return db.payment.findFirst({ where: { id, organizationId } });
}

export function createSubscription(tx: Tx, organizationId: string, since: Date) {
  return tx.platformSubscription.create({ data: { organizationId, since } });
}

export function cancelSubscription(tx: Tx, organizationId: string) {
  return tx.platformSubscription.updateMany({ where: { organizationId }, data: { status: 'CANCELLED' } });
}

/** Every organisation's subscription with its ACTIVE member count, newest organisation first. */
export async function listSubscriptions(db: Db, q: { status?: string; skip: number; take: number }) {
  const where: Prisma.PlatformSubscriptionWhereInput = q.status ? { status: q.status } : {};
  const [rows, total] = await Promise.all([
    db.platformSubscription.findMany({
      where,
      include: { organization: { select: { name: true, slug: true, _count: { select: { memberships: { where: { status: 'ACTIVE' } } } } } } },
      orderBy: [{ since: 'desc' }, { organizationId: 'asc' }],
      skip: q.skip,
      take: q.take,
    }),
    db.platformSubscription.count({ where }),
  ]);
  return { rows, total };
}
