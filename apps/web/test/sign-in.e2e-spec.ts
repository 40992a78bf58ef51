import type { Browser } from 'playwright-core';
import { STACK_ADMIN, startPlatformStack, type PlatformStack } from '@platform/testing';
import { expectScreenOk, launchBrowser, newContext } from './support/browser';

describe('signing in on the web app', () => {
  let stack: PlatformStack;
  let browser: Browser;
  let webUrl: string;

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startPlatformStack('websignin', { web: true, contractCheck: false }), launchBrowser()]);
    webUrl = stack.webUrl!;
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('serves the app on every page path and forwards /api to the gateway', async () => {
    const page = await fetch(`${webUrl}/admin/members/123`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const health = await fetch(`${webUrl}/api/auth/health`);
    expect(await health.json()).toMatchObject({ status: 'UP' });
    expect((await fetch(`${webUrl}/assets/gone.js`)).status).toBe(404);
  });

  it.each(['phone', 'desktop'] as const)('signs a platform administrator in and opens the console (%s)', async (viewport) => {
    const context = await newContext(browser, webUrl, viewport);
    const page = await context.newPage();
    await page.goto('/login?as=system');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await expectScreenOk(page, `sign-in-${viewport}`);
    await page.getByLabel('Email').fill(STACK_ADMIN.email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').waitFor();
    await page.getByLabel('Password').fill(STACK_ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/admin');
    await context.close();
  });
});
