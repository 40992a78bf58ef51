import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createPlatformClient, unwrap, type PlatformClient } from '@platform/api-client';
import { STACK_ADMIN, startPlatformStack, type PlatformStack } from '@platform/testing';
import { expectScreenOk, launchBrowser, newContext, openCreate } from './support/browser';

const OWNER = { email: 'olga@harbour.test', password: 'owner password 1' };
const SLUG = 'harbour';

/** The newest mail to an address at the stack's mail catcher, waiting for it. */
async function mailTo(mailUrl: string, address: string, timeoutMs = 10_000): Promise<{ subject: string }> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const list = (await (await fetch(`${mailUrl}/api/v1/messages`)).json()) as { messages: Array<{ Subject: string; To: Array<{ Address: string }> }> };
    const found = list.messages.find((m) => m.To.some((to) => to.Address.toLowerCase() === address));
    if (found) return { subject: found.Subject };
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`no mail to ${address}`);
}

/** The owner signs in on the app's page, which brings them back to the console. */
async function signIn(page: Page): Promise<void> {
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(OWNER.email);
  await page.getByLabel('Password').fill(OWNER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname === '/admin');
}

describe('the console: an owner administers the organisation members', () => {
  let stack: PlatformStack;
  let browser: Browser;
  let owner: PlatformClient;
  let orgId: string;
  let roles: Record<string, string>;
  let context: BrowserContext;
  let page: Page;

  /** The member with that address, as the API lists them (undefined once removed). */
  const memberByEmail = async (address: string) =>
    unwrap(await owner.GET('/api/orgs/{organizationId}/users', { params: { path: { organizationId: orgId }, query: { search: address } } })).content?.find(
      (m) => m.email === address,
    );

  beforeAll(async () => {
    [stack, browser] = await Promise.all([
      startPlatformStack('webadminmembers', { web: true, contractCheck: false, organisation: 'real', notifications: true, services: ['events'] }),
      launchBrowser(),
    ]);
    const api = createPlatformClient({ baseUrl: stack.baseUrl });
    const system = createPlatformClient({
      baseUrl: stack.baseUrl,
      token: unwrap(await api.POST('/api/auth/system/login', { body: STACK_ADMIN })).accessToken!,
    });
    unwrap(await api.POST('/api/auth/org/register', { body: { ...OWNER, firstName: 'Olga', lastName: 'Owner' } }));
    const created = unwrap(
      await system.POST('/api/admin/orgs/create-with-owner', {
        body: {
          orgName: 'Harbour Rowing Club',
          orgSlug: SLUG,
          ownerEmail: OWNER.email,
          ownerFirstName: 'Olga',
          ownerLastName: 'Owner',
          sendWelcomeEmail: false,
        },
      }),
    );
    orgId = created.organization!.id!;
    owner = createPlatformClient({ baseUrl: stack.baseUrl, token: unwrap(await api.POST('/api/auth/org/login', { body: OWNER })).accessToken! });
    roles = Object.fromEntries(unwrap(await owner.GET('/api/orgs/{id}/roles', { params: { path: { id: orgId } } })).map((r) => [r.name!, r.roleId!]));
    unwrap(await owner.PUT('/api/orgs/{id}', { params: { path: { id: orgId } }, body: { allow_join_requests: true } }));
    for (const [firstName, lastName] of [
      ['Ada', 'Lovelace'],
      ['Grace', 'Hopper'],
      ['Alan', 'Turing'],
    ]) {
      unwrap(
        await owner.POST('/api/orgs/{organizationId}/users', {
          params: { path: { organizationId: orgId } },
          body: { email: `${firstName.toLowerCase()}@harbour.test`, firstName, lastName, roleId: roles['MEMBER'], sendInvitationEmail: false },
        }),
      );
    }
    const join = await api.POST('/api/public/orgs/{slug}/join-requests', {
      params: { path: { slug: SLUG } },
      body: { firstName: 'Jo', lastName: 'Joiner', email: 'jo@joiner.test', message: 'I row on Sundays' },
    });
    expect(join.response.status).toBe(202);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await stack?.stop();
  });

  it('signs the owner in at /login?next=/admin and shows the dashboard and the members on a phone', async () => {
    const phone = await newContext(browser, stack.webUrl!, 'phone');
    const onPhone = await phone.newPage();
    await onPhone.goto('/admin');
    await onPhone.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('next') === '/admin');
    await signIn(onPhone);
    await onPhone.getByTestId('dashboard-members').getByText('Active').waitFor();
    await onPhone.getByText('1 request waiting for a decision').waitFor();
    await expectScreenOk(onPhone, 'admin-dashboard-phone');
    await onPhone.goto('/admin/members');
    await onPhone.getByText('grace@harbour.test').waitFor();
    await expectScreenOk(onPhone, 'admin-members-phone');
    await phone.close();
  });

  it('shows the dashboard on a desktop: members by status, pending join requests, events, the organisation', async () => {
    context = await newContext(browser, stack.webUrl!, 'desktop');
    page = await context.newPage();
    await page.goto('/login?next=/admin');
    await signIn(page);
    const members = page.getByTestId('dashboard-members');
    await members.getByText('Active').waitFor();
    expect(await members.getByRole('listitem').filter({ hasText: 'Active' }).textContent()).toContain('4');
    await page.getByTestId('dashboard-events').getByText('No upcoming events.').waitFor();
    await page.getByTestId('current-organisation').getByText('Harbour Rowing Club').waitFor();
    await expectScreenOk(page, 'admin-dashboard-desktop');
  });

  it('finds a member by search, exports the filtered list as CSV and changes the role', async () => {
    await page.getByRole('menuitem', { name: 'Members', exact: true }).click();
    await page.getByPlaceholder('Name or email').fill('grace');
    // One row left: Grace's.
    await page.locator('tbody tr').nth(1).waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: 'Hopper' }).waitFor();
    await expectScreenOk(page, 'admin-members');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export' }).click()]);
    const csv = await new Promise<string>((resolve, reject) => {
      void download.createReadStream().then((stream) => {
        let text = '';
        stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
        stream.on('end', () => resolve(text));
        stream.on('error', reject);
      });
    });
    expect(csv.split('\n')).toEqual([
      'firstName,lastName,email,roles,status,joinedAt,phoneNumber,company,jobTitle,city,membershipRenewalDate',
      expect.stringMatching(/^Grace,Hopper,grace@harbour.test,MEMBER,ACTIVE,/),
    ]);

    await page.getByRole('cell', { name: 'Hopper' }).click();
    await page.getByRole('heading', { name: 'Membership' }).waitFor();
    await expectScreenOk(page, 'admin-member-edit');
    await page.getByRole('combobox', { name: /Role/ }).click();
    await page.getByRole('option', { name: 'ADMIN' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved').waitFor();
    const grace = unwrap(await owner.GET('/api/orgs/{organizationId}/users', { params: { path: { organizationId: orgId }, query: { search: 'grace' } } }));
    expect(grace.content?.[0]?.roles).toEqual(['ADMIN']);
  });

  it('invites someone by email', async () => {
    await page.getByRole('menuitem', { name: 'Invitations' }).click();
    await openCreate(page, 'invitations');
    // The form's screen loads on first use: wait for it, not only for the address.
    await page.getByRole('button', { name: 'Save' }).waitFor();
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill('newbie@harbour.test');
    await page.getByRole('combobox', { name: /Role/ }).click();
    await page.getByRole('option', { name: 'MEMBER' }).click();
    await page.getByRole('textbox', { name: 'Message', exact: true }).fill('Come and row with us');
    await expectScreenOk(page, 'admin-invitation-create');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('cell', { name: 'newbie@harbour.test' }).waitFor();
    await expectScreenOk(page, 'admin-invitations');
    expect((await mailTo(stack.mailUrl!, 'newbie@harbour.test')).subject).toBeTruthy();
  });

  it('approves a join request, the menu counting those waiting', async () => {
    const entry = page.getByRole('menuitem', { name: /Join requests/ });
    await entry.getByLabel('1 waiting').waitFor();
    await entry.click();
    await page.getByRole('cell', { name: 'jo@joiner.test' }).waitFor();
    await expectScreenOk(page, 'admin-join-requests');
    await page.getByRole('button', { name: 'Approve Jo Joiner' }).click();
    await page.getByText('Jo Joiner is now a member.').waitFor();
    await entry.getByLabel('1 waiting').waitFor({ state: 'detached' });
    const jo = unwrap(
      await owner.GET('/api/orgs/{organizationId}/users', { params: { path: { organizationId: orgId }, query: { search: 'jo@joiner.test' } } }),
    );
    expect(jo.content?.[0]).toMatchObject({ email: 'jo@joiner.test', status: 'ACTIVE' });
  });

  it('creates a membership type with an exact decimal price, the server field errors shown beside the fields', async () => {
    await page.getByRole('menuitem', { name: 'Membership types' }).click();
    await openCreate(page, 'membership-types');
    // The form's screen loads on first use: wait for it, not only for the address.
    await page.getByRole('button', { name: 'Save' }).waitFor();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Full member');
    await page.getByRole('textbox', { name: 'Price', exact: true }).fill('49.999');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('EUR amounts have fewer decimals.').waitFor();
    await page.getByRole('textbox', { name: 'Price', exact: true }).fill('49.90');
    await page.getByRole('textbox', { name: 'Currency', exact: true }).fill('XYZ');
    await page.getByRole('button', { name: 'Save' }).click();
    // The platform's words beside the field, and its detail with the request id in the notice.
    await page.getByText('must be an ISO 4217 currency code').waitFor();
    await page.getByText(/Invalid currency \(request [0-9a-f-]{36}\)/).waitFor();
    await expectScreenOk(page, 'admin-membership-type-create');
    await page.getByRole('textbox', { name: 'Currency', exact: true }).fill('EUR');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('cell', { name: '€49.90' }).waitFor();
    await expectScreenOk(page, 'admin-membership-types');
    const types = unwrap(await owner.GET('/api/orgs/{organizationId}/membership-types', { params: { path: { organizationId: orgId } } }));
    expect(types).toEqual([expect.objectContaining({ name: 'Full member', price: 49.9, currency: 'EUR', durationMonths: 12 })]);
  });

  it('adds a member at once, without an invitation email', async () => {
    await page.getByRole('menuitem', { name: 'Members', exact: true }).click();
    // The list before its Create link: the page before had one too.
    await page.waitForURL((url) => url.pathname === '/admin/members');
    await openCreate(page, 'members');
    // The form's screen loads on first use: wait for it, not only for the address.
    await page.getByRole('button', { name: 'Save' }).waitFor();
    // Read before typing: no field or button is mid-transition then.
    await expectScreenOk(page, 'admin-member-create');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill('kim@harbour.test');
    await page.getByRole('textbox', { name: 'First name', exact: true }).fill('Kim');
    await page.getByRole('textbox', { name: 'Last name', exact: true }).fill('Keel');
    await page.getByRole('combobox', { name: /Role/ }).click();
    await page.getByRole('option', { name: 'MEMBER' }).click();
    await page.getByLabel('Invite by email').uncheck();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Created', { exact: true }).waitFor();
    await page.getByPlaceholder('Name or email').fill('kim');
    await page.getByRole('cell', { name: 'kim@harbour.test' }).waitFor();
    expect(await memberByEmail('kim@harbour.test')).toMatchObject({ firstName: 'Kim', lastName: 'Keel', status: 'ACTIVE', roles: ['MEMBER'] });
  });

  it("edits a member's profile and suspends them", async () => {
    await page.getByPlaceholder('Name or email').fill('alan');
    await page.getByRole('cell', { name: 'Turing' }).click();
    await page.getByRole('heading', { name: 'Membership' }).waitFor();
    await page.getByRole('textbox', { name: 'Phone', exact: true }).fill('+353 21 555 0100');
    await page.getByRole('textbox', { name: 'Job title', exact: true }).fill('Cox');
    await page.getByRole('textbox', { name: 'City', exact: true }).fill('Cork');
    await page.getByRole('combobox', { name: /Status/ }).click();
    await page.getByRole('option', { name: 'Suspended' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved').waitFor();
    expect(await memberByEmail('alan@harbour.test')).toMatchObject({ status: 'SUSPENDED', phoneNumber: '+353 21 555 0100', jobTitle: 'Cox', city: 'Cork' });
  });

  it('removes a member from the organisation', async () => {
    await page.getByRole('menuitem', { name: 'Members', exact: true }).click();
    await page.getByPlaceholder('Name or email').fill('jo@joiner.test');
    await page.getByRole('cell', { name: 'Joiner', exact: true }).click();
    await page.getByRole('button', { name: 'Remove from the organisation' }).click();
    await page.getByRole('dialog', { name: 'Remove this member?' }).waitFor();
    await expectScreenOk(page, 'admin-member-remove');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Removed', { exact: true }).waitFor();
    expect(await memberByEmail('jo@joiner.test')).toBeUndefined();
  });

  it('cancels a pending invitation', async () => {
    await page.getByRole('menuitem', { name: 'Invitations' }).click();
    const row = page.getByRole('row').filter({ hasText: 'newbie@harbour.test' });
    await row.getByRole('button', { name: 'Cancel invitation' }).click();
    await page.getByRole('dialog', { name: 'Cancel this invitation?' }).getByRole('button', { name: 'Confirm' }).click();
    await row.getByText('Cancelled').waitFor();
    const invitations = unwrap(await owner.GET('/api/orgs/{organizationId}/invitations', { params: { path: { organizationId: orgId } } }));
    expect(invitations.content?.find((i) => i.email === 'newbie@harbour.test')?.status).toBe('CANCELLED');
  });

  it("assigns a membership type on a member's page and renews it", async () => {
    await page.getByRole('menuitem', { name: 'Members', exact: true }).click();
    await page.getByPlaceholder('Name or email').fill('ada');
    await page.getByRole('cell', { name: 'Lovelace' }).click();
    await page.getByText('No membership assigned.').waitFor();
    await page.getByRole('combobox', { name: /Membership type/ }).click();
    await page.getByRole('option', { name: /Full member/ }).click();
    await page.getByRole('textbox', { name: 'Start date' }).fill('2030-01-15');
    await page.getByRole('button', { name: 'Assign' }).click();
    await page.getByText('Membership assigned.', { exact: true }).waitFor();
    await page
      .getByTestId('membership-current')
      .getByText(/Full member/)
      .waitFor();
    await expectScreenOk(page, 'admin-member-membership');
    const ada = (await memberByEmail('ada@harbour.test'))!;
    const assigned = unwrap(await owner.GET('/api/orgs/{organizationId}/users/{userId}', { params: { path: { organizationId: orgId, userId: ada.id! } } }));
    expect(assigned.membership).toMatchObject({
      startDate: '2030-01-15',
      endDate: '2031-01-15',
      membershipType: expect.objectContaining({ name: 'Full member' }),
    });

    await page.getByRole('button', { name: 'Renew' }).click();
    await page.getByText('Membership renewed.', { exact: true }).waitFor();
    const renewed = unwrap(await owner.GET('/api/orgs/{organizationId}/users/{userId}', { params: { path: { organizationId: orgId, userId: ada.id! } } }));
    expect(renewed.membership?.endDate).toBe('2032-01-15');
  });

  it('lists invoices and payments, read-only', async () => {
    const invoices = unwrap(await owner.GET('/api/orgs/{organizationId}/invoices', { params: { path: { organizationId: orgId } } }));
    await page.getByRole('menuitem', { name: 'Invoices' }).click();
    // The paid type's assignment and renewal each issued an invoice of the price.
    expect(invoices.content?.map((i) => i.amount)).toEqual([49.9, 49.9]);
    await page.getByRole('cell', { name: '€49.90' }).first().waitFor();
    expect(await page.getByRole('link', { name: 'Create' }).count()).toBe(0);
    await expectScreenOk(page, 'admin-invoices');
    const payments = unwrap(await owner.GET('/api/orgs/{organizationId}/payments', { params: { path: { organizationId: orgId } } }));
    expect(payments.content ?? []).toEqual([]);
    await page.getByRole('menuitem', { name: 'Payments' }).click();
    await page.getByText('No payments received yet.').waitFor();
    await expectScreenOk(page, 'admin-payments');
  });
});
