import type { Browser, Page } from 'playwright-core';
import { STACK_ADMIN, startPlatformStack, type PlatformStack } from '@platform/testing';
import { browserWindows, heading, launchBrowser, screensOk } from './support/browser';
import { callApi } from './support/api';
import { linkTo, mailTo, resetCodeIn, type CaughtMail } from './support/mail';

/**
 * Issue 25, the account pages every email links to, driven from the REAL emails the stack sends
 * (notifications → mail catcher, PUBLIC_APP_URL = the web app): registration and verification,
 * password reset, invitations, creation invitations, and every link of every template type.
 */
/** Per test: a browser journey with axe in two windows, on a machine that may be shared. */
const SLOW = 240_000;

describe('account pages reached from the emails', () => {
  let stack: PlatformStack;
  let browser: Browser;
  let webUrl: string;
  const call = (method: string, path: string, body?: unknown, token?: string) => callApi(stack.gatewayUrl, method, path, body, token);
  let mailUrl: string;
  let admin: string;
  /** An organisation whose owner registered first (WELCOME with the sign-in link). */
  let club: { id: string; slug: string };
  /** An organisation whose owner's account was made for it (WELCOME with the set-password link). */
  let society: { id: string; slug: string };
  const windows = browserWindows(
    () => browser,
    () => webUrl,
  );
  const open = windows.open;

  const register = (email: string, password = 'member password') =>
    call('POST', '/api/auth/org/register', { email, password, firstName: email.split('@')[0], lastName: 'Tester' });
  const createOrg = async (slug: string, ownerEmail: string) => {
    const made = await call(
      'POST',
      '/api/admin/orgs/create-with-owner',
      { orgName: `Org ${slug}`, orgSlug: slug, ownerEmail, ownerFirstName: 'Olga', ownerLastName: 'Owner', sendWelcomeEmail: true },
      admin,
    );
    expect(made.status).toBe(201);
    return { id: made.body.organization.id as string, slug };
  };
  /** Makes an existing account an ACTIVE member (no email). */
  const addTo = async (org: { id: string }, email: string) =>
    expect((await call('POST', `/api/orgs/${org.id}/users`, { email, firstName: 'A', lastName: 'Dded', sendInvitationEmail: false }, admin)).status).toBe(201);
  const signedInAt = async (page: Page, path: string) => {
    await page.waitForURL((url) => (path === '/' ? url.pathname === '/' : url.pathname.startsWith(path)));
    const stored = await page.evaluate(() =>
      (globalThis as unknown as { localStorage: { getItem(k: string): string | null } }).localStorage.getItem('platform.session'),
    );
    expect(stored).toContain('refreshToken');
  };

  beforeAll(async () => {
    [stack, browser] = await Promise.all([
      startPlatformStack('webaccountmail', { web: true, contractCheck: false, organisation: 'real', notifications: true }),
      launchBrowser(),
    ]);
    webUrl = stack.webUrl!;
    mailUrl = stack.mailUrl!;
    admin = (await call('POST', '/api/auth/system/login', STACK_ADMIN)).body.accessToken;
    expect((await register('olga@club.example')).status).toBe(201);
    [club, society] = await Promise.all([createOrg('club', 'olga@club.example'), createOrg('society', 'sam@society.example')]);
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
    'register → verification email → link → confirmed → sign in',
    async () => {
      const page = await open('phone');
      await page.goto('/login');
      await heading(page, 'Sign in');
      await screensOk(page, 'account-login');
      await page.getByRole('link', { name: 'Create an account' }).click();
      await heading(page, 'Create an account');
      await page.getByLabel('First name').fill('Rita');
      await page.getByLabel('Last name').fill('Register');
      await page.getByLabel('Email').fill('rita@register.example');
      await page.getByLabel('Password', { exact: true }).fill('short');
      await page.getByRole('button', { name: 'Create my account' }).click();
      // The password rules answer beside the field.
      await page.getByText('must be at least 8 characters long', { exact: true }).waitFor();
      expect(await page.getByLabel('Password', { exact: true }).getAttribute('aria-invalid')).toBe('true');
      await screensOk(page, 'account-register-error', false);
      await page.getByLabel('Password', { exact: true }).fill('rita password');
      await page.getByRole('button', { name: 'Create my account' }).click();
      await heading(page, 'Check your email');
      await screensOk(page, 'account-register-sent');

      const mail = await mailTo(mailUrl, 'rita@register.example', 'Confirm your email address');
      const link = linkTo(mail, webUrl, '/verify-email');
      await page.goto(link);
      await page.getByText('rita@register.example is confirmed.').waitFor();
      await screensOk(page, 'account-verified');
      await page.getByRole('link', { name: 'Sign in' }).click();
      await heading(page, 'Sign in');
      expect(await page.getByLabel('Email').inputValue()).toBe('rita@register.example');
      await page.getByLabel('Password').fill('rita password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      // An account signs in to an organisation: until one takes Rita in, the platform says so.
      await page.getByText('You have no active membership in any organisation').waitFor();
      await screensOk(page, 'account-login-no-membership', false);
      await addTo(club, 'rita@register.example');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await signedInAt(page, '/');
      expect((await call('POST', '/api/auth/org/login', { email: 'rita@register.example', password: 'rita password' })).status).toBe(200);

      // The link again: spent, and the page says so with the way on.
      await page.goto(link);
      await page.getByText('This link was already used').waitFor();
      await page.goto('/verify-email?token=not-a-real-token');
      await page.getByText('This link is not valid').waitFor();
      await page.getByRole('link', { name: /resetting your password/ }).waitFor();
      await screensOk(page, 'account-verify-invalid', false);
    },
    SLOW,
  );

  it(
    'reset: request → email → the code typed on the page → signed in with the new password',
    async () => {
      expect((await register('rob@reset.example', 'old password')).status).toBe(201);
      await addTo(club, 'rob@reset.example');
      const page = await open('desktop');
      await page.goto('/login?email=rob%40reset.example');
      await page.getByRole('link', { name: 'Forgot your password?' }).click();
      await heading(page, 'Reset your password');
      expect(await page.getByLabel('Email').inputValue()).toBe('rob@reset.example');
      await screensOk(page, 'account-reset-request');
      await page.getByRole('button', { name: 'Send me a code' }).click();
      await heading(page, 'Enter your code');
      const first = await mailTo(mailUrl, 'rob@reset.example', 'Your password reset code');
      // "Send a new code": a fresh code; the first one stops working.
      await page.getByRole('button', { name: 'Send a new code' }).click();
      await page.getByText('a new code is on its way').waitFor();
      const seen = new Set([first.id]);
      const second = await mailTo(mailUrl, 'rob@reset.example', 'Your password reset code', { seen });
      await page.getByLabel('Code from the email').fill(resetCodeIn(first));
      await page.getByLabel('New password').fill('new password');
      await page.getByRole('button', { name: 'Set my password and sign in' }).click();
      await page.getByRole('alert').waitFor();
      await screensOk(page, 'account-reset-code-error', false);
      await page.getByLabel('Code from the email').fill(resetCodeIn(second));
      await page.getByRole('button', { name: 'Set my password and sign in' }).click();
      await signedInAt(page, '/');
      expect((await call('POST', '/api/auth/org/login', { email: 'rob@reset.example', password: 'new password' })).status).toBe(200);

      // Whatever the address, the same answer: an unknown one also reaches the code step.
      const other = await open('phone');
      await other.goto('/reset-password');
      await other.getByLabel('Email').fill('nobody@reset.example');
      await other.getByRole('button', { name: 'Send me a code' }).click();
      await heading(other, 'Enter your code');
      await screensOk(other, 'account-reset-code', false);
    },
    SLOW,
  );

  it(
    'invitation → email → accept page: a new account chooses its password and is signed in; the link then says it was used',
    async () => {
      expect((await call('POST', `/api/orgs/${club.id}/invitations`, { email: 'nina@invite.example', message: 'Join the crew' }, admin)).status).toBe(201);
      const mail = await mailTo(mailUrl, 'nina@invite.example', 'You are invited to join Org club');
      const link = linkTo(mail, webUrl, '/invitations/accept');
      const page = await open('phone');
      await page.goto(link);
      await heading(page, 'Accept your invitation');
      await screensOk(page, 'account-accept');
      await page.getByRole('button', { name: 'Accept the invitation' }).click();
      await page.getByLabel('First name').waitFor();
      await screensOk(page, 'account-accept-names', false);
      await page.getByLabel('First name').fill('Nina');
      await page.getByLabel('Last name').fill('New');
      await page.getByLabel('Password', { exact: true }).fill('nina password');
      await page.getByRole('button', { name: 'Accept and sign in' }).click();
      await signedInAt(page, '/');

      await page.goto(link);
      await page.getByRole('button', { name: 'Accept the invitation' }).click();
      await page.getByText('This invitation was already accepted.').waitFor();
      await screensOk(page, 'account-accept-used', false);
    },
    SLOW,
  );

  it(
    'invitation of an existing account: accepted in one step, then sign in at that organisation; a cancelled one is explained',
    async () => {
      expect((await register('kim@invite.example')).status).toBe(201);
      expect((await call('POST', `/api/orgs/${club.id}/invitations`, { email: 'kim@invite.example' }, admin)).status).toBe(201);
      const page = await open('desktop');
      await page.goto(linkTo(await mailTo(mailUrl, 'kim@invite.example', 'You are invited'), webUrl, '/invitations/accept'));
      await page.getByRole('button', { name: 'Accept the invitation' }).click();
      await page.getByText('You are now a member, as member.').waitFor();
      await screensOk(page, 'account-accept-done', false);
      await page.getByRole('link', { name: 'Sign in' }).click();
      await heading(page, 'Sign in');
      await page.getByLabel('Password').fill('member password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await signedInAt(page, '/');
      const claims = await page.evaluate(() => {
        const raw = (globalThis as unknown as { localStorage: { getItem(k: string): string | null } }).localStorage.getItem('platform.session') ?? '{}';
        const token = (JSON.parse(raw) as { accessToken: string }).accessToken;
        return JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { organizationId?: string };
      });
      expect(claims.organizationId).toBe(club.id);

      const created = await call('POST', `/api/orgs/${club.id}/invitations`, { email: 'carl@invite.example' }, admin);
      const cancelLink = linkTo(await mailTo(mailUrl, 'carl@invite.example', 'You are invited'), webUrl, '/invitations/accept');
      expect((await call('DELETE', `/api/orgs/${club.id}/invitations/${created.body.id}`, undefined, admin)).status).toBe(204);
      await page.goto(cancelLink);
      await page.getByRole('button', { name: 'Accept the invitation' }).click();
      await page.getByText('This invitation was cancelled').waitFor();
      await page.goto(`/invitations/accept?org=${club.id}`);
      await page.getByText('This invitation link is not valid').waitFor();
    },
    SLOW,
  );

  it(
    'creation invitation → email → create-organisation page → signed in as the owner',
    async () => {
      const made = await call('POST', '/api/admin/orgs/creation-invitations', { email: 'fay@found.example', orgName: 'Harbour Rowing' }, admin);
      expect(made.status).toBe(201);
      const link = linkTo(await mailTo(mailUrl, 'fay@found.example', 'create your organisation'), webUrl, '/create-organisation');
      const page = await open('phone');
      await page.goto(link);
      await heading(page, 'Create your organisation');
      expect(await page.getByLabel('Organisation name').inputValue()).toBe('Harbour Rowing');
      await screensOk(page, 'account-create-org');
      await page.getByLabel('Short name in addresses (optional)').fill('harbour-rowing');
      await page.getByLabel('First name').fill('Fay');
      await page.getByLabel('Last name').fill('Founder');
      await page.getByLabel('Password', { exact: true }).fill('fay password');
      await page.getByRole('button', { name: 'Create the organisation' }).click();
      await signedInAt(page, '/admin');
      const org = await call('GET', '/api/orgs/slug/harbour-rowing');
      expect(org.status).toBe(200);
      const login = await call('POST', '/api/auth/org/login', { email: 'fay@found.example', password: 'fay password', organizationId: org.body.id });
      expect(login.status).toBe(200);

      await page.goto(link);
      await page.getByText('This invitation was already used').waitFor();
      await screensOk(page, 'account-create-org-used', false);
    },
    SLOW,
  );

  it(
    'the set-password link of a welcome email: code by email, password chosen, signed in at that organisation',
    async () => {
      const welcome = await mailTo(mailUrl, 'sam@society.example', 'Welcome to Org society');
      const page = await open('phone');
      await page.goto(linkTo(welcome, webUrl, '/reset-password'));
      await heading(page, 'Choose your password');
      expect(await page.getByLabel('Email').inputValue()).toBe('sam@society.example');
      await screensOk(page, 'account-first-password', false);
      await page.getByRole('button', { name: 'Send me a code' }).click();
      await heading(page, 'Enter your code');
      await page.getByLabel('Code from the email').fill(resetCodeIn(await mailTo(mailUrl, 'sam@society.example', 'Your password reset code')));
      await page.getByLabel('New password').fill('sam password');
      await page.getByRole('button', { name: 'Set my password and sign in' }).click();
      await signedInAt(page, '/');
      expect((await call('POST', '/api/auth/org/login', { email: 'sam@society.example', password: 'sam password', organizationId: society.id })).status).toBe(
        200,
      );
    },
    SLOW,
  );

  describe('every link of every email lands on a working page', () => {
    /** How each kind of email with links is made to be sent, and where its link must lead. */
    const rows: Array<{ email: string; make: () => Promise<unknown>; subject: string; path: string; lands: string | RegExp }> = [
      {
        email: 'vera@links.example',
        make: () => register('vera@links.example'),
        subject: 'Confirm your email address',
        path: '/verify-email',
        lands: 'Email address confirmed',
      },
      {
        email: 'vera@links.example',
        make: () => call('POST', '/api/auth/password-reset/request', { email: 'vera@links.example' }),
        subject: 'Your password reset code',
        path: '/reset-password',
        lands: 'Enter your code',
      },
      {
        email: 'ian@links.example',
        make: () => call('POST', `/api/orgs/${club.id}/invitations`, { email: 'ian@links.example' }, admin),
        subject: 'You are invited to join',
        path: '/invitations/accept',
        lands: 'Accept your invitation',
      },
      {
        email: 'una@links.example',
        make: () =>
          call('POST', `/api/orgs/${club.id}/users`, { email: 'una@links.example', firstName: 'Una', lastName: 'User', sendInvitationEmail: true }, admin),
        subject: 'You are invited to join',
        path: '/reset-password',
        lands: 'Choose your password',
      },
      {
        email: 'vera@links.example',
        make: () =>
          call(
            'POST',
            `/api/orgs/${society.id}/users`,
            { email: 'vera@links.example', firstName: 'Vera', lastName: 'Links', sendInvitationEmail: true },
            admin,
          ),
        subject: 'You are invited to join Org society',
        path: '/login',
        lands: 'Sign in',
      },
      { email: 'olga@club.example', make: async () => undefined, subject: 'Welcome to Org club', path: '/login', lands: 'Sign in' },
      { email: 'sam@society.example', make: async () => undefined, subject: 'Welcome to Org society', path: '/reset-password', lands: 'Choose your password' },
      {
        email: 'jon@links.example',
        make: () => joinAndApprove('jon@links.example'),
        subject: 'your request was approved',
        path: '/reset-password',
        lands: 'Choose your password',
      },
      {
        email: 'olga@club.example',
        make: () => joinAndApprove('olga@club.example', society),
        subject: 'your request was approved',
        path: '/login',
        lands: 'Sign in',
      },
      {
        email: 'cleo@links.example',
        make: () => call('POST', '/api/admin/orgs/creation-invitations', { email: 'cleo@links.example' }, admin),
        subject: 'create your organisation',
        path: '/create-organisation',
        lands: 'Create your organisation',
      },
    ];

    /** A join request to `org` (allowed first) approved by the platform administrator. */
    async function joinAndApprove(email: string, org = club) {
      expect((await call('PUT', `/api/orgs/${org.id}`, { allow_join_requests: true }, admin)).status).toBe(200);
      expect((await call('POST', `/api/public/orgs/${org.slug}/join-requests`, { firstName: 'Jo', lastName: 'Joiner', email, message: 'Hello' })).status).toBe(
        202,
      );
      const pending = await call('GET', `/api/orgs/${org.id}/join-requests?status=PENDING`, undefined, admin);
      const request = (pending.body.content as Array<{ id: string; email: string }>).find((r) => r.email === email);
      expect((await call('POST', `/api/orgs/${org.id}/join-requests/${request!.id}/approve`, undefined, admin)).status).toBe(200);
    }

    it(
      'each email type with a link (EMAIL_VERIFICATION, PASSWORD_RESET, INVITATION ×3, WELCOME ×2, JOIN_REQUEST_APPROVED ×2, CREATION_INVITATION)',
      async () => {
        const page = await open('desktop');
        const seen = new Set<string>();
        for (const row of rows) {
          await row.make();
          const mail: CaughtMail = await mailTo(mailUrl, row.email, row.subject, { seen });
          const link = linkTo(mail, webUrl, row.path);
          await page.goto(link);
          await heading(page, row.lands);
          expect(await page.getByRole('heading', { name: 'Page not found' }).count()).toBe(0);
          expect(await page.getByRole('alert').count()).toBe(0);
        }
      },
      SLOW,
    );
  });
});
