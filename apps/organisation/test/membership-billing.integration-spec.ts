import { status } from '@grpc/grpc-js';
import { organisationEventsV1, type organisationV1 } from '@platform/proto';
import { failure, violationsOf } from '@platform/testing';
import { startOrganisationHarness, type NewOrganization, type OrganisationHarness } from './organisation-harness';

const DAY_MS = 86_400_000;
const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY_MS).toISOString().slice(0, 10);

describe('membership types, assignments, renewals and billing', () => {
  let h: OrganisationHarness;
  let a: NewOrganization;
  let b: NewOrganization;
  let admin: string;

  /** A price as it travels (google.type.Decimal). */
  const dec = (value: string) => ({ value });
  const typeFields = {
    name: 'Full',
    description: 'Full membership',
    price: dec('120.5'),
    currency: 'EUR',
    durationMonths: 12,
    benefits: ['Magazine', 'Events'],
  };
  const createType = (org: NewOrganization, fields: Partial<typeof typeFields> = {}, token = org.ownerToken) =>
    h.call('createMembershipType', { organizationId: org.org.id, ...typeFields, ...fields }, token);
  const addMember = async (org: NewOrganization, email: string) =>
    (
      await h.call(
        'addMember',
        { organizationId: org.org.id, email, firstName: 'Mo', lastName: 'Member', roleId: '', sendInvitationEmail: false },
        org.ownerToken,
      )
    ).id;
  const assign = (
    org: NewOrganization,
    userId: string,
    membershipTypeId: string,
    dates: { startDate?: string; endDate?: string } = {},
    token = org.ownerToken,
  ) =>
    h.call('assignMembership', { organizationId: org.org.id, userId, membershipTypeId, startDate: dates.startDate ?? '', endDate: dates.endDate ?? '' }, token);
  const invoices = (org: NewOrganization, query: Partial<organisationV1.ListInvoicesRequest> = {}, token = org.ownerToken) =>
    h.call('listInvoices', { organizationId: org.org.id, status: '', from: '', to: '', sort: '', ...query }, token);

  beforeAll(async () => {
    h = await startOrganisationHarness('org-membership-billing', { MEMBERSHIP_JOB_INTERVAL_MS: '1000' });
    a = await h.newOrganization('billing-a');
    b = await h.newOrganization('billing-b');
    admin = a.token('ADMIN');
  });
  afterAll(async () => h?.stop());

  describe('membership types', () => {
    it('creates, lists, updates and soft-deletes a type with an exact price', async () => {
      const created = await createType(a, {}, admin);
      expect(created).toMatchObject({ name: 'Full', price: dec('120.50'), currency: 'EUR', durationMonths: 12, benefits: ['Magazine', 'Events'] });
      const { types } = await h.call('listMembershipTypes', { organizationId: a.org.id }, a.token('MEMBER'));
      expect(types.map((t) => t.id)).toEqual([created.id]);
      const updated = await h.call(
        'updateMembershipType',
        { organizationId: a.org.id, typeId: created.id, price: dec('99.99'), benefits: [], benefitsSet: true },
        admin,
      );
      expect(updated).toMatchObject({ name: 'Full', price: dec('99.99'), benefits: [] });
      expect((await failure(createType(a, {}, admin)))?.code).toBe(status.ALREADY_EXISTS);
      await h.call('deleteMembershipType', { organizationId: a.org.id, typeId: created.id }, admin);
      expect((await h.call('listMembershipTypes', { organizationId: a.org.id }, admin)).types).toEqual([]);
      expect((await failure(h.call('deleteMembershipType', { organizationId: a.org.id, typeId: created.id }, admin)))?.code).toBe(status.NOT_FOUND);
    });

    it('refuses bad fields, naming each', async () => {
      for (const [field, value] of [
        ['price', dec('-1')],
        ['price', dec('1.234')],
        ['price', dec('1e3')],
        ['price', undefined],
        ['currency', 'eur'],
        ['currency', 'ABC'],
        ['durationMonths', 0],
        ['name', ''],
      ] as const) {
        const err = await failure(
          h.call('createMembershipType', { organizationId: a.org.id, ...typeFields, name: `Bad ${field}`, [field]: value }, a.ownerToken),
        );
        expect(err?.code).toBe(status.INVALID_ARGUMENT);
        expect(violationsOf(err).map((v) => v.field)).toEqual([field]);
      }
    });

    it('stores prices exactly and reads them back as written, in each currency’s minor units', async () => {
      const priced = async (name: string, price: string, currency: string) => (await createType(a, { name, price: dec(price), currency })).price;
      expect(await priced('Ten cents', '0.10', 'EUR')).toEqual(dec('0.10'));
      expect(await priced('Float-like', '49.9', 'EUR')).toEqual(dec('49.90'));
      expect(await priced('Large', '1234567890.12', 'EUR')).toEqual(dec('1234567890.12'));
      expect(await priced('Yen', '1500', 'JPY')).toEqual(dec('1500'));
      expect(await priced('Dinar', '1.234', 'KWD')).toEqual(dec('1.234'));
      const [row] = await h.sql<{ price: string }>(`SELECT price::text AS price FROM membership_type WHERE name = 'Dinar'`);
      expect(row).toEqual({ price: '1.234' });

      const tooFine = await failure(createType(a, { name: 'Too fine', price: dec('1.234'), currency: 'EUR' }));
      expect(violationsOf(tooFine)).toEqual([{ field: 'price', message: 'must have at most 2 decimals in EUR' }]);
      expect(violationsOf(await failure(createType(a, { name: 'Half yen', price: dec('1500.5'), currency: 'JPY' })))).toEqual([
        { field: 'price', message: 'must be a whole amount in JPY' },
      ]);
      const typeId = (await h.call('listMembershipTypes', { organizationId: a.org.id }, admin)).types.find((t) => t.name === 'Float-like')!.id;
      const update = (changes: Partial<organisationV1.UpdateMembershipTypeRequest>) =>
        h.call('updateMembershipType', { organizationId: a.org.id, typeId, benefits: [], benefitsSet: false, ...changes }, admin);
      expect(violationsOf(await failure(update({ currency: 'JPY' })))).toEqual([
        { field: 'currency', message: 'does not fit the price 49.9: JPY takes whole amounts' },
      ]);
      expect(await update({ currency: 'JPY', price: dec('4990') })).toMatchObject({ price: dec('4990'), currency: 'JPY' });
      expect(violationsOf(await failure(update({ price: dec('4990.5') })))).toEqual([{ field: 'price', message: 'must be a whole amount in JPY' }]);
      // The refused updates changed nothing.
      expect((await h.call('listMembershipTypes', { organizationId: a.org.id }, admin)).types.find((t) => t.id === typeId)).toMatchObject({
        price: dec('4990'),
        currency: 'JPY',
      });
    });

    it("keeps each organisation's types to itself and refuses members", async () => {
      const inB = await createType(b, { name: 'B only' });
      expect(
        (await failure(h.call('updateMembershipType', { organizationId: a.org.id, typeId: inB.id, name: 'x', benefits: [], benefitsSet: false }, admin)))?.code,
      ).toBe(status.NOT_FOUND);
      expect((await failure(createType(a, { name: 'By a member' }, a.token('MEMBER'))))?.code).toBe(status.PERMISSION_DENIED);
      expect((await failure(h.call('listMembershipTypes', { organizationId: a.org.id }, b.ownerToken)))?.code).toBe(status.PERMISSION_DENIED);
    });
  });

  describe('assignments and invoices', () => {
    it('assigns with default dates, issues a numbered invoice and announces it; renewing extends and invoices again', async () => {
      const type = await createType(a, { name: 'Yearly', price: dec('50') });
      const userId = await addMember(a, 'yearly@example.org');
      let assigned: organisationV1.MembershipAssignment | undefined;
      const events = await h.events('organisation.membership.assigned', async () => {
        assigned = await assign(a, userId, type.id, { startDate: '2026-01-31' });
      });
      expect(assigned).toMatchObject({ userId, membershipTypeId: type.id, startDate: '2026-01-31', endDate: '2027-01-31', membershipType: { name: 'Yearly' } });
      expect(assigned!.invoiceId).not.toBe('');
      expect(events.map((e) => organisationEventsV1.MembershipAssigned.decode(e))).toEqual([
        expect.objectContaining({ accountId: userId, membershipTypeName: 'Yearly', endDate: '2027-01-31', invoiceId: assigned!.invoiceId }),
      ]);
      expect(await h.call('getMembershipAssignment', { organizationId: a.org.id, userId }, admin)).toMatchObject({ id: assigned!.id, endDate: '2027-01-31' });

      const renewed = await h.call('renewMembership', { organizationId: a.org.id, userId }, admin);
      expect(renewed.endDate).toBe('2028-01-31');
      const page = await invoices(a);
      expect(page.content.map((i) => [i.number, i.amount, i.currency, i.status])).toEqual([
        [2, dec('50.00'), 'EUR', 'ISSUED'],
        [1, dec('50.00'), 'EUR', 'ISSUED'],
      ]);
      expect(page.content[0]).toMatchObject({ periodStart: '2027-01-31', periodEnd: '2028-01-31', userId });
    });

    it('issues no invoice for a free type, and renews an expired assignment from today', async () => {
      const free = await createType(a, { name: 'Honorary', price: dec('0'), durationMonths: 1 });
      const userId = await addMember(a, 'honorary@example.org');
      const before = (await invoices(a)).totalElements;
      const assigned = await assign(a, userId, free.id, { startDate: '2020-01-01', endDate: '2020-12-31' });
      expect(assigned).toMatchObject({ status: 'EXPIRED' });
      expect(assigned.invoiceId).toBeUndefined();
      const renewed = await h.call('renewMembership', { organizationId: a.org.id, userId }, admin);
      expect(renewed.status).toBe('ACTIVE');
      expect(renewed.endDate > isoDay(27)).toBe(true);
      expect((await invoices(a)).totalElements).toBe(before);
    });

    it('gives concurrent invoices of one organisation consecutive numbers without gaps', async () => {
      const type = await createType(a, { name: 'Busy', price: dec('10') });
      const users = await Promise.all(Array.from({ length: 12 }, (_, i) => addMember(a, `busy${i}@example.org`)));
      const before = (await invoices(a, { size: 100 })).content.map((i) => i.number);
      await Promise.all(users.map((u) => assign(a, u, type.id)));
      const numbers = (await invoices(a, { size: 100, sort: 'number,asc' })).content.map((i) => i.number);
      expect(numbers).toEqual(Array.from({ length: before.length + 12 }, (_, i) => i + 1));
    });

    it('filters invoices by status and dates, and refuses bad filters', async () => {
      expect((await invoices(a, { status: 'PAID' })).totalElements).toBe(0);
      expect((await invoices(a, { from: isoDay(0), to: isoDay(0) })).totalElements).toBeGreaterThan(0);
      expect((await invoices(a, { to: isoDay(-1) })).totalElements).toBe(0);
      expect(violationsOf(await failure(invoices(a, { status: 'LOST' }))).map((v) => v.field)).toEqual(['status']);
      expect(violationsOf(await failure(invoices(a, { from: '2026-13-01' }))).map((v) => v.field)).toEqual(['from']);
      expect((await failure(invoices(a, {}, a.token('MANAGER'))))?.code).toBe(status.PERMISSION_DENIED);
    });

    it('refuses a type of another organisation, a non-member and an end before the start', async () => {
      const inB = await createType(b, { name: 'B yearly' });
      const userId = await addMember(a, 'refused@example.org');
      const own = await createType(a, { name: 'Refusals' });
      expect(violationsOf(await failure(assign(a, userId, inB.id))).map((v) => v.field)).toEqual(['membershipTypeId']);
      expect((await failure(assign(a, b.owner.id, own.id)))?.code).toBe(status.NOT_FOUND);
      expect(violationsOf(await failure(assign(a, userId, own.id, { startDate: '2026-05-01', endDate: '2026-04-30' }))).map((v) => v.field)).toEqual([
        'endDate',
      ]);
      expect((await failure(h.call('getMembershipAssignment', { organizationId: a.org.id, userId }, admin)))?.code).toBe(status.NOT_FOUND);
      expect((await failure(h.call('renewMembership', { organizationId: a.org.id, userId }, admin)))?.code).toBe(status.NOT_FOUND);
    });

    it('refuses renewing a deleted type (409) but keeps the assignment readable', async () => {
      const type = await createType(a, { name: 'Retired' });
      const userId = await addMember(a, 'retired@example.org');
      await assign(a, userId, type.id);
      await h.call('deleteMembershipType', { organizationId: a.org.id, typeId: type.id }, admin);
      expect((await h.call('getMembershipAssignment', { organizationId: a.org.id, userId }, admin)).membershipType?.name).toBe('Retired');
      expect((await failure(h.call('renewMembership', { organizationId: a.org.id, userId }, admin)))?.code).toBe(status.ALREADY_EXISTS);
    });
  });

  describe('payments and subscriptions', () => {
    it('lists no payments on an empty table and answers 404 for an unknown one', async () => {
      expect(await h.call('listPayments', { organizationId: a.org.id, status: '' }, admin)).toMatchObject({ content: [], totalElements: 0 });
      expect((await failure(h.call('getPayment', { organizationId: a.org.id, paymentId: a.org.id }, admin)))?.code).toBe(status.NOT_FOUND);
    });

    it('lists every organisation with its subscription and active member count, for platform administrators', async () => {
      const page = await h.call('listSubscriptions', { status: '' }, h.tokens.system());
      const mine = page.content.find((s) => s.organizationId === b.org.id);
      expect(mine).toMatchObject({ plan: 'FREE', status: 'ACTIVE', organizationSlug: 'billing-b', memberCount: 1 });
      expect((await failure(h.call('listSubscriptions', { status: '' }, a.ownerToken)))?.code).toBe(status.PERMISSION_DENIED);
    });
  });

  describe('the renewal job', () => {
    it('expires lapsed assignments and sends the 30- and 7-day reminders once each', async () => {
      const type = await createType(a, { name: 'Reminded', price: dec('15'), durationMonths: 1 });
      const soon = await addMember(a, 'soon@example.org');
      const month = await addMember(a, 'month@example.org');
      const lapsed = await addMember(a, 'lapsed@example.org');
      let expired: Uint8Array[] = [];
      const due = await h.events('organisation.membership.renewal-due', async () => {
        expired = await h.events('organisation.membership.expired', async () => {
          await assign(a, soon, type.id, { startDate: isoDay(-20), endDate: isoDay(5) });
          await assign(a, month, type.id, { startDate: isoDay(-5), endDate: isoDay(29) });
          await assign(a, lapsed, type.id, { startDate: isoDay(-40), endDate: isoDay(-1) });
          // The job runs every second in this suite: wait for its effects, then for a few more runs.
          await waitFor(async () => (await reminderState(lapsed)).status === 'EXPIRED');
          await waitFor(async () => (await reminderState(soon)).reminder7 && (await reminderState(month)).reminder30);
          await new Promise((r) => setTimeout(r, 2500));
        });
      });
      expect(await reminderState(soon)).toEqual({ status: 'ACTIVE', reminder30: true, reminder7: true });
      expect(await reminderState(month)).toEqual({ status: 'ACTIVE', reminder30: true, reminder7: false });
      const reminders = due.map((d) => organisationEventsV1.MembershipRenewalDue.decode(d)).filter((e) => [soon, month].includes(e.accountId));
      expect(reminders.map((e) => [e.accountId, e.daysLeft]).sort()).toEqual(
        [
          [soon, 5],
          [month, 29],
        ].sort(),
      );
      expect(reminders[0]).toMatchObject({ organizationName: 'Org billing-a', membershipTypeName: 'Reminded', price: dec('15.00'), currency: 'EUR' });
      expect(reminders.find((e) => e.accountId === soon)).toMatchObject({ email: 'soon@example.org', endDate: isoDay(5) });
      expect(expired.map((d) => organisationEventsV1.MembershipExpired.decode(d).accountId)).toEqual([lapsed]);
      expect((await h.call('getMembershipAssignment', { organizationId: a.org.id, userId: lapsed }, admin)).status).toBe('EXPIRED');
    }, 60_000);
  });

  async function reminderState(accountId: string) {
    const rows = await h.sql<{ status: string; reminder_30_sent_at: Date | null; reminder_7_sent_at: Date | null }>(
      `SELECT status::text AS status, reminder_30_sent_at, reminder_7_sent_at FROM membership_assignment WHERE organisation_id = $1 AND account_id = $2`,
      [a.org.id, accountId],
    );
    return { status: rows[0]?.status, reminder30: rows[0]?.reminder_30_sent_at != null, reminder7: rows[0]?.reminder_7_sent_at != null };
  }
});

async function waitFor(check: () => Promise<boolean>, tries = 100): Promise<void> {
  for (let i = 0; i < tries; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('condition not met in time');
}
