import { createHmac } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { STACK_ADMIN, startPlatformStack, type PlatformStack } from '@platform/testing';
import { browserWindows, heading, launchBrowser, screensOk } from './support/browser';
import { callApi } from './support/api';

/** The RFC 6238 code (SHA-1, 6 digits, 30 s) of a base32 `secret` at 30-second `step`, as an authenticator app shows it. */
function totpAt(secret: string, step: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const bits = [...secret.replace(/=+$/, '').toUpperCase()].map((ch) => alphabet.indexOf(ch).toString(2).padStart(5, '0')).join('');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = (mac.at(-1) ?? 0) & 0x0f;
  return ((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).toString().padStart(6, '0');
}

/**
 * An authenticator app for one secret, written here (not with the service's library) so the test
 * checks that the secret the page shows works in an app. The platform takes each step once and
 * only after the last one used, within one step of now: each code is for the next step it will
 * take, waiting when that is still too far ahead.
 */
function authenticator(secret: string) {
  let last = -Infinity;
  return async (): Promise<string> => {
    const seconds = Date.now() / 1000;
    const now = Math.floor(seconds / 30);
    // The previous step only early in the current one, so it is still within the window on arrival.
    const step = Math.max(last + 1, seconds % 30 < 15 ? now - 1 : now);
    while (step > Math.floor(Date.now() / 1000 / 30) + 1) await new Promise((r) => setTimeout(r, 500));
    last = step;
    return totpAt(secret, step);
  };
}

/**
 * Issue 25, the signed-in account pages on the real stack: the way in from a signed-out visit,
 * two-step sign-in (enrolment, a sign-in with a TOTP code, backup codes, turning it off), changing
 * the password, signing out here and everywhere, and deactivating the account.
 */
/** Per test: a browser journey with axe in two windows, on a machine that may be shared. */
const SLOW = 240_000;

describe('the signed-in account pages', () => {
  let stack: PlatformStack;
  let browser: Browser;
  let webUrl: string;
  const call = (method: string, path: string, body?: unknown, token?: string) => callApi(stack.gatewayUrl, method, path, body, token);
  let admin: string;
  let org: { id: string; slug: string };
  const windows = browserWindows(
    () => browser,
    () => webUrl,
  );
  const open = windows.open;

  /** A registered account (with its password) that is an ACTIVE member of the organisation. */
  const member = async (email: string, password = 'member password') => {
    expect((await call('POST', '/api/auth/org/register', { email, password, firstName: email.split('@')[0], lastName: 'Secure' })).status).toBe(201);
    expect((await call('POST', `/api/orgs/${org.id}/users`, { email, firstName: 'M', lastName: 'Ember', sendInvitationEmail: false }, admin)).status).toBe(201);
  };
  const signIn = async (page: Page, email: string, password = 'member password', path = '/login') => {
    await page.goto(path);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
  };
  /** Until the page, reloaded, is sent to sign in: the gateway refuses a revoked session within moments. */
  const sentToSignIn = async (page: Page, path: string) => {
    for (let i = 0; i < 20; i++) {
      await page.goto(path);
      try {
        await page.waitForURL((url) => url.pathname === '/login', { timeout: 1500 });
        return;
      } catch {
        // still signed in: the revocation has not reached the gateway yet
      }
    }
    throw new Error(`${path} stayed signed in`);
  };

  beforeAll(async () => {
    [stack, browser] = await Promise.all([
      startPlatformStack('webaccountsec', { web: true, contractCheck: false, organisation: 'real', notifications: true }),
      launchBrowser(),
    ]);
    webUrl = stack.webUrl!;
    admin = (await call('POST', '/api/auth/system/login', STACK_ADMIN)).body.accessToken;
    const made = await call(
      'POST',
      '/api/admin/orgs/create-with-owner',
      { orgName: 'Secure Club', orgSlug: 'secure', ownerEmail: 'owner@secure.example', ownerFirstName: 'O', ownerLastName: 'Wner', sendWelcomeEmail: false },
      admin,
    );
    expect(made.status).toBe(201);
    org = { id: made.body.organization.id, slug: 'secure' };
    await Promise.all(['mia@secure.example', 'pat@secure.example', 'sue@secure.example', 'dee@secure.example'].map((email) => member(email)));
  }, SLOW);
  afterEach(() => {
    expect(windows.takeErrors()).toEqual([]);
  });
  afterAll(async () => {
    await windows.closeAll();
    await browser?.close();
    await stack?.stop();
  });

  it(
    'a signed-out visit is sent to sign in and brought back; the overview shows the account',
    async () => {
      const page = await open('phone');
      await page.goto('/account/password');
      await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('next') === '/account/password');
      await page.getByLabel('Email').fill('pat@secure.example');
      await page.getByLabel('Password').fill('member password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await heading(page, 'Change your password');
      await page.getByRole('link', { name: 'Account', exact: true }).click();
      await heading(page, 'Your account');
      await page.getByText('pat@secure.example', { exact: true }).waitFor();
      await screensOk(page, 'account-overview');
    },
    SLOW,
  );

  it(
    'two-step sign-in: enrolment from the secret as text, backup codes once, a sign-in with a TOTP code, new codes, off',
    async () => {
      const page = await open('desktop');
      await signIn(page, 'mia@secure.example', 'member password', '/login?next=%2Faccount%2Ftwo-factor');
      await heading(page, 'Two-step sign-in');
      await screensOk(page, 'account-mfa-off');
      await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
      await heading(page, 'Set up your authenticator app');
      const secret = (await page.getByTestId('mfa-secret').innerText()).replace(/\s+/g, '');
      const app = authenticator(secret);
      expect(await page.getByLabel('Or copy this setup address').inputValue()).toMatch(/^otpauth:\/\/totp\/.*secret=/);
      await screensOk(page, 'account-mfa-enrol', false);
      await page.getByRole('textbox', { name: 'Code', exact: true }).fill('000000');
      await page.getByRole('button', { name: 'Turn on', exact: true }).click();
      await page.getByRole('alert').waitFor();
      await page.getByRole('textbox', { name: 'Code', exact: true }).fill(await app());
      await page.getByRole('button', { name: 'Turn on', exact: true }).click();
      await heading(page, 'Your backup codes');
      const codes = (await page.getByLabel('The codes as text, to copy').inputValue()).split('\n');
      expect(codes).toHaveLength(10);
      await screensOk(page, 'account-mfa-codes', false);
      await page.getByRole('button', { name: 'I have saved my codes' }).click();
      await page.getByText('You have 10 backup codes left.').waitFor();
      await screensOk(page, 'account-mfa-on', false);

      // Sign out, then in again: the password, then a code from the app.
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByText('You are signed out.').waitFor();
      expect((await call('POST', '/api/auth/org/login', { email: 'mia@secure.example', password: 'member password' })).body.mfa_required).toBe(true);
      await page.getByLabel('Email').fill('mia@secure.example');
      await page.getByLabel('Password').fill('member password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await heading(page, 'Enter your code');
      await screensOk(page, 'account-login-mfa', false);
      await page.getByRole('textbox', { name: 'Code', exact: true }).fill(await app());
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.waitForURL((url) => url.pathname === '/');

      // New backup codes (a code from the app; a backup code will not do), then off (with one of the new backup codes).
      await page.goto('/account/two-factor');
      await page.getByRole('textbox', { name: 'Code', exact: true }).fill(codes[0]!);
      await page.getByRole('button', { name: 'Get new backup codes' }).click();
      await page.getByText('is not a valid code from your authenticator app', { exact: true }).waitFor();
      await page.getByRole('textbox', { name: 'Code', exact: true }).fill(await app());
      await page.getByRole('button', { name: 'Get new backup codes' }).click();
      await heading(page, 'Your backup codes');
      const fresh = (await page.getByLabel('The codes as text, to copy').inputValue()).split('\n');
      expect(fresh).toHaveLength(10);
      expect(fresh).not.toContain(codes[1]);
      await page.getByRole('button', { name: 'I have saved my codes' }).click();
      await page.getByRole('textbox', { name: 'Code', exact: true }).fill(fresh[0]!);
      await page.getByRole('button', { name: 'Turn off' }).click();
      await page.getByText('Two-step sign-in is off.', { exact: true }).waitFor();
      expect((await call('POST', '/api/auth/org/login', { email: 'mia@secure.example', password: 'member password' })).body.mfa_required).toBe(false);
    },
    SLOW,
  );

  it(
    'change password: a wrong current password answered beside the field; the other device is signed out, this one stays',
    async () => {
      const other = await open('desktop');
      await signIn(other, 'pat@secure.example');
      await other.waitForURL((url) => url.pathname === '/');
      const page = await open('phone');
      await signIn(page, 'pat@secure.example', 'member password', '/login?next=%2Faccount%2Fpassword');
      await heading(page, 'Change your password');
      await page.getByLabel('Current password').fill('wrong password');
      await page.getByLabel('New password').fill('pat new password');
      await page.getByRole('button', { name: 'Change my password' }).click();
      await page.getByText('is not correct', { exact: true }).waitFor();
      await screensOk(page, 'account-password-error');
      await page.getByLabel('Current password').fill('member password');
      await page.getByRole('button', { name: 'Change my password' }).click();
      await page.getByText('Your password is changed.').waitFor();
      await sentToSignIn(other, '/account');
      await page.goto('/account');
      await heading(page, 'Your account');
      expect((await call('POST', '/api/auth/org/login', { email: 'pat@secure.example', password: 'pat new password' })).status).toBe(200);
    },
    SLOW,
  );

  it(
    'sign out everywhere: every session ends, this one included; the password stays',
    async () => {
      const other = await open('phone');
      await signIn(other, 'sue@secure.example');
      await other.waitForURL((url) => url.pathname === '/');
      const page = await open('desktop');
      await signIn(page, 'sue@secure.example', 'member password', '/login?next=%2Faccount%2Fsessions');
      await heading(page, 'Sessions');
      await screensOk(page, 'account-sessions');
      await page.getByLabel('Your password').fill('not it');
      await page.getByRole('button', { name: 'Sign out everywhere' }).click();
      await page.getByText('is not correct', { exact: true }).waitFor();
      await page.getByLabel('Your password').fill('member password');
      await page.getByRole('button', { name: 'Sign out everywhere' }).click();
      await page.getByText('You are signed out on every device').waitFor();
      await screensOk(page, 'account-signed-out-everywhere', false);
      await sentToSignIn(other, '/account');
      expect((await call('POST', '/api/auth/org/login', { email: 'sue@secure.example', password: 'member password' })).status).toBe(200);
    },
    SLOW,
  );

  it(
    'deactivate: confirmed with the password; signed out, and sign-in is then refused in plain words',
    async () => {
      const page = await open('phone');
      await signIn(page, 'dee@secure.example', 'member password', '/login?next=%2Faccount%2Fdeactivate');
      await heading(page, 'Deactivate your account');
      expect(await page.getByRole('button', { name: 'Deactivate my account' }).isDisabled()).toBe(true);
      await screensOk(page, 'account-deactivate');
      await page.getByLabel('Your password').fill('member password');
      await page.getByLabel('I understand').check();
      await page.getByRole('button', { name: 'Deactivate my account' }).click();
      await page.getByRole('heading', { name: 'Account deactivated' }).or(page.getByRole('alert')).waitFor();
      expect(await page.getByRole('alert').allInnerTexts()).toEqual([]);
      await heading(page, 'Account deactivated');
      await screensOk(page, 'account-deactivated', false);
      await signIn(page, 'dee@secure.example');
      await page.getByText('This account is deactivated').waitFor();
    },
    SLOW,
  );
});
