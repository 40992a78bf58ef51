// `npm run seed`: a demo world on a running platform, through its REST API only (tools/seed/README
// in docs/operations.md): two organisations with branding, 100 members each, membership types and
// assignments, events with registrations and a waiting list, news with comments, documents in
// folders and an inbox entry; then the logins. Every step looks before it creates, so a second run
// adds nothing.
import { parseArgs } from 'node:util';
import { Api } from './api';
import { DEMO_ORGANIZATIONS, DEMO_PASSWORD, MEMBERS_PER_ORGANIZATION, demoMember, type DemoOrganization } from './world';

type Row = Record<string, unknown> & { id: string };
type Page = { content?: Row[]; totalElements?: number };

/** A list answered as a bare array (an empty one may come as an empty object). */
const listOf = (body: unknown): Row[] => (Array.isArray(body) ? (body as Row[]) : []);

interface Counts {
  created: number;
  kept: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'base-url': { type: 'string', default: process.env['PLATFORM_URL'] ?? 'http://127.0.0.1:8080' },
      'admin-email': { type: 'string', default: process.env['PLATFORM_ADMIN_EMAIL'] ?? 'admin@platform.local' },
      'admin-password': { type: 'string', default: process.env['PLATFORM_ADMIN_PASSWORD'] ?? 'change-me-now' },
    },
  });
  const api = new Api(values['base-url']);
  const admin = Api.expect(
    await api.post<{ accessToken: string }>('/api/auth/system/login', { email: values['admin-email'], password: values['admin-password'] }),
    'platform administrator sign-in (set PLATFORM_ADMIN_EMAIL and PLATFORM_ADMIN_PASSWORD)',
    200,
  ).accessToken;
  const counts: Counts = { created: 0, kept: 0 };
  const logins: string[] = [];
  for (const org of DEMO_ORGANIZATIONS) logins.push(...(await seedOrganization(api, admin, org, counts)));
  process.stdout.write(
    `\nDemo world on ${values['base-url']}: ${counts.created} things created, ${counts.kept} already there.\n\nLogins (password "${DEMO_PASSWORD}"):\n`,
  );
  for (const line of logins) process.stdout.write(`  ${line}\n`);
  process.stdout.write(`\nAPI docs: ${values['base-url']}/api/docs (Authorize with an accessToken from POST /api/auth/org/login)\n`);
}

/** One step: `exists` looked first; `create` only when it did not. */
async function ensure<T>(counts: Counts, exists: T | undefined, create: () => Promise<T>): Promise<T> {
  if (exists !== undefined) {
    counts.kept++;
    return exists;
  }
  counts.created++;
  return create();
}

async function register(api: Api, email: string, firstName: string, lastName: string): Promise<void> {
  Api.expect(await api.post('/api/auth/org/register', { email, password: DEMO_PASSWORD, firstName, lastName }), `register ${email}`, 201, 409);
}

async function orgLogin(api: Api, email: string, organizationId: string): Promise<string> {
  return Api.expect(await api.post<{ accessToken: string }>('/api/auth/org/login', { email, password: DEMO_PASSWORD, organizationId }), `sign in ${email}`, 200)
    .accessToken;
}

/** Every row of a paged list. */
async function all(api: Api, path: string, token: string): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 0; ; page++) {
    const body = Api.expect(await api.get<Page>(`${path}${path.includes('?') ? '&' : '?'}page=${page}&size=100`, token), `list ${path}`, 200);
    const content = body.content ?? [];
    rows.push(...content);
    if (content.length < 100) return rows;
  }
}

async function seedOrganization(api: Api, admin: string, org: DemoOrganization, counts: Counts): Promise<string[]> {
  await register(api, org.ownerEmail, 'Olga', 'Owner');
  const existing = await api.get<Row>(`/api/orgs/slug/${org.slug}`);
  const orgId = (
    await ensure(counts, existing.status === 200 ? existing.body : undefined, async () => {
      const created = await api.post<{ organization: Row }>(
        '/api/admin/orgs/create-with-owner',
        { orgName: org.name, orgSlug: org.slug, ownerEmail: org.ownerEmail, ownerFirstName: 'Olga', ownerLastName: 'Owner', sendWelcomeEmail: false },
        admin,
      );
      return Api.expect(created, `create ${org.slug}`, 201).organization;
    })
  ).id;
  const owner = await orgLogin(api, org.ownerEmail, orgId);
  Api.expect(await api.put(`/api/orgs/${orgId}/branding`, org.branding, owner), 'branding', 200);

  // Members: one who can sign in (registered), and MEMBERS_PER_ORGANIZATION added by the owner.
  await register(api, org.memberEmail, 'Mia', 'Member');
  const members = new Map((await all(api, `/api/orgs/${orgId}/users`, owner)).map((m) => [String(m['email']).toLowerCase(), m]));
  const wanted = [
    { email: org.memberEmail, firstName: 'Mia', lastName: 'Member' },
    ...Array.from({ length: MEMBERS_PER_ORGANIZATION }, (_, n) => demoMember(org.slug, n)),
  ];
  const memberIds: string[] = [];
  for (const person of wanted) {
    const row = await ensure(counts, members.get(person.email), async () =>
      Api.expect(await api.post<Row>(`/api/orgs/${orgId}/users`, { ...person, sendInvitationEmail: false }, owner), `add ${person.email}`, 201),
    );
    memberIds.push(row.id);
  }
  const member = await orgLogin(api, org.memberEmail, orgId);

  // Membership types, and the first 20 members on the first type.
  const types = new Map(
    listOf(Api.expect(await api.get<Row[]>(`/api/orgs/${orgId}/membership-types`, owner), 'membership types', 200)).map((t) => [t['name'], t]),
  );
  const typeIds: string[] = [];
  for (const type of org.membershipTypes) {
    typeIds.push(
      (
        await ensure(counts, types.get(type.name), async () =>
          Api.expect(await api.post<Row>(`/api/orgs/${orgId}/membership-types`, type, owner), type.name, 201),
        )
      ).id,
    );
  }
  for (const userId of memberIds.slice(0, 20)) {
    const assigned = await api.get(`/api/orgs/${orgId}/users/${userId}/membership`, owner);
    await ensure(counts, assigned.status === 200 ? assigned.body : undefined, async () =>
      Api.expect(await api.post(`/api/orgs/${orgId}/users/${userId}/membership`, { membershipTypeId: typeIds[0] }, owner), 'membership', 201),
    );
  }

  // Events, published; the capped one gets 8 registrations: 5 confirmed, 3 on the waiting list.
  const events = new Map((await all(api, `/api/orgs/${orgId}/events`, owner)).map((e) => [e['title'], e]));
  for (const event of org.events) {
    const start = new Date(Math.floor((Date.now() + event.daysAhead * DAY_MS) / DAY_MS) * DAY_MS + 18 * 3600 * 1000);
    const row = await ensure(counts, events.get(event.title), async () => {
      const created = Api.expect(
        await api.post<Row>(
          `/api/orgs/${orgId}/events`,
          {
            title: event.title,
            description: `<p>${event.title}: all members welcome.</p>`,
            eventType: 'IN_PERSON',
            category: event.category,
            startDate: start.toISOString(),
            endDate: new Date(start.getTime() + 2 * 3600 * 1000).toISOString(),
            venueName: 'Clubhouse',
            registrationRequired: true,
            ...(event.maxAttendees ? { maxAttendees: event.maxAttendees, waitingListEnabled: true } : {}),
            ...(event.price ? { isFree: false, basePrice: event.price, memberPrice: event.price / 2, currency: 'EUR' } : { isFree: true }),
          },
          owner,
        ),
        event.title,
        201,
      );
      return Api.expect(await api.post<Row>(`/api/orgs/${orgId}/events/${created.id}/publish`, {}, owner), `publish ${event.title}`, 200);
    });
    if (event.maxAttendees) {
      const registrations = await all(api, `/api/orgs/${orgId}/events/${row.id}/registrations`, owner);
      const registered = new Set(registrations.map((r) => r['userId']));
      for (const userId of memberIds.slice(1, 1 + event.maxAttendees + 3)) {
        await ensure(counts, registered.has(userId) ? userId : undefined, async () =>
          Api.expect(await api.post(`/api/orgs/${orgId}/events/${row.id}/registrations`, { userId, ticketType: 'MEMBER' }, owner), 'registration', 201),
        );
      }
    }
  }

  // News, published, with a comment and a reply on the first article.
  const articles = new Map((await all(api, `/api/orgs/${orgId}/news`, owner)).map((a) => [a['title'], a]));
  for (const [i, article] of org.articles.entries()) {
    const row = await ensure(counts, articles.get(article.title), async () => {
      const created = Api.expect(await api.post<Row>(`/api/orgs/${orgId}/news`, article, owner), article.title, 201);
      return Api.expect(await api.post<Row>(`/api/orgs/${orgId}/news/${created.id}/publish`, {}, owner), `publish ${article.title}`, 200);
    });
    if (i === 0) {
      const comments = Api.expect(await api.get<Page>(`/api/orgs/${orgId}/news/${row.id}/comments`, member), 'comments', 200).content ?? [];
      await ensure(counts, comments[0], async () => {
        const comment = Api.expect(
          await api.post<Row>(`/api/orgs/${orgId}/news/${row.id}/comments`, { content: 'Great news, thank you!' }, member),
          'comment',
          201,
        );
        Api.expect(
          await api.post(`/api/orgs/${orgId}/news/${row.id}/comments`, { content: 'Glad you like it.', parentCommentId: comment.id }, owner),
          'reply',
          201,
        );
        return comment;
      });
    }
  }

  // Documents in folders, uploaded as the dashboard does (multipart).
  const folders = new Map(listOf(Api.expect(await api.get<Row[]>(`/api/orgs/${orgId}/document-folders`, owner), 'folders', 200)).map((f) => [f['name'], f]));
  for (const folder of org.folders) {
    const folderRow = await ensure(counts, folders.get(folder.name), async () =>
      Api.expect(await api.post<Row>(`/api/orgs/${orgId}/document-folders`, { name: folder.name }, owner), folder.name, 201),
    );
    const documents = new Map((await all(api, `/api/orgs/${orgId}/documents?folderId=${folderRow.id}`, owner)).map((d) => [d['name'], d]));
    for (const doc of folder.documents) {
      await ensure(counts, documents.get(doc.name), async () => {
        const form = new FormData();
        form.append('name', doc.name);
        form.append('folderId', folderRow.id);
        form.append('access', 'MEMBERS_ONLY');
        form.append('file', new Blob([doc.text], { type: 'text/plain' }), doc.fileName);
        return Api.expect(await api.call<Row>('POST', `/api/orgs/${orgId}/documents`, { form, token: owner }), doc.name, 201);
      });
    }
  }

  // An inbox entry for every member (the owner's own inbox tells whether it went out already).
  const title = `Welcome to the ${org.name} app`;
  const inbox = Api.expect(await api.get<Page>('/api/notifications?size=100', owner), 'inbox', 200).content ?? [];
  await ensure(
    counts,
    inbox.find((n) => n['title'] === title),
    async () =>
      Api.expect(
        await api.post<Row>(
          '/api/notifications',
          { title, body: 'News, events and documents are here.', targetType: 'ALL_MEMBERS', data: { type: 'GENERAL' } },
          owner,
        ),
        'notification',
        201,
      ),
  );

  return [`${org.name}: owner ${org.ownerEmail}, member ${org.memberEmail} (organizationId ${orgId})`];
}

main().catch((err: unknown) => {
  process.stderr.write(`seed failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
