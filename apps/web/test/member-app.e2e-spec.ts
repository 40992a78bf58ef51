import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createPlatformClient, unwrap, type PlatformClient } from '@platform/api-client';
import { STACK_ADMIN, startPlatformStack, type PlatformStack } from '@platform/testing';
import { expectScreenOk, launchBrowser, newContext, type ViewportName } from './support/browser';
import { linksIn, mailTo } from './support/mail';

const PASSWORD = 'member app password';
const SLUG = 'web-members';
const FILE_TEXT = 'Minutes of the general assembly: all motions carried.';

/**
 * Issue 25, the member app and the public organisation page on the real stack, as a member uses
 * them on a phone: sign in, news (members-only), comments, events (register, cancel, waiting list),
 * documents (download), directory, inbox, profile; a visitor's public page and join request.
 */
describe('the member app and the public organisation page', () => {
  let stack: PlatformStack;
  let browser: Browser;
  let webUrl: string;
  let api: PlatformClient;
  const ids: Record<string, string> = {};
  const tokens: Record<string, string> = {};
  const as = (who: string) => createPlatformClient({ baseUrl: stack.baseUrl, token: tokens[who] });

  const account = async (key: string, firstName: string) => {
    const email = `${key}@web-members.example`;
    await api.POST('/api/auth/org/register', { body: { email, password: PASSWORD, firstName, lastName: 'Webb' } });
    return email;
  };
  const login = async (key: string) =>
    (tokens[key] = unwrap(
      await api.POST('/api/auth/org/login', { body: { email: `${key}@web-members.example`, password: PASSWORD, organizationId: ids['org'] } }),
    ).accessToken as string);

  async function setUp() {
    api = createPlatformClient({ baseUrl: stack.baseUrl });
    const admin = createPlatformClient({
      baseUrl: stack.baseUrl,
      token: unwrap(await api.POST('/api/auth/system/login', { body: STACK_ADMIN })).accessToken as string,
    });
    const ownerEmail = await account('olga', 'Olga');
    const created = unwrap(
      await admin.POST('/api/admin/orgs/create-with-owner', {
        body: { orgName: 'Harbour Rowing Club', orgSlug: SLUG, ownerEmail, ownerFirstName: 'Olga', ownerLastName: 'Webb', sendWelcomeEmail: false },
      }),
    );
    const orgId = created.organization?.id as string;
    ids['org'] = orgId;
    await login('olga');
    const owner = as('olga');
    const roles = unwrap(await owner.GET('/api/orgs/{id}/roles', { params: { path: { id: orgId } } }));
    const roleId = roles.find((r) => r.name === 'MEMBER')?.roleId as string;
    for (const [key, name] of [
      ['mia', 'Mia'],
      ['bob', 'Bob'],
    ] as const) {
      const email = await account(key, name);
      const added = unwrap(
        await owner.POST('/api/orgs/{organizationId}/users', {
          params: { path: { organizationId: orgId } },
          body: { email, firstName: name, lastName: 'Webb', roleId, sendInvitationEmail: false },
        }),
      );
      ids[key] = added.id as string;
      await login(key);
    }
    await Promise.all([
      owner.PUT('/api/orgs/{id}', {
        params: { path: { id: orgId } },
        body: { allow_join_requests: true, description: 'Rowing on the old harbour since 1921.' },
      }),
      owner.PUT('/api/orgs/{orgId}/branding', { params: { path: { orgId } }, body: { primaryColor: '#0b5d4b' } }),
      owner.PUT('/api/orgs/{id}/legal-pages', {
        params: { path: { id: orgId } },
        body: { termsOfService: '<p>Be kind on the water.</p>', privacyPolicy: '<p>We keep your name and email.</p>' },
      }),
    ]);

    // News: one members-only article, one for everyone.
    const article = async (title: string, membersOnly: boolean) => {
      const draft = unwrap(
        await owner.POST('/api/orgs/{organizationId}/news', {
          params: { path: { organizationId: orgId } },
          body: {
            title,
            content: `<p>${title}: <strong>details</strong> inside.</p><ul><li>One</li><li>Two</li></ul>`,
            excerpt: `About ${title}`,
            membersOnly,
          },
        }),
      );
      unwrap(
        await owner.POST('/api/orgs/{organizationId}/news/{articleId}/publish', {
          params: { path: { organizationId: orgId, articleId: draft.id as string } },
          body: {},
        }),
      );
      return draft.id as string;
    };
    ids['secret'] = await article('AGM minutes for members', true);
    ids['open'] = await article('Regatta results', false);

    // Events: one with places and a question, one full with a waiting list.
    const event = async (title: string, extra: Record<string, unknown>) => {
      const draft = unwrap(
        await owner.POST('/api/orgs/{organizationId}/events', {
          params: { path: { organizationId: orgId } },
          body: {
            title,
            description: '<p>All members welcome &amp; bring a friend</p>',
            eventType: 'IN_PERSON',
            startDate: '2031-05-02T16:00:00Z',
            endDate: '2031-05-02T18:00:00Z',
            venueName: 'Boathouse',
            address: { street: '1 Quay', city: 'Ghent', province: '', postalCode: '9000', country: 'BE' },
            registrationRequired: true,
            isFree: true,
            currency: 'EUR',
            ...extra,
          } as never,
        }),
      );
      unwrap(
        await owner.POST('/api/orgs/{organizationId}/events/{eventId}/publish', { params: { path: { organizationId: orgId, eventId: draft.id as string } } }),
      );
      return draft.id as string;
    };
    ids['race'] = await event('Spring race', { maxAttendees: 10, surveyQuestions: [{ text: 'Which boat class do you row?', type: 'TEXT', required: false }] });
    ids['dinner'] = await event('Club dinner', {
      maxAttendees: 1,
      waitingListEnabled: true,
      startDate: '2031-06-01T17:00:00Z',
      endDate: '2031-06-01T21:00:00Z',
    });
    unwrap(
      await as('bob').POST('/api/orgs/{organizationId}/events/{eventId}/registrations', {
        params: { path: { organizationId: orgId, eventId: ids['dinner'] } },
        body: {},
      }),
    );

    // Documents: a folder with one members-only file.
    const folder = unwrap(
      await owner.POST('/api/orgs/{organizationId}/document-folders', { params: { path: { organizationId: orgId } }, body: { name: 'Minutes' } }),
    );
    const form = new FormData();
    form.append('name', 'Assembly minutes');
    form.append('folderId', folder.id as string);
    form.append('access', 'MEMBERS_ONLY');
    form.append('file', new Blob([FILE_TEXT], { type: 'text/plain' }), 'minutes.txt');
    const upload = await owner.POST('/api/orgs/{organizationId}/documents', {
      params: { path: { organizationId: orgId } },
      body: form as never,
      bodySerializer: (body: unknown) => body as FormData,
    });
    expect(upload.response.status).toBe(201);

    // Two notifications for Mia herself, beside the announcements of the news and events above.
    for (const title of ['Your membership card is ready', 'Boathouse closed on Monday'])
      unwrap(
        await owner.POST('/api/notifications', {
          body: {
            title,
            body: `${title}. See you on the water.`,
            targetType: 'SPECIFIC_USER',
            targetUserId: ids['mia'],
            data: { type: 'NEWS', articleId: ids['open'] },
          },
        }),
      );
    // The announcements travel by events: wait until Mia's inbox has them all (2 articles, 2 events, 2 own).
    const mia = as('mia');
    for (let i = 0; i < 100; i++) {
      const inbox = unwrap(await mia.GET('/api/notifications', { params: { query: { size: 1 } } }));
      if ((inbox.totalElements ?? 0) >= 6) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  beforeAll(async () => {
    [stack, browser] = await Promise.all([
      startPlatformStack('webmember', {
        web: true,
        contractCheck: false,
        organisation: 'real',
        services: ['content', 'events', 'documents'],
        notifications: true,
        env: { CONTENT_ANNOUNCE_INTERVAL_MS: '300' },
        appEnv: { organisation: { JOIN_REQUESTS_PER_EMAIL_PER_HOUR: '1' } },
      }),
      launchBrowser(),
    ]);
    webUrl = stack.webUrl!;
    await setUp();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  const signIn = async (page: Page, key: string) => {
    await page.getByLabel('Email').fill(`${key}@web-members.example`);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
  };
  const signedIn = async (viewport: ViewportName, key: string, path = '/'): Promise<[BrowserContext, Page]> => {
    const context = await newContext(browser, webUrl, viewport);
    const page = await context.newPage();
    await page.goto(`/login?next=${encodeURIComponent(path)}`);
    await signIn(page, key);
    await page.waitForURL((url) => url.pathname === path);
    return [context, page];
  };
  /** Opens a page of the member app through its menu, as a phone user does. */
  const openFromMenu = async (page: Page, name: string | RegExp) => {
    await page.getByRole('button', { name: /^Menu/ }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name }).click();
  };

  it('a member signs in on a phone and reads the news: members-only for members, never for a signed-out visitor; comments', async () => {
    const context = await newContext(browser, webUrl, 'phone');
    const page = await context.newPage();
    await page.goto(`/news/${ids['secret']}`);
    await page.waitForURL(/\/login\?next=/);
    await expect(page.getByText('AGM minutes for members').count()).resolves.toBe(0);
    await signIn(page, 'mia');
    await page.waitForURL(`**/news/${ids['secret']}`);
    await page.getByRole('heading', { level: 1, name: 'AGM minutes for members' }).waitFor();
    await expect(page.locator('.article-body strong').textContent()).resolves.toBe('details');
    await page.getByText('No comments yet').waitFor();
    await page.getByLabel('Your comment').fill('Thanks for the minutes!');
    await page.getByRole('button', { name: 'Post comment' }).click();
    await page.locator('.comment-list').getByText('Thanks for the minutes!').waitFor();
    await expectScreenOk(page, 'member-article-phone');

    await openFromMenu(page, 'News');
    await page.getByRole('heading', { level: 1, name: 'News' }).waitFor();
    await page.getByRole('link', { name: 'Regatta results' }).waitFor();
    await expectScreenOk(page, 'member-news-phone');

    await openFromMenu(page, 'Home');
    await page.getByRole('heading', { name: 'Welcome to Harbour Rowing Club' }).waitFor();
    await page.getByRole('link', { name: 'Spring race' }).waitFor();
    await expectScreenOk(page, 'member-home-phone');
    await page.getByRole('button', { name: /^Menu/ }).click();
    await expect(page.getByRole('link', { name: 'Administration' }).count()).resolves.toBe(0);
    await expectScreenOk(page, 'member-menu-phone');
    await context.close();
  });

  it('registers for an event with its question and cancels; a full event offers the waiting list; the calendar file', async () => {
    const [context, page] = await signedIn('phone', 'mia', '/events');
    await page.getByRole('link', { name: 'Club dinner' }).waitFor();
    await expectScreenOk(page, 'member-events-phone');
    await page.getByRole('link', { name: 'Spring race' }).click();
    await page.getByRole('heading', { level: 1, name: 'Spring race' }).waitFor();
    await page.getByText('All members welcome & bring a friend').waitFor();
    await page.getByLabel('Which boat class do you row?').fill('Single scull');
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await page.getByText('You are registered.', { exact: true }).waitFor();
    await expectScreenOk(page, 'member-event-registered-phone');
    const calendar = await page.getByRole('link', { name: 'Add to calendar' }).getAttribute('href');
    const ics = await fetch(`${webUrl}${calendar}`);
    expect(ics.status).toBe(200);
    expect(await ics.text()).toContain('SUMMARY:Spring race');

    await page.getByRole('button', { name: 'Cancel my registration' }).click();
    await page.getByText('Your registration is cancelled.').first().waitFor();
    await page.getByRole('button', { name: 'Register', exact: true }).waitFor();

    await page.goto(`/events/${ids['dinner']}`);
    await page.getByText('1 of 1 taken').waitFor();
    await page.getByRole('button', { name: 'Join the waiting list' }).click();
    await page.getByText('You are on the waiting list.', { exact: true }).waitFor();
    await page.reload();
    await page.getByText('You are on the waiting list.', { exact: true }).waitFor();
    await expectScreenOk(page, 'member-event-waitlisted-phone');
    await page.getByRole('button', { name: 'Leave the waiting list' }).click();
    await page.getByRole('button', { name: 'Join the waiting list' }).waitFor();
    await context.close();
  });

  it("the event email's link opens the event in the member app, after signing in at its organisation", async () => {
    // Mia's registration for the Spring race above sent its confirmation (EVENT_CONFIRMATION).
    const mail = await mailTo(stack.mailUrl!, 'mia@web-members.example', 'Spring race', { timeoutMs: 30_000 });
    const link = linksIn(mail).find((href) => href.startsWith(`${webUrl}/orgs/`));
    expect(link).toBe(`${webUrl}/orgs/${ids['org']}/events/${ids['race']}`);
    const context = await newContext(browser, webUrl, 'phone');
    const page = await context.newPage();
    await page.goto(link!);
    await page.waitForURL(/\/login\?/);
    await signIn(page, 'mia');
    await page.waitForURL(`**/events/${ids['race']}`);
    await page.getByRole('heading', { level: 1, name: 'Spring race' }).waitFor();
    await context.close();
  });

  it('opens a document through its signed link, and the directory', async () => {
    const [context, page] = await signedIn('phone', 'mia', '/documents');
    await page.getByRole('link', { name: 'Minutes', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Minutes' }).waitFor();
    await page.getByRole('link', { name: 'Assembly minutes' }).waitFor();
    await expectScreenOk(page, 'member-documents-phone');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Assembly minutes' }).click()]);
    expect(download.suggestedFilename()).toBe('minutes.txt');
    expect(readFileSync(await download.path(), 'utf8')).toBe(FILE_TEXT);

    await openFromMenu(page, 'Directory');
    await page.getByText('Bob Webb').waitFor();
    await page.getByText('3 members').waitFor();
    await expectScreenOk(page, 'member-directory-phone');
    await context.close();
  });

  it('reads the inbox: marking an entry read lowers the unread count', async () => {
    const [context, page] = await signedIn('phone', 'mia', '/inbox');
    await page.getByText('Your membership card is ready').first().waitFor();
    const count = page.getByRole('main').getByText(/^\d+ unread notifications?$/);
    const before = Number((await count.textContent())?.split(' ')[0]);
    expect(before).toBeGreaterThanOrEqual(2);
    await page.getByRole('button', { name: new RegExp(`^Menu\\s*${before} unread notifications?$`) }).waitFor();
    await expectScreenOk(page, 'member-inbox-phone');
    await page.getByRole('button', { name: 'Mark as read: Boathouse closed on Monday' }).click();
    await page
      .getByRole('main')
      .getByText(before - 1 === 0 ? 'You have read everything.' : `${before - 1} unread notification${before - 1 === 1 ? '' : 's'}`, { exact: true })
      .waitFor();
    await page.getByRole('button', { name: 'Mark as unread: Boathouse closed on Monday' }).waitFor();
    if (before > 1) await page.getByRole('button', { name: new RegExp(`^Menu\\s*${before - 1} unread notifications?$`) }).waitFor();

    await openFromMenu(page, 'Profile');
    await page.getByText('mia@web-members.example').waitFor();
    await page.getByText('To change these details, ask').waitFor();
    await expectScreenOk(page, 'member-profile-phone');
    await context.close();
  });

  it('the owner edits a profile field and has the Administration link; the home on a desktop', async () => {
    const [context, page] = await signedIn('phone', 'olga', '/profile');
    await page.getByLabel('Job title').fill('Head coach');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Your details are saved.').waitFor();
    await page.reload();
    await expect(page.getByLabel('Job title').inputValue()).resolves.toBe('Head coach');
    await expectScreenOk(page, 'member-profile-edit-phone');
    await page.getByRole('button', { name: /^Menu/ }).click();
    await page.getByRole('link', { name: 'Administration' }).waitFor();
    await context.close();

    const [desktop, home] = await signedIn('desktop', 'mia', '/');
    await home.getByRole('heading', { name: 'Welcome to Harbour Rowing Club' }).waitFor();
    await home.getByRole('link', { name: 'Regatta results' }).waitFor();
    await home.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /Inbox/ }).waitFor();
    await expectScreenOk(home, 'member-home-desktop');
    await desktop.close();
  });

  it('a visitor opens the public page: branding, public events with their calendar, legal pages, a join request and its limit', async () => {
    const context = await newContext(browser, webUrl, 'phone');
    const page = await context.newPage();
    await page.goto(`/o/${SLUG}`);
    await page.getByRole('heading', { level: 1, name: 'Harbour Rowing Club' }).waitFor();
    await page.getByText('Spring race', { exact: true }).waitFor();
    await page.getByText('Club dinner', { exact: true }).waitFor();
    // Runs in the page: the workspace's program has no DOM types.
    const header = await page
      .locator('header')
      .evaluate((el) => (globalThis as unknown as { getComputedStyle(e: unknown): { backgroundColor: string } }).getComputedStyle(el).backgroundColor);
    expect(header).toBe('rgb(11, 93, 75)');
    const feed = await page.getByRole('link', { name: 'Subscribe to our calendar' }).getAttribute('href');
    expect((await fetch(`${webUrl}${feed}`)).headers.get('content-type')).toContain('text/calendar');
    await page.getByText('Terms of service').click();
    await page.getByText('Be kind on the water.').waitFor();
    await expectScreenOk(page, 'org-page-phone');

    const join = async () => {
      await page.getByLabel('First name').fill('Jo');
      await page.getByLabel('Last name').fill('Joiner');
      await page.getByLabel('Email').fill('jo@joiner.example');
      await page.getByLabel('Message (optional)').fill('I row at weekends.');
      await page.getByRole('button', { name: 'Send my request' }).click();
    };
    await join();
    await page.getByText('Your request to join Harbour Rowing Club is sent').waitFor();
    await expectScreenOk(page, 'org-page-joined-phone');
    await page.getByRole('button', { name: 'Send another request' }).click();
    await join();
    await page
      .getByRole('alert')
      .getByText(/You have sent several requests from this address in the last hour\. Please wait \d+ minutes? and try again\./)
      .waitFor();
    await expectScreenOk(page, 'org-page-limit-phone');
    await context.close();
  });
});
