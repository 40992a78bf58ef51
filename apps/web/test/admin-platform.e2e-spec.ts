import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createPlatformClient, unwrap, type PlatformClient } from '@platform/api-client';
import { STACK_ADMIN, startPlatformStack, type PlatformStack } from '@platform/testing';
import { expectScreenOk, launchBrowser, newContext, openCreate } from './support/browser';
import { mailTo } from './support/mail';

describe('the console: a platform administrator sees every organisation and the audit log', () => {
  let stack: PlatformStack;
  let browser: Browser;
  let system: PlatformClient;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    [stack, browser] = await Promise.all([
      // Documents for the storage page.
      startPlatformStack('webadminplatform', { web: true, contractCheck: false, organisation: 'real', notifications: true, services: ['documents'] }),
      launchBrowser(),
    ]);
    const api = createPlatformClient({ baseUrl: stack.baseUrl });
    system = createPlatformClient({ baseUrl: stack.baseUrl, token: unwrap(await api.POST('/api/auth/system/login', { body: STACK_ADMIN })).accessToken! });
    for (const [orgName, orgSlug, ownerEmail] of [
      ['Alpha Rowing', 'alpha-rowing', 'ann@alpha.test'],
      ['Beta Chess Club', 'beta-chess', 'bob@beta.test'],
    ]) {
      unwrap(
        await system.POST('/api/admin/orgs/create-with-owner', {
          body: { orgName, orgSlug, ownerEmail, ownerFirstName: 'Owner', ownerLastName: orgName, sendWelcomeEmail: false },
        }),
      );
    }
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await stack?.stop();
  });

  it('signs the stack admin in at /login?as=system and opens the platform console', async () => {
    context = await newContext(browser, stack.webUrl!, 'desktop');
    page = await context.newPage();
    await page.goto('/login?as=system&next=/admin');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(STACK_ADMIN.email);
    await page.getByLabel('Password').fill(STACK_ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/admin');
    await page.getByRole('heading', { name: 'Platform', level: 1 }).waitFor();
    await page.getByRole('region', { name: 'Organisations' }).getByText('2', { exact: true }).waitFor();
    // Platform screens only: no organisation's members here.
    expect(await page.getByRole('menuitem', { name: 'Members', exact: true }).count()).toBe(0);
    await expectScreenOk(page, 'admin-platform-dashboard');
  });

  it('lists every organisation and creates one with its owner', async () => {
    await page.getByRole('menuitem', { name: 'Organisations' }).click();
    await page.getByRole('cell', { name: 'Alpha Rowing' }).waitFor();
    await page.getByRole('cell', { name: 'Beta Chess Club' }).waitFor();
    await expectScreenOk(page, 'admin-platform-organisations');
    await openCreate(page, 'organisations');
    // The form's screen loads on first use: wait for it, not only for the address.
    await page.getByRole('button', { name: 'Save' }).waitFor();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Gamma Sailing');
    await page.getByRole('textbox', { name: 'Address', exact: true }).fill('Gamma Sailing');
    await page.getByRole('textbox', { name: "Owner's email", exact: true }).fill('gina@gamma.test');
    await page.getByRole('textbox', { name: "Owner's first name", exact: true }).fill('Gina');
    await page.getByRole('textbox', { name: "Owner's last name", exact: true }).fill('Gamma');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Lower-case letters, digits and single hyphens.').waitFor();
    await page.getByRole('textbox', { name: 'Address', exact: true }).fill('gamma-sailing');
    await expectScreenOk(page, 'admin-platform-organisation-create');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('cell', { name: 'Gamma Sailing' }).waitFor();
    const listed = unwrap(await system.GET('/api/orgs', { params: { query: { search: 'gamma' } } }));
    expect(listed.content?.map((o) => o.slug)).toEqual(['gamma-sailing']);
  });

  it('reads the audit log, filtered by action', async () => {
    await page.getByRole('menuitem', { name: 'Audit log' }).click();
    await page.getByRole('cell', { name: 'ORGANIZATION_CREATED' }).first().waitFor();
    await page.getByRole('textbox', { name: 'Action', exact: true }).fill('ORGANIZATION_CREATED');
    // The three organisations' creations, nothing else.
    await page.locator('tbody tr').nth(3).waitFor({ state: 'detached' });
    await page.locator('tbody tr').nth(2).waitFor();
    expect(await page.locator('tbody tr').filter({ hasNotText: 'ORGANIZATION_CREATED' }).count()).toBe(0);
    await expectScreenOk(page, 'admin-platform-audit');
  });

  it('lists users across organisations and the platform administrators', async () => {
    await page.getByRole('menuitem', { name: 'Users' }).click();
    await page.getByRole('cell', { name: 'gina@gamma.test' }).waitFor();
    await expectScreenOk(page, 'admin-platform-users');
    await page.getByRole('menuitem', { name: 'Platform administrators' }).click();
    await page.getByRole('cell', { name: STACK_ADMIN.email }).waitFor();
    await expectScreenOk(page, 'admin-platform-staff');
  });

  it('invites someone by email to create their organisation', async () => {
    await page.getByRole('menuitem', { name: 'Creation invitations' }).click();
    // The list before its Create link: the page before had one too.
    await page.waitForURL((url) => url.pathname === '/admin/creation-invitations');
    await openCreate(page, 'creation-invitations');
    // The form's screen loads on first use: wait for it, not only for the address.
    await page.getByRole('button', { name: 'Save' }).waitFor();
    // Read before typing: no field or button is mid-transition then.
    await expectScreenOk(page, 'admin-platform-creation-invitation-create');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill('carla@choir.test');
    await page.getByRole('textbox', { name: 'Organisation', exact: true }).fill('Carla Choir');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('cell', { name: 'carla@choir.test' }).waitFor();
    await expectScreenOk(page, 'admin-platform-creation-invitations');
    const invitations = unwrap(await system.GET('/api/admin/orgs/creation-invitations'));
    expect(invitations.content).toEqual([expect.objectContaining({ email: 'carla@choir.test', orgName: 'Carla Choir', status: 'PENDING' })]);
    expect((await mailTo(stack.mailUrl!, 'carla@choir.test')).subject).toBeTruthy();
  });

  it('saves the system settings and the storage settings', async () => {
    await page.getByRole('menuitem', { name: 'System settings' }).click();
    const most = page.getByRole('spinbutton', { name: 'Organisations a person may create' });
    await most.fill('3');
    await expectScreenOk(page, 'admin-platform-system-settings');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved', { exact: true }).waitFor();
    expect(unwrap(await system.GET('/api/system/settings')).maxOrganisationsPerUser).toBe(3);

    await page.getByRole('menuitem', { name: 'Storage' }).click();
    await page.getByRole('combobox', { name: 'Provider' }).waitFor();
    await page.getByRole('textbox', { name: 'Quota per organisation (bytes)' }).fill('1073741824');
    await expectScreenOk(page, 'admin-platform-storage');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved', { exact: true }).waitFor();
    expect(Number(unwrap(await system.GET('/api/admin/storage/config')).organizationQuotaBytes)).toBe(1073741824);
  });

  it("lists every organisation's subscription", async () => {
    await page.getByRole('menuitem', { name: 'Subscriptions' }).click();
    await page.getByRole('cell', { name: 'Gamma Sailing' }).waitFor();
    const subscriptions = unwrap(await system.GET('/api/admin/subscriptions'));
    expect(subscriptions.content?.map((s) => s.organizationName).sort()).toEqual(['Alpha Rowing', 'Beta Chess Club', 'Gamma Sailing']);
    expect(await page.locator('tbody tr').count()).toBe(3);
    await expectScreenOk(page, 'admin-platform-subscriptions');
  });
});
