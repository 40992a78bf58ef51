import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createPlatformClient, unwrap, type PlatformClient } from '@platform/api-client';
import { STACK_ADMIN, STACK_LEGACY_SYNC_KEY, startPlatformStack, type PlatformStack } from '@platform/testing';
import { expectScreenOk, launchBrowser, newContext, screenshot } from './support/browser';
import { mailTo } from './support/mail';

const OWNER = { email: 'owen@content.test', password: 'owner password 1' };
const MEMBER = { email: 'mia@content.test', password: 'member password 1' };

/** What `read` answers once `done` holds for it (a saved change the API shows), waiting at most 10 s. */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Does `act` (a click) and accepts the browser's confirmation it opens. */
async function confirming(page: Page, act: () => Promise<void>): Promise<void> {
  await Promise.all([page.waitForEvent('dialog').then((dialog) => dialog.accept()), act()]);
}

/**
 * The console's content areas as an owner uses them, in the real UI against the real services:
 * events (create with capacity, publish, a registration's status, CSV import), news (the editor's
 * bold survives the content service), documents (upload progress to 100 %), a notification, an
 * email template's preview, branding colours, and the legacy-site connector wizard through a sync.
 */
describe('the console: an owner runs the content areas', () => {
  let stack: PlatformStack;
  let browser: Browser;
  let owner: PlatformClient;
  let member: PlatformClient;
  let orgId: string;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    [stack, browser] = await Promise.all([
      startPlatformStack('webadmincontent', {
        web: true,
        contractCheck: false,
        organisation: 'real',
        notifications: true,
        services: ['content', 'events', 'documents', 'connector'],
      }),
      launchBrowser(),
    ]);
    const api = createPlatformClient({ baseUrl: stack.baseUrl });
    const system = createPlatformClient({
      baseUrl: stack.baseUrl,
      token: unwrap(await api.POST('/api/auth/system/login', { body: STACK_ADMIN })).accessToken!,
    });
    unwrap(await api.POST('/api/auth/org/register', { body: { ...OWNER, firstName: 'Owen', lastName: 'Owner' } }));
    unwrap(await api.POST('/api/auth/org/register', { body: { ...MEMBER, firstName: 'Mia', lastName: 'Member' } }));
    const created = unwrap(
      await system.POST('/api/admin/orgs/create-with-owner', {
        body: {
          orgName: 'Content Club',
          orgSlug: 'content-club',
          ownerEmail: OWNER.email,
          ownerFirstName: 'Owen',
          ownerLastName: 'Owner',
          sendWelcomeEmail: false,
        },
      }),
    );
    orgId = created.organization!.id!;
    owner = createPlatformClient({ baseUrl: stack.baseUrl, token: unwrap(await api.POST('/api/auth/org/login', { body: OWNER })).accessToken! });
    const roles = unwrap(await owner.GET('/api/orgs/{id}/roles', { params: { path: { id: orgId } } }));
    unwrap(
      await owner.POST('/api/orgs/{organizationId}/users', {
        params: { path: { organizationId: orgId } },
        body: { email: MEMBER.email, firstName: 'Mia', lastName: 'Member', roleId: roles.find((r) => r.name === 'MEMBER')!.roleId, sendInvitationEmail: false },
      }),
    );
    member = createPlatformClient({
      baseUrl: stack.baseUrl,
      token: unwrap(await api.POST('/api/auth/org/login', { body: { ...MEMBER, organizationId: orgId } })).accessToken!,
    });

    context = await newContext(browser, stack.webUrl!, 'desktop');
    page = await context.newPage();
    await page.goto('/login?next=/admin');
    await page.getByLabel('Email').fill(OWNER.email);
    await page.getByLabel('Password').fill(OWNER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/admin');
  }, 240_000);
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await stack?.stop();
  });

  it('creates an event with capacity and prices, publishes it and changes a registration’s status', async () => {
    await page.goto('/admin/events/create');
    await page.getByLabel(/^Title/).fill('Spring regatta');
    await page.getByLabel(/^Starts/).fill('2030-05-01T10:00');
    await page.getByLabel(/^Ends/).fill('2030-05-01T16:00');
    await page.getByRole('tab', { name: 'Place' }).click();
    await page.getByLabel('Venue').fill('Harbour Hall');
    await page.getByLabel(/^City/).fill('Cork');
    await page.getByLabel(/^Country/).fill('IE');
    await page.getByRole('tab', { name: 'Registration and prices' }).click();
    await page.getByLabel('Capacity').fill('1');
    await page.getByLabel('Waiting list when full').check();
    await page.getByLabel('Free event').uncheck();
    await page.getByLabel(/^Price/).fill('20');
    await page.getByLabel('Member price').fill('12,50');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByText('Published', { exact: true }).first().waitFor();

    const events = unwrap(await owner.GET('/api/orgs/{organizationId}/events', { params: { path: { organizationId: orgId }, query: { search: 'regatta' } } }));
    const event = events.content![0]!;
    expect(event).toMatchObject({
      status: 'PUBLISHED',
      maxAttendees: 1,
      waitingListEnabled: true,
      memberPrice: 12.5,
      basePrice: 20,
      currency: 'EUR',
      address: { city: 'Cork', country: 'IE' },
    });
    const registration = unwrap(
      await member.POST('/api/orgs/{organizationId}/events/{eventId}/registrations', {
        params: { path: { organizationId: orgId, eventId: event.id! } },
        body: {},
      }),
    );
    expect(registration.status).toBe('CONFIRMED');

    await page.reload();
    // The registrant by name, not by account id.
    const status = page.getByRole('combobox', { name: /Status of the registration of Mia Member/ });
    await status.click();
    await page.getByRole('option', { name: 'On the waiting list' }).click();
    await page.getByText("The registration's status is changed.").waitFor();
    await expectScreenOk(page, 'admin-content-event-show');
    const after = unwrap(
      await owner.GET('/api/orgs/{organizationId}/events/{eventId}/registrations/{registrationId}', {
        params: { path: { organizationId: orgId, eventId: event.id!, registrationId: registration.id! } },
      }),
    );
    expect(after.status).toBe('WAITLISTED');
  });

  it('imports events from a CSV file and reports the rejected row', async () => {
    await page.goto('/admin/events');
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const csv = [
      'title,eventType,startDate,endDate',
      'Autumn fair,IN_PERSON,2030-09-01T10:00:00Z,2030-09-01T17:00:00Z',
      ',IN_PERSON,not a date,2030-09-02T17:00:00Z',
    ].join('\n');
    await page.getByLabel('CSV file (at most 5 MB)').setInputFiles({ name: 'events.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByText('1 of 2 rows imported as drafts, 1 rejected.').waitFor();
    await page.getByText('Line 3').waitFor();
    await expectScreenOk(page, 'admin-content-event-import');
    await page.getByRole('button', { name: 'Close' }).click();
    await page.getByText('Autumn fair').waitFor();
  });

  it('writes an article with the editor and publishes it: the bold text is kept as written', async () => {
    await page.goto('/admin/news/create');
    await page.getByLabel(/^Title/).fill('Club news');
    const editor = page.getByRole('textbox', { name: /^Text/ });
    await editor.click();
    await page.keyboard.type('Welcome to the ');
    await page.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('new season');
    await page.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('!');
    await expectScreenOk(page, 'admin-content-news-editor');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByText('The article is published.').waitFor();
    const list = unwrap(await owner.GET('/api/orgs/{organizationId}/news', { params: { path: { organizationId: orgId }, query: { search: 'club news' } } }));
    expect(list.content![0]).toMatchObject({ status: 'PUBLISHED', content: '<p>Welcome to the <strong>new season</strong>!</p>' });
    await page.getByTestId('article-content').locator('strong', { hasText: 'new season' }).waitFor();
  });

  it('uploads a document and follows its progress to 100 %', async () => {
    await page.goto('/admin/documents');
    await page.getByLabel('File', { exact: true }).setInputFiles({
      name: 'minutes.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(3 * 1024 * 1024, 32)]),
    });
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByTestId('progress-value').filter({ hasText: '100 %' }).waitFor();
    await page.getByRole('link', { name: 'minutes.pdf' }).waitFor();
    await expectScreenOk(page, 'admin-content-documents');
    const docs = unwrap(await owner.GET('/api/orgs/{organizationId}/documents', { params: { path: { organizationId: orgId } } }));
    expect(docs.content!.map((d) => d.name)).toContain('minutes.pdf');
  });

  it('sends a notification, previews an email template and sets the branding colours', async () => {
    await page.goto('/admin/notifications');
    await page.getByLabel(/^Title/).fill('Regatta moved');
    await page.getByLabel(/^Message/).fill('The regatta starts an hour later.');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText(/^Sent to \d+ (person|people)/).waitFor();
    const inbox = unwrap(await member.GET('/api/notifications'));
    expect(inbox.content!.map((n) => n.title)).toContain('Regatta moved');

    await page.goto('/admin/email-templates');
    const welcome = page.getByRole('cell', { name: 'Welcome', exact: true });
    await welcome.waitFor({ timeout: 60_000 }).catch(async (error: unknown) => {
      await screenshot(page, 'admin-content-email-templates-failed');
      throw error;
    });
    await welcome.click();
    await page.getByRole('textbox', { name: 'Subject' }).waitFor();
    await expectScreenOk(page, 'admin-content-email-template');
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByTestId('preview-subject').getByText('Welcome to Content Club').waitFor();
    // The rendered email is the template's own design (checked by the templates' rules, not this
    // page's axe run): its text is there, in the page's shadow root.
    await page.getByTestId('email-preview').getByText('Content Club is ready').waitFor();
    await screenshot(page, 'admin-content-email-preview');

    await page.goto('/admin/organisation-settings');
    await page.getByRole('tab', { name: 'Branding' }).click();
    await page.getByRole('textbox', { name: 'Main colour', exact: true }).fill('#0b6e4f');
    await page.getByRole('textbox', { name: 'Second colour', exact: true }).fill('#f5f5f5');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved.').waitFor();
    await expectScreenOk(page, 'admin-content-branding');
    const branding = unwrap(await owner.GET('/api/orgs/{orgId}/branding', { params: { path: { orgId } } }));
    expect(branding).toMatchObject({ primaryColor: '#0b6e4f', secondaryColor: '#f5f5f5' });
  }, 180_000);

  it('connects the legacy site with the wizard, shows the five checks and watches the first sync finish', async () => {
    await page.goto('/admin/migration');
    await page.getByLabel(/^Name/).fill('Old site');
    await page.getByLabel(/^Old site's address/).fill(stack.legacySiteUrl!);
    await page.getByLabel(/^Sync key/).fill(STACK_LEGACY_SYNC_KEY);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel(/^The old site's time zone/).fill('+10:00');
    await page.getByRole('button', { name: 'Save and check' }).click();
    await page.getByTestId('connection-check').nth(4).waitFor();
    expect(await page.getByTestId('connection-check').count()).toBe(5);
    await page.getByRole('button', { name: 'Start the import' }).click();
    await page.getByTestId('sync-progress').waitFor();
    await page.getByTestId('sync-status').filter({ hasText: 'Completed' }).waitFor({ timeout: 60_000 });
    await page.getByTestId('progress-value').first().filter({ hasText: '100 %' }).waitFor();
    await screenshot(page, 'admin-content-migration-done');
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('heading', { name: 'Sync log' }).waitFor();
    await page.getByRole('table', { name: 'Sync log' }).waitFor();
    await expectScreenOk(page, 'admin-content-migration-overview');
  }, 180_000);

  it("shows an event's survey answers and cancels the event with a reason", async () => {
    const path = { organizationId: orgId };
    const event = unwrap(
      await owner.POST('/api/orgs/{organizationId}/events', {
        params: { path },
        body: {
          title: 'Summer barbecue',
          eventType: 'IN_PERSON',
          startDate: '2030-07-01T17:00:00Z',
          endDate: '2030-07-01T21:00:00Z',
          isFree: true,
          registrationRequired: true,
          surveyQuestions: [{ text: 'Any dietary needs?', type: 'TEXT', required: false }],
        },
      }),
    );
    const eventPath = { ...path, eventId: event.id! };
    unwrap(await owner.POST('/api/orgs/{organizationId}/events/{eventId}/publish', { params: { path: eventPath } }));
    const registration = unwrap(await member.POST('/api/orgs/{organizationId}/events/{eventId}/registrations', { params: { path: eventPath }, body: {} }));
    unwrap(
      await member.POST('/api/orgs/{organizationId}/events/{eventId}/responses/{responseId}/submit', {
        params: { path: { ...eventPath, responseId: registration.surveyResponseId! } },
        body: { answers: [{ questionId: event.surveyQuestions![0]!.id!, answer: 'Vegetarian' }] },
      }),
    );

    await page.goto(`/admin/events/${event.id}/show`);
    await page.getByRole('tab', { name: 'Survey responses' }).click();
    const answers = page.getByRole('table', { name: 'Survey responses' });
    await answers.getByRole('row').filter({ hasText: 'Mia Member' }).getByRole('cell', { name: 'Vegetarian' }).waitFor();
    await expectScreenOk(page, 'admin-content-event-responses');

    await page.getByRole('button', { name: 'Cancel event' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this event?' });
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('The weather forecast is storms.');
    await expectScreenOk(page, 'admin-content-event-cancel');
    await dialog.getByRole('button', { name: 'Cancel the event' }).click();
    await page.getByText('Cancelled: The weather forecast is storms.').waitFor();
    const cancelled = unwrap(await owner.GET('/api/orgs/{organizationId}/events/{eventId}', { params: { path: eventPath } }));
    expect(cancelled).toMatchObject({ status: 'CANCELLED', cancellationReason: 'The weather forecast is storms.' });
  });

  it('schedules a members-only article, deletes a comment and archives an article', async () => {
    await page.goto('/admin/news/create');
    await page.getByLabel(/^Title/).fill('Annual dinner');
    await page.getByRole('textbox', { name: /^Text/ }).click();
    await page.keyboard.type('Tickets go on sale soon.');
    await page.getByLabel('Members only', { exact: true }).check();
    await page.getByLabel('Publish at').fill('2031-03-01T18:00');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'Publish on schedule' }).click();
    await page.getByText('The article is published.').waitFor();
    await page.getByText('Scheduled', { exact: true }).waitFor();
    const scheduled = unwrap(
      await owner.GET('/api/orgs/{organizationId}/news', { params: { path: { organizationId: orgId }, query: { search: 'annual dinner' } } }),
    );
    // 18:00 in Brussels (the browser's time zone) on 1 March is 17:00 UTC.
    expect(scheduled.content![0]).toMatchObject({
      status: 'PUBLISHED',
      membersOnly: true,
      scheduledAt: expect.stringMatching(/^2031-03-01T17:00:00(\.000)?Z$/),
    });

    const news = unwrap(await owner.GET('/api/orgs/{organizationId}/news', { params: { path: { organizationId: orgId }, query: { search: 'club news' } } }));
    const articlePath = { organizationId: orgId, articleId: news.content![0]!.id! };
    unwrap(
      await member.POST('/api/orgs/{organizationId}/news/{articleId}/comments', { params: { path: articlePath }, body: { content: 'Buy cheap oars here!' } }),
    );
    await page.goto(`/admin/news/${articlePath.articleId}/show`);
    await page.getByText('Buy cheap oars here!').waitFor();
    await expectScreenOk(page, 'admin-content-news-comments');
    const comment = page.getByRole('listitem').filter({ hasText: 'Buy cheap oars here!' });
    await confirming(page, () => comment.getByRole('button', { name: /^Delete the comment of/ }).click());
    await page.getByText('The comment is deleted.').waitFor();
    await page.getByText('No comments yet.').waitFor();
    const comments = unwrap(await owner.GET('/api/orgs/{organizationId}/news/{articleId}/comments', { params: { path: articlePath } }));
    expect(comments.content ?? []).toEqual([]);

    await page.getByRole('button', { name: 'Archive' }).click();
    await page.getByText('The article is archived.').waitFor();
    await page.getByRole('button', { name: 'Unarchive' }).waitFor();
    expect(unwrap(await owner.GET('/api/orgs/{organizationId}/news/{articleId}', { params: { path: articlePath } })).status).toBe('ARCHIVED');
  });

  it('creates a folder, uploads a document there for administrators only and deletes a document', async () => {
    await page.goto('/admin/documents');
    await page.getByRole('textbox', { name: 'New folder' }).fill('Board');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    const folders = page.getByRole('navigation', { name: 'Folders' });
    await folders.getByRole('button', { name: 'Board' }).click();
    await page.getByRole('textbox', { name: 'New folder inside this one' }).waitFor();
    await page
      .getByLabel('File', { exact: true })
      .setInputFiles({ name: 'budget.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\nbudget\n') });
    await page.getByRole('combobox', { name: 'Who may see it' }).click();
    await page.getByRole('option', { name: 'Administrators only' }).click();
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByRole('table', { name: 'Documents' }).getByRole('cell', { name: 'Administrators only' }).waitFor();
    await expectScreenOk(page, 'admin-content-documents-folder');
    const folder = unwrap(await owner.GET('/api/orgs/{organizationId}/document-folders', { params: { path: { organizationId: orgId } } })).find(
      (f) => f.name === 'Board',
    );
    const listed = unwrap(await owner.GET('/api/orgs/{organizationId}/documents', { params: { path: { organizationId: orgId } } })).content!;
    expect(listed.find((d) => d.name === 'budget.pdf')).toMatchObject({ folderId: folder!.id, access: 'PRIVATE' });

    await folders.getByRole('button', { name: 'All documents' }).click();
    await confirming(page, () => page.getByRole('button', { name: 'Delete minutes.pdf' }).click());
    await page.getByRole('link', { name: 'minutes.pdf' }).waitFor({ state: 'detached' });
    const after = unwrap(await owner.GET('/api/orgs/{organizationId}/documents', { params: { path: { organizationId: orgId } } })).content!;
    expect(after.map((d) => d.name)).not.toContain('minutes.pdf');
    expect(after.map((d) => d.name)).toContain('budget.pdf');
  });

  it("saves the organisation's email server, tests it and reads the email log", async () => {
    await page.goto('/admin/smtp');
    await page.getByRole('textbox', { name: 'Server (host)' }).fill('127.0.0.1');
    await page.getByRole('textbox', { name: 'Port' }).fill(String(stack.smtpPort));
    await page.getByRole('textbox', { name: 'Sender address' }).fill('club@content.test');
    await page.getByRole('textbox', { name: 'Sender name' }).fill('Content Club');
    // The stack's mail catcher speaks plain SMTP.
    await page.getByLabel('Require TLS').uncheck();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The email server is saved.').waitFor();
    const smtp = unwrap(await owner.GET('/api/orgs/{organizationId}/smtp', { params: { path: { organizationId: orgId } } }));
    expect(smtp).toMatchObject({ configured: true, host: '127.0.0.1', port: stack.smtpPort, fromAddress: 'club@content.test', requireTls: false });
    await page.getByRole('button', { name: 'Test the connection' }).click();
    await page.getByText(`Connected to 127.0.0.1:${stack.smtpPort} (TLS not required)`).waitFor();
    await page.getByRole('textbox', { name: 'To', exact: true }).fill('owen@content.test');
    await page.getByRole('button', { name: 'Send test email' }).click();
    await page.getByText('The test email to owen@content.test was accepted', { exact: false }).waitFor();
    await expectScreenOk(page, 'admin-content-smtp');
    expect((await mailTo(stack.mailUrl!, 'owen@content.test', 'Test email from Content Club')).subject).toBe('Test email from Content Club');

    const logged = unwrap(await owner.GET('/api/email-logs', { params: { query: { recipient: 'mia@content.test' } } }));
    expect(logged.content?.length).toBeGreaterThan(0);
    await page.goto('/admin/email-logs');
    await page.getByRole('textbox', { name: 'Recipient' }).fill('mia@content.test');
    await page.locator('tbody tr').nth(logged.content!.length).waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: logged.content![0]!.subject! }).first().waitFor();
    expect(await page.locator('tbody tr').count()).toBe(logged.content!.length);
    expect(await page.locator('tbody tr').filter({ hasNotText: 'mia@content.test' }).count()).toBe(0);
    await expectScreenOk(page, 'admin-content-email-log');
  });

  it("saves the organisation's profile, a legal page and the directory's settings", async () => {
    await page.goto('/admin/organisation-settings');
    await page.getByRole('textbox', { name: 'Description' }).fill('Rowing on the Lee since 1950.');
    await page.getByRole('textbox', { name: 'Website' }).fill('https://content-club.example.org');
    await page.getByRole('button', { name: 'Save' }).click();
    const profile = await eventually(
      async () => unwrap(await owner.GET('/api/orgs/{id}', { params: { path: { id: orgId } } })),
      (o) => o.description !== '' && o.description !== undefined,
    );
    expect(profile).toMatchObject({ description: 'Rowing on the Lee since 1950.', website_url: 'https://content-club.example.org' });
    await expectScreenOk(page, 'admin-content-settings-profile');

    await page.getByRole('tab', { name: 'Legal pages' }).click();
    await page.getByRole('textbox', { name: 'Text (HTML)' }).fill('<h2>Terms</h2><p>Be kind on the water.</p>');
    await page.getByRole('button', { name: 'Save' }).click();
    const legal = await eventually(
      async () => unwrap(await owner.GET('/api/orgs/{id}/legal-pages', { params: { path: { id: orgId } } })),
      (l) => Boolean(l.termsOfService),
    );
    expect(legal.termsOfService).toContain('<p>Be kind on the water.</p>');
    await expectScreenOk(page, 'admin-content-settings-legal');

    await page.getByRole('tab', { name: 'Directory' }).click();
    await page.getByRole('combobox', { name: 'Who sees the directory' }).click();
    await page.getByRole('option', { name: 'Administrators only' }).click();
    await page.getByLabel('Show phone numbers').check();
    await page.getByRole('button', { name: 'Save' }).click();
    const directory = await eventually(
      async () => unwrap(await owner.GET('/api/orgs/{organizationId}/directory/config', { params: { path: { organizationId: orgId } } })),
      (d) => d.visibility === 'ADMINS_ONLY',
    );
    expect(directory).toMatchObject({ visibility: 'ADMINS_ONLY', showPhone: true });
    await expectScreenOk(page, 'admin-content-settings-directory');
  });

  it("filters the first sync's log by record type and outcome", async () => {
    const connector = unwrap(await owner.GET('/api/orgs/{organizationId}/connectors', { params: { path: { organizationId: orgId } } })).content![0]!;
    const connectorPath = { organizationId: orgId, connectorId: connector.id! };
    const job = unwrap(await owner.GET('/api/orgs/{organizationId}/connectors/{connectorId}/sync-jobs', { params: { path: connectorPath } })).content![0]!;
    const lines = unwrap(
      await owner.GET('/api/orgs/{organizationId}/connectors/{connectorId}/sync-jobs/{jobId}/logs', {
        params: { path: { ...connectorPath, jobId: job.id! }, query: { entityType: 'MEMBERS', action: 'CREATE', size: 100 } },
      }),
    );
    expect(lines.content?.length).toBeGreaterThan(0);

    await page.goto('/admin/migration');
    const log = page.getByRole('table', { name: 'Sync log' });
    await log.waitFor();
    await page.getByRole('combobox', { name: 'Records' }).click();
    await page.getByRole('option', { name: 'Members' }).click();
    await page.getByRole('combobox', { name: 'Outcome' }).click();
    await page.getByRole('option', { name: 'Created' }).click();
    await log.locator('tbody tr').nth(lines.content!.length).waitFor({ state: 'detached' });
    await log
      .locator('tbody tr')
      .nth(lines.content!.length - 1)
      .waitFor();
    expect(
      await log
        .locator('tbody tr')
        .filter({ hasNotText: /^Members.*Created/ })
        .count(),
    ).toBe(0);
    await expectScreenOk(page, 'admin-content-migration-log');
  });

  it('fits a phone: events list and migration without sideways scrolling, axe clean', async () => {
    const phone = await newContext(browser, stack.webUrl!, 'phone');
    const onPhone = await phone.newPage();
    await onPhone.goto('/login?next=/admin/events');
    await onPhone.getByLabel('Email').fill(OWNER.email);
    await onPhone.getByLabel('Password').fill(OWNER.password);
    await onPhone.getByRole('button', { name: 'Sign in' }).click();
    await onPhone.waitForURL((url) => url.pathname === '/admin/events');
    await onPhone.getByText('Spring regatta').waitFor();
    await expectScreenOk(onPhone, 'admin-content-events-phone');
    await onPhone.goto('/admin/migration');
    await onPhone.getByRole('heading', { name: 'Sync log' }).waitFor();
    await expectScreenOk(onPhone, 'admin-content-migration-phone');
    await phone.close();
  });
});
