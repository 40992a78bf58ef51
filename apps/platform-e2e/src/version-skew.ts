import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { STACK_LEGACY_SYNC_KEY, workspaceRoot } from '@platform/testing';
import { mailTo } from './mail';
import { ADMIN, http, sleep, startPlatform, type JsonResponse, type Platform } from './platform';

/**
 * Version skew (issue 29, decision 0234): each app released on its own meets the others at another
 * version. The previous released build of every service and of the gateway
 * (tools/release/previous-build.mjs: the newest `<app>@<version>` tag, else tools/release/released.json)
 * runs beside HEAD's in configurations where every ordered pair of apps meets once with the first at
 * the previous release and the second at HEAD, and once the other way round: for each bit of an
 * app's index, the apps with that bit set run the previous build (and then the others do). Eight apps
 * take six configurations; SKEW_CONFIGURATIONS=each runs the sixteen one-app-at-a-time configurations
 * instead. Each configuration passes the main journeys: sign-in, members, an event registration
 * with its email, news, a document upload, a connector sync.
 */
export const APPS = ['identity', 'organisation', 'content', 'events', 'documents', 'notifications', 'connector', 'gateway'];
const LEGACY_SITE_TYPE_ID = '6c0a3b52-6d8e-4c41-9f0e-1a7c5e2b0001';

/** The sets of apps that run their previous release, one per configuration. */
export function configurations(): string[][] {
  if (process.env['SKEW_CONFIGURATIONS'] === 'each') return [...APPS.map((app) => [app]), ...APPS.map((app) => APPS.filter((other) => other !== app))];
  const bits = Math.ceil(Math.log2(APPS.length));
  const sets: string[][] = [];
  for (let bit = 0; bit < bits; bit++) {
    const set = APPS.filter((_, i) => (i >> bit) & 1);
    sets.push(
      set,
      APPS.filter((app) => !set.includes(app)),
    );
  }
  return sets;
}

/** Every app's previous release, built once for the whole run (a minute the first time). */
export function previousBuilds(): Record<string, { release: string; dist: string }> {
  const script = path.join(workspaceRoot(), 'tools/release/previous-build.mjs');
  return JSON.parse(execFileSync(process.execPath, [script], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }));
}

/**
 * One configuration: a stack where the apps in `old` run their previous release and the others
 * HEAD's build, through the main journeys.
 */
export async function runConfiguration(label: string, old: string[], previous: Record<string, { release: string; dist: string }>): Promise<void> {
  const buildOf = (app: string) => {
    const build = previous[app];
    if (!build) throw new Error(`no previous build of ${app}`);
    return build;
  };
  const platform: Platform = await startPlatform(label, {
    services: ['content', 'events', 'documents', 'connector'],
    organisation: 'real',
    notifications: true,
    contractCheck: false,
    // Compatibility, not latency: a slow answer on a loaded machine is not a failed journey.
    env: { LEGACY_SEED_MEMBERS: '5', GATEWAY_RPC_TIMEOUT_MS: '30000' },
    builds: Object.fromEntries(old.map((app) => [app, buildOf(app).dist])),
    // A previous build starts cold the first time (no compile cache yet) beside another stack.
    readyTimeoutMs: 180_000,
  });
  try {
    await journeys(platform, label);
  } catch (error) {
    throw new Error(`with the previous release of ${old.join(', ')} (${old.map((app) => buildOf(app).release).join(', ')}): ${String(error)}`);
  } finally {
    await platform.stop();
  }
}

/** The main journeys, asserted through the public API as a client sees it. */
export async function journeys(platform: Platform, label: string): Promise<void> {
  const api = http(platform.baseUrl);
  const ok = (res: JsonResponse, status: number, what: string): JsonResponse => {
    if (res.status !== status) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
    return res;
  };
  // Sign-in: a platform administrator, an organisation with its owner, the owner signed in.
  const admin = ok(await api.post('/api/auth/system/login', ADMIN), 200, 'system sign-in').body.accessToken as string;
  const owner = { email: `owner@${label}.example`, password: 'skew password 1' };
  ok(await api.post('/api/auth/org/register', { ...owner, firstName: 'Olga', lastName: 'Owner' }), 201, 'register the owner');
  const made = ok(
    await api.post(
      '/api/admin/orgs/create-with-owner',
      { orgName: `Skew ${label}`, orgSlug: label, ownerEmail: owner.email, ownerFirstName: 'Olga', ownerLastName: 'Owner', sendWelcomeEmail: false },
      admin,
    ),
    201,
    'create the organisation',
  );
  const org = made.body.organization.id as string;
  const ownerToken = ok(await api.post('/api/auth/org/login', owner), 200, 'owner sign-in').body.accessToken as string;
  expect(ok(await api.get('/api/auth/me', ownerToken), 200, 'me').body).toMatchObject({ email: owner.email });

  // Members: a member added by the owner, signed in at the organisation, listed.
  const member = { email: `member@${label}.example`, password: 'skew password 2' };
  ok(await api.post('/api/auth/org/register', { ...member, firstName: 'Mia', lastName: 'Member' }), 201, 'register the member');
  ok(
    await api.post(`/api/orgs/${org}/users`, { email: member.email, firstName: 'Mia', lastName: 'Member', sendInvitationEmail: false }, ownerToken),
    201,
    'add the member',
  );
  const memberToken = ok(await api.post('/api/auth/org/login', { ...member, organizationId: org }), 200, 'member sign-in').body.accessToken as string;
  const listed = ok(await api.get(`/api/orgs/${org}/users?search=mia`, ownerToken), 200, 'list members').body;
  expect(listed.content.map((u: { email: string }) => u.email)).toContain(member.email);

  // An event registration with its confirmation email.
  const event = ok(
    await api.post(
      `/api/orgs/${org}/events`,
      {
        title: `Skew meeting ${label}`,
        eventType: 'IN_PERSON',
        startDate: '2030-04-01T18:00:00Z',
        endDate: '2030-04-01T20:00:00Z',
        venueName: 'Town Hall',
        registrationRequired: true,
        maxAttendees: 10,
        isFree: true,
      },
      ownerToken,
    ),
    201,
    'create an event',
  ).body;
  ok(await api.post(`/api/orgs/${org}/events/${event.id}/publish`, undefined, ownerToken), 200, 'publish the event');
  const registration = ok(await api.post(`/api/orgs/${org}/events/${event.id}/registrations`, {}, memberToken), 201, 'register for the event').body;
  expect(registration.status).toBe('CONFIRMED');
  if (!platform.mailUrl) throw new Error('the stack runs no mail catcher');
  expect((await mailTo(platform.mailUrl, member.email, `Skew meeting ${label}`, 30_000)).html).toContain('Your registration is confirmed');

  // News: an article published by the owner, read by the member.
  const article = ok(
    await api.post(`/api/orgs/${org}/news`, { title: 'Skew news', content: '<p>For the members.</p>' }, ownerToken),
    201,
    'write an article',
  ).body;
  ok(await api.post(`/api/orgs/${org}/news/${article.id}/publish`, {}, ownerToken), 200, 'publish the article');
  expect(ok(await api.get(`/api/orgs/${org}/news/${article.id}`, memberToken), 200, 'read the article').body).toMatchObject({ title: 'Skew news' });

  // A document upload (multipart, streamed through the gateway), listed for the member.
  const form = new FormData();
  form.append('name', 'Skew minutes');
  form.append('access', 'MEMBERS_ONLY');
  form.append('file', new Blob([Buffer.from('minutes of the skew meeting')], { type: 'text/plain' }), 'skew-minutes.txt');
  const uploaded = await fetch(`${platform.baseUrl}/api/orgs/${org}/documents`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ownerToken}` },
    body: form,
  });
  if (uploaded.status !== 201) throw new Error(`upload a document: ${uploaded.status} ${await uploaded.text()}`);
  const document = (await uploaded.json()) as { id: string };
  expect(ok(await api.get(`/api/orgs/${org}/documents/${document.id}`, memberToken), 200, 'read the document').body).toMatchObject({
    name: 'Skew minutes',
    access: 'MEMBERS_ONLY',
  });

  // A connector sync: the legacy site's members imported.
  const connector = ok(
    await api.post(
      `/api/orgs/${org}/connectors`,
      { connectorTypeId: LEGACY_SITE_TYPE_ID, name: 'Old site', config: { siteUrl: platform.legacySiteUrl, syncKey: STACK_LEGACY_SYNC_KEY } },
      ownerToken,
    ),
    201,
    'create the connector',
  ).body;
  const job = ok(await api.post(`/api/orgs/${org}/connectors/${connector.id}/sync`, { jobType: 'INITIAL_IMPORT' }, ownerToken), 201, 'start a sync').body;
  let ended: { status: string; errorMessage?: string } | undefined;
  for (let i = 0; i < 600 && !ended; i++) {
    const now = ok(await api.get(`/api/orgs/${org}/connectors/${connector.id}/sync-jobs/${job.id}`, ownerToken), 200, 'read the sync job').body;
    if (now.status === 'COMPLETED' || now.status === 'FAILED') ended = now;
    else await sleep(100);
  }
  expect({ status: ended?.status, error: ended?.errorMessage ?? '' }).toEqual({ status: 'COMPLETED', error: '' });
  // Every member of the site arrived, whatever its status: nothing FAILED in the sync log.
  const failed = ok(
    await api.get(`/api/orgs/${org}/connectors/${connector.id}/sync-jobs/${job.id}/logs?action=FAILED&size=100`, ownerToken),
    200,
    'read the sync log',
  );
  expect(failed.body.content).toEqual([]);
  const site = (await (
    await fetch(`${platform.legacySiteUrl}/api/v1/sync/members?per_page=200`, { headers: { 'x-association-sync-key': STACK_LEGACY_SYNC_KEY } })
  ).json()) as {
    data: unknown[];
  };
  let people = 0;
  for (const status of ['ACTIVE', 'PENDING', 'INACTIVE'])
    people += ok(await api.get(`/api/orgs/${org}/users?size=100&status=${status}`, ownerToken), 200, 'list members after the sync').body
      .totalElements as number;
  expect(people).toBe(2 + site.data.length);
}
