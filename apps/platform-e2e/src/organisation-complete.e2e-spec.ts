import { mailTo } from './mail';
import { ADMIN, http, startPlatform, type Platform } from './platform';

/** Issue 12 through the gateway on the real services: member profiles, membership types and billing. */
describe('organisation complete: profiles, membership types, billing', () => {
  let platform: Platform;
  let api: ReturnType<typeof http>;
  let admin: string;
  let orgId: string;
  let owner: string;
  let otherOrgId: string;
  let otherOwner: string;
  let memberId: string;
  let memberToken: string;

  const register = (email: string) =>
    api.post('/api/auth/org/register', { email, password: 'member password', firstName: email.split('@')[0], lastName: 'Person' });
  const orgLogin = async (email: string, organizationId?: string) =>
    (await api.post('/api/auth/org/login', { email, password: 'member password', ...(organizationId ? { organizationId } : {}) })).body.accessToken as string;
  const createOrg = async (slug: string) => {
    await register(`owner@${slug}.example`);
    const created = await api.post(
      '/api/admin/orgs/create-with-owner',
      { orgName: `Org ${slug}`, orgSlug: slug, ownerEmail: `owner@${slug}.example`, ownerFirstName: 'Olga', ownerLastName: 'Owner', sendWelcomeEmail: false },
      admin,
    );
    expect(created.status).toBe(201);
    const id = created.body.organization.id as string;
    return { id, token: await orgLogin(`owner@${slug}.example`, id) };
  };

  beforeAll(async () => {
    // The membership job runs every second here (hourly by default).
    platform = await startPlatform('organisation-complete', { organisation: 'real', notifications: true, env: { MEMBERSHIP_JOB_INTERVAL_MS: '1000' } });
    api = http(platform.baseUrl);
    admin = (await api.post('/api/auth/system/login', ADMIN)).body.accessToken;
    ({ id: orgId, token: owner } = await createOrg('complete'));
    ({ id: otherOrgId, token: otherOwner } = await createOrg('complete-other'));
    await register('mia@complete.example');
    const added = await api.post(
      `/api/orgs/${orgId}/users`,
      { email: 'mia@complete.example', firstName: 'Mia', lastName: 'Member', sendInvitationEmail: false },
      owner,
    );
    expect(added.status).toBe(201);
    memberId = added.body.id;
    memberToken = await orgLogin('mia@complete.example', orgId);
  });
  afterAll(async () => platform?.stop());

  describe('member profile', () => {
    it('PUT /api/orgs/{organizationId}/users/{userId} sets the profile fields of the member mapping', async () => {
      const res = await api.call('PUT', `/api/orgs/${orgId}/users/${memberId}`, {
        body: {
          displayName: 'Mia M.',
          phoneNumber: '+44 20 7946 0000',
          jobTitle: 'Treasurer',
          company: 'Mia Ltd',
          dateOfBirth: '1990-04-01',
          addressLine1: '1 High Street',
          city: 'Leeds',
          postalCode: 'LS1 1AA',
          isCertified: true,
          membershipRenewalDate: '2027-04-01',
          isExcludedFromListing: true,
          externalId: 'wp-77',
        },
        token: owner,
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id: memberId,
        displayName: 'Mia M.',
        dateOfBirth: '1990-04-01',
        isCertified: true,
        externalId: 'wp-77',
        status: 'ACTIVE',
      });
      const listed = await api.get(`/api/orgs/${orgId}/users?search=mia`, owner);
      expect(listed.body.content[0]).toMatchObject({ city: 'Leeds', postalCode: 'LS1 1AA', isExcludedFromListing: true });
    });

    it('refuses a bad date with the field named, a member token and another organisation', async () => {
      const bad = await api.call('PUT', `/api/orgs/${orgId}/users/${memberId}`, { body: { dateOfBirth: '1990-13-01' }, token: owner });
      expect(bad.status).toBe(400);
      expect(JSON.stringify(bad.body)).toContain('dateOfBirth');
      expect((await api.call('PUT', `/api/orgs/${orgId}/users/${memberId}`, { body: { city: 'X' }, token: memberToken })).status).toBe(403);
      expect((await api.call('PUT', `/api/orgs/${otherOrgId}/users/${memberId}`, { body: { city: 'X' }, token: otherOwner })).status).toBe(404);
      const listed = await api.get(`/api/orgs/${orgId}/users?search=mia`, owner);
      expect(listed.body.content[0]).toMatchObject({ city: 'Leeds', dateOfBirth: '1990-04-01' });
    });
  });

  describe('membership types, assignment, renewal and billing', () => {
    let typeId: string;
    it('an admin creates a type with an exact price; members see it', async () => {
      const created = await api.post(
        `/api/orgs/${orgId}/membership-types`,
        { name: 'Standard', description: 'Yearly', price: '49.9', currency: 'GBP', durationMonths: 12, benefits: ['Newsletter'] },
        owner,
      );
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ name: 'Standard', price: 49.9, currency: 'GBP', durationMonths: 12, benefits: ['Newsletter'] });
      typeId = created.body.id;
      const listed = await api.get(`/api/orgs/${orgId}/membership-types`, memberToken);
      expect(listed.status).toBe(200);
      expect(listed.body.map((t: { id: string }) => t.id)).toContain(typeId);
      // A price is a JSON number or a decimal string, answered as a JSON number, exactly, in the currency's minor units.
      const typeWith = (name: string, price: unknown, currency: string) =>
        api.post(`/api/orgs/${orgId}/membership-types`, { name, price, currency, durationMonths: 12 }, owner);
      for (const [name, price, currency, answered] of [
        ['Float', 49.9, 'GBP', 49.9],
        ['Ten pence', '0.10', 'GBP', 0.1],
        ['Large', '1234567890.12', 'EUR', 1234567890.12],
        ['Yen', 1500, 'JPY', 1500],
        ['Dinar', '1.234', 'KWD', 1.234],
      ] as const) {
        const made = await typeWith(name, price, currency);
        expect(made.status).toBe(201);
        expect(made.body).toMatchObject({ name, price: answered, currency });
      }
      expect(JSON.stringify((await api.get(`/api/orgs/${orgId}/membership-types`, memberToken)).body)).toContain('"price":1234567890.12');
      for (const [price, currency, message] of [
        ['1.234', 'EUR', 'price must have at most 2 decimals in EUR'],
        [1500.5, 'JPY', 'price must be a whole amount in JPY'],
        ['1e3', 'EUR', 'price must be a decimal number'],
      ] as const) {
        const refused = await typeWith(`Refused ${price}`, price, currency);
        expect(refused.status).toBe(400);
        expect((refused.body.errors as Array<{ field: string; message: string }>).map((e) => `${e.field} ${e.message}`).join(' | ')).toContain(message);
      }
      const bad = await api.post(
        `/api/orgs/${orgId}/membership-types`,
        { name: 'Bad', price: '1.9999', currency: 'EURO', durationMonths: 0, benefits: [] },
        owner,
      );
      expect(bad.status).toBe(400);
      expect(JSON.stringify(bad.body)).toMatch(/price[\s\S]*currency[\s\S]*durationMonths/);
      expect((await api.post(`/api/orgs/${orgId}/membership-types`, { name: 'M', price: '1', currency: 'EUR', durationMonths: 1 }, memberToken)).status).toBe(
        403,
      );
    });

    it('assigns and renews a membership, issuing numbered invoices the admin lists', async () => {
      const assigned = await api.post(`/api/orgs/${orgId}/users/${memberId}/membership`, { membershipTypeId: typeId, startDate: '2026-03-31' }, owner);
      expect(assigned.status).toBe(201);
      expect(assigned.body).toMatchObject({ startDate: '2026-03-31', endDate: '2027-03-31', membershipTypeId: typeId });
      expect((await api.get(`/api/orgs/${orgId}/users/${memberId}/membership`, owner)).body).toMatchObject({ endDate: '2027-03-31' });
      const renewed = await api.post(`/api/orgs/${orgId}/users/${memberId}/membership/renew`, undefined, owner);
      expect(renewed.status).toBe(200);
      expect(renewed.body.endDate).toBe('2028-03-31');
      const invoices = await api.get(`/api/orgs/${orgId}/invoices?sort=number,asc`, owner);
      expect(invoices.status).toBe(200);
      expect(invoices.body.content.map((i: { number: number; amount: number }) => [i.number, i.amount])).toEqual([
        [1, 49.9],
        [2, 49.9],
      ]);
      expect((await api.get(`/api/orgs/${orgId}/invoices`, memberToken)).status).toBe(403);
      expect((await api.get(`/api/orgs/${orgId}/invoices?status=LOST`, owner)).status).toBe(400);
    });

    it('numbers invoices without gaps when renewals arrive at once', async () => {
      const renewals = await Promise.all(Array.from({ length: 12 }, () => api.post(`/api/orgs/${orgId}/users/${memberId}/membership/renew`, undefined, owner)));
      expect(renewals.map((r) => r.status)).toEqual(Array(12).fill(200));
      const invoices = await api.get(`/api/orgs/${orgId}/invoices?sort=number,asc&size=50`, owner);
      expect(invoices.body.content.map((i: { number: number }) => i.number)).toEqual(Array.from({ length: 14 }, (_, i) => i + 1));
    });

    it('keeps billing to its organisation: payments empty, other organisations refused', async () => {
      const payments = await api.get(`/api/orgs/${orgId}/payments`, owner);
      expect(payments.status).toBe(200);
      expect(payments.body).toMatchObject({ content: [], totalElements: 0 });
      expect((await api.get(`/api/orgs/${orgId}/payments/${memberId}`, owner)).status).toBe(404);
      expect((await api.get(`/api/orgs/${orgId}/invoices`, otherOwner)).status).toBe(403);
      expect((await api.get(`/api/orgs/${otherOrgId}/users/${memberId}/membership`, otherOwner)).status).toBe(404);
      expect((await api.post(`/api/orgs/${otherOrgId}/users/${memberId}/membership`, { membershipTypeId: typeId }, otherOwner)).status).toBe(404);
    });

    it('the daily job emails the MEMBERSHIP_RENEWAL reminder in the organisation template, 7 days before the end', async () => {
      await register('renew@complete.example');
      const added = await api.post(
        `/api/orgs/${orgId}/users`,
        { email: 'renew@complete.example', firstName: 'Rene', lastName: 'Renew', sendInvitationEmail: false },
        owner,
      );
      const endDate = new Date(Date.now() + 6 * 86_400_000).toISOString().slice(0, 10);
      const assigned = await api.post(`/api/orgs/${orgId}/users/${added.body.id}/membership`, { membershipTypeId: typeId, endDate }, owner);
      expect(assigned.status).toBe(201);
      const mail = await mailTo(platform.mailUrl!, 'renew@complete.example', 'membership ends', 20_000);
      expect(mail.subject).toBe(`Your Org complete membership ends on ${endDate}`);
      expect(mail.html).toContain('last reminder');
      expect(mail.html).toContain('49.90 GBP');
    });

    it('GET /api/admin/subscriptions lists each organisation with its plan and member count, for sys only', async () => {
      const res = await api.get('/api/admin/subscriptions?size=100', admin);
      expect(res.status).toBe(200);
      expect(res.body.content.find((s: { organizationId: string }) => s.organizationId === orgId)).toMatchObject({
        plan: 'FREE',
        status: 'ACTIVE',
        memberCount: 3,
      });
      expect((await api.get('/api/admin/subscriptions', owner)).status).toBe(403);
    });
  });
});
