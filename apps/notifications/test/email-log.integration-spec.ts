import { randomUUID } from 'node:crypto';
import { status } from '@grpc/grpc-js';
import { unary } from '@platform/grpc-server';
import { eventually, failure, violationsOf, type TestTokens } from '@platform/testing';
import { createNotificationsDb, type NotificationsDb } from '../src/store/db';
import { purgeExpiredEmailLogs } from '../src/jobs/email-log-purge';
import { startNotificationsHarness, type NotificationsHarness } from './notifications-harness';

describe('the email log', () => {
  let h: NotificationsHarness;
  let db: NotificationsDb;
  let tokens: TestTokens;
  const ORG = randomUUID();
  const OTHER = randomUUID();
  const DAY = 24 * 3600 * 1000;
  const now = Date.now();
  const ids: Record<string, string> = {};

  const insert = async (key: string, organizationId: string | null, status: string, daysAgo: number, recipient = `${key}@example.test`) => {
    const id = randomUUID();
    ids[key] = id;
    const at = new Date(now - daysAgo * DAY);
    await h.sql(
      `INSERT INTO email_log (id, organization_id, recipient, template_type, subject, status, error, attempts, queued_at, created_at)
       VALUES ($1, $2, $3, 'INVITATION', $4, $5::"EmailStatus", $6, 1, $7, $7)`,
      [id, organizationId, recipient, `subject ${key}`, status, status === 'SENT' ? null : '550 no such user', at],
    );
  };

  beforeAll(async () => {
    h = await startNotificationsHarness('email_log');
    db = createNotificationsDb(h.schema.connectionString, h.schema.schema);
    tokens = h.tokens;
    await insert('recent', ORG, 'SENT', 1);
    await insert('bounced', ORG, 'BOUNCED', 2);
    await insert('failed', ORG, 'FAILED', 10);
    await insert('old', ORG, 'SENT', 91);
    await insert('other', OTHER, 'SENT', 1);
    await insert('platform', null, 'SENT', 3);
  });
  afterAll(async () => {
    await db?.$disconnect();
    await h?.stop();
  });

  const list = (
    token: string,
    query: Partial<{
      organizationId: string;
      status: string;
      from: string;
      to: string;
      recipient: string;
      templateType: string;
      page: number;
      size: number;
    }> = {},
  ) => unary(h.client, h.client.listEmailLogs, { organizationId: '', status: '', from: '', to: '', recipient: '', templateType: '', ...query }, { token });
  const keysOf = (page: { content: Array<{ id: string }> }) => page.content.map((e) => Object.keys(ids).find((k) => ids[k] === e.id));

  it("shows an organisation admin their organisation's log only, newest first", async () => {
    const admin = tokens.org(ORG, 'ADMIN');
    expect(keysOf(await list(admin))).toEqual(['recent', 'bounced', 'failed', 'old']);
    expect(keysOf(await list(admin, { organizationId: ORG }))).toEqual(['recent', 'bounced', 'failed', 'old']);
    expect((await failure(list(admin, { organizationId: OTHER })))?.code).toBe(status.PERMISSION_DENIED);
    expect((await failure(list(tokens.org(ORG, 'MEMBER'))))?.code).toBe(status.PERMISSION_DENIED);
  });

  it('filters by status, period, recipient and type, and pages', async () => {
    const admin = tokens.org(ORG, 'ADMIN');
    expect(keysOf(await list(admin, { status: 'BOUNCED' }))).toEqual(['bounced']);
    const from = new Date(now - 5 * DAY).toISOString().slice(0, 10);
    expect(keysOf(await list(admin, { from }))).toEqual(['recent', 'bounced']);
    expect(keysOf(await list(admin, { to: new Date(now - 5 * DAY).toISOString() }))).toEqual(['failed', 'old']);
    expect(keysOf(await list(admin, { recipient: 'FAILED@example.test' }))).toEqual(['failed']);
    expect(keysOf(await list(admin, { templateType: 'WELCOME' }))).toEqual([]);
    const page = await list(admin, { page: 1, size: 3 });
    expect(page).toMatchObject({ totalElements: 4, totalPages: 2, page: 1, size: 3 });
    expect(keysOf(page)).toEqual(['old']);
    expect(violationsOf(await failure(list(admin, { status: 'LOST' }))).map((v) => v.field)).toEqual(['status']);
    expect(violationsOf(await failure(list(admin, { from: 'yesterday' }))).map((v) => v.field)).toEqual(['from']);
  });

  it('shows platform administrators every organisation and platform mail', async () => {
    const staff = tokens.system('SUPER_ADMIN');
    expect(keysOf(await list(staff)).sort()).toEqual(['bounced', 'failed', 'old', 'other', 'platform', 'recent']);
    expect(keysOf(await list(staff, { organizationId: OTHER }))).toEqual(['other']);
    expect((await failure(list(tokens.system('SUPPORT_ADMIN'))))?.code).toBe(status.PERMISSION_DENIED);
  });

  it("reads one entry; another organisation's is not found", async () => {
    const admin = tokens.org(ORG, 'ADMIN');
    const entry = await unary(h.client, h.client.getEmailLog, { logId: ids['bounced']! }, { token: admin });
    expect(entry).toMatchObject({
      organizationId: ORG,
      recipient: 'bounced@example.test',
      templateType: 'INVITATION',
      status: 'BOUNCED',
      error: '550 no such user',
      attempts: 1,
    });
    expect((await failure(unary(h.client, h.client.getEmailLog, { logId: ids['other']! }, { token: admin })))?.code).toBe(status.NOT_FOUND);
    expect((await failure(unary(h.client, h.client.getEmailLog, { logId: ids['platform']! }, { token: admin })))?.code).toBe(status.NOT_FOUND);
    expect(await unary(h.client, h.client.getEmailLog, { logId: ids['platform']! }, { token: tokens.system() })).toMatchObject({ organizationId: undefined });
  });

  it('purges entries older than 90 days', async () => {
    expect(await purgeExpiredEmailLogs(db, new Date(now), 90)).toBe(1);
    expect(await h.sql('SELECT 1 FROM email_log WHERE id = $1', [ids['old']])).toHaveLength(0);
    expect(await h.sql('SELECT 1 FROM email_log')).toHaveLength(5);
  });
});

describe('the email-log purge job', () => {
  let h: NotificationsHarness;
  beforeAll(async () => {
    h = await startNotificationsHarness('email_log_job', { env: { HOUSEKEEPING_INTERVAL_MS: '1000' } });
  });
  afterAll(async () => h?.stop());

  it('runs on its own schedule and removes entries past retention, keeping the rest', async () => {
    const insert = (daysAgo: number) =>
      h.sql<{ id: string }>(
        `INSERT INTO email_log (id, organization_id, recipient, template_type, subject, status, attempts, queued_at, created_at)
         VALUES (gen_random_uuid(), NULL, 'job@example.test', 'INVITATION', 'purge job', 'SENT', 1, $1, $1) RETURNING id`,
        [new Date(Date.now() - daysAgo * 24 * 3600 * 1000)],
      );
    const [old] = await insert(120);
    const [recent] = await insert(30);
    await eventually(async () => expect(await h.sql('SELECT 1 FROM email_log WHERE id = $1', [old!.id])).toHaveLength(0), 10_000);
    expect(await h.sql('SELECT 1 FROM email_log WHERE id = $1', [recent!.id])).toHaveLength(1);
  });
});
