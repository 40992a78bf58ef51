import { z } from 'zod';
import { pagedEnvelope, parsePageQuery } from '@platform/db';
import { optionalOneOf, PlatformError, uuid, validate } from '@platform/errors';
import type { AsyncService } from '@platform/grpc-server';
import type { organisationV1 } from '@platform/proto';
import type { OrganisationDeps } from '../deps';
import { organizationNotFound } from '../domain/errors';
import { parseIsoDate } from '../domain/member-fields';
import { INVOICE_SORT_FIELDS, findPayment, listInvoices, listPayments, listSubscriptions } from '../store/billing';
import { findLiveOrganization } from '../store/organisations';
import { toInvoiceMessage, toPaymentMessage } from './mappers';

const DAY_MS = 86_400_000;
const optionalDate = z
  .string()
  .trim()
  .refine((value) => value === '' || parseIsoDate(value) !== undefined, 'must be a date YYYY-MM-DD')
  .transform((value) => (value === '' ? undefined : parseIsoDate(value)));
const invoiceInput = z.object({
  organizationId: uuid,
  status: optionalOneOf(['ISSUED', 'PAID', 'VOID']),
  from: optionalDate,
  to: optionalDate,
});
const paymentsInput = z.object({ organizationId: uuid, status: optionalOneOf(['PENDING', 'SUCCEEDED', 'FAILED', 'REFUNDED']) });
const paymentInput = z.object({ organizationId: uuid, paymentId: uuid });
const subscriptionsInput = z.object({ status: optionalOneOf(['ACTIVE', 'CANCELLED']) });

type BillingHandlers = Pick<AsyncService<organisationV1.OrganisationServiceServer>, 'listInvoices' | 'listPayments' | 'getPayment' | 'listSubscriptions'>;

export function billingHandlers(deps: OrganisationDeps): BillingHandlers {
  const assertOrganization = async (id: string) => {
    if (!(await findLiveOrganization(deps.db, id))) throw organizationNotFound();
  };
  return {
    async listInvoices(request) {
      const input = validate(invoiceInput, request);
      const page = parsePageQuery(request, { sortable: INVOICE_SORT_FIELDS, defaultSort: { field: 'number', direction: 'desc' } });
      await assertOrganization(input.organizationId);
      const { rows, total } = await listInvoices(deps.db, {
        organizationId: input.organizationId,
        status: input.status || undefined,
        from: input.from,
        // `to` is a day: everything issued on it is included.
        before: input.to ? new Date(input.to.getTime() + DAY_MS) : undefined,
        sort: page.sort,
        skip: page.skip,
        take: page.take,
      });
      return pagedEnvelope(rows.map(toInvoiceMessage), total, page);
    },

    async listPayments(request) {
      const input = validate(paymentsInput, request);
      const page = parsePageQuery(request, { sortable: ['createdAt'] as const, defaultSort: { field: 'createdAt', direction: 'desc' } });
      await assertOrganization(input.organizationId);
      const { rows, total } = await listPayments(deps.db, {
        organizationId: input.organizationId,
        status: input.status || undefined,
        skip: page.skip,
        take: page.take,
      });
      return pagedEnvelope(rows.map(toPaymentMessage), total, page);
    },

    async getPayment(request) {
      const { organizationId, paymentId } = validate(paymentInput, request);
      await assertOrganization(organizationId);
      const payment = await findPayment(deps.db, organizationId, paymentId);
      if (!payment) throw PlatformError.notFound('Payment');
      return toPaymentMessage(payment);
    },

    async listSubscriptions(request) {
      const input = validate(subscriptionsInput, request);
      const page = parsePageQuery(request, { sortable: ['since'] as const, defaultSort: { field: 'since', direction: 'desc' } });
      const { rows, total } = await listSubscriptions(deps.db, { status: input.status || undefined, skip: page.skip, take: page.take });
      return pagedEnvelope(
        rows.map((s) => ({
          organizationId: s.organizationId,
          organizationName: s.organization.name,
          organizationSlug: s.organization.slug,
          plan: s.plan,
          status: s.status,
          since: s.since.toISOString(),
          memberCount: s.organization._count.memberships,
        })),
        total,
        page,
      );
    },
  };
}
