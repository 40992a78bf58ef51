import { randomUUID } from 'node:crypto';
import { status } from '@grpc/grpc-js';
import { unary } from '@platform/grpc-server';
import type { notificationsV1 } from '@platform/proto';
import { startNotificationsHarness, type NotificationsHarness } from './notifications-harness';

describe("the connector's notifications import (UpsertNotifications)", () => {
  let h: NotificationsHarness;
  const ORG = randomUUID();
  const ADMIN = randomUUID();
  const members = [randomUUID(), randomUUID()];
  const guest = randomUUID();
  const suspended = randomUUID();

  beforeAll(async () => {
    h = await startNotificationsHarness('imports', { push: true });
    await h.sql(
      `INSERT INTO member_projection (organization_id, account_id, role, status, version)
       VALUES ($1, $2, 'ADMIN', 'ACTIVE', now()), ($1, $3, 'MEMBER', 'ACTIVE', now()), ($1, $4, 'MEMBER', 'ACTIVE', now()),
              ($1, $5, 'GUEST', 'ACTIVE', now()), ($1, $6, 'MEMBER', 'SUSPENDED', now())`,
      [ORG, ADMIN, members[0], members[1], guest, suspended],
    );
    await h.sql(
      `INSERT INTO device_token (id, account_id, push_token, platform, device_name, updated_at)
       SELECT gen_random_uuid(), a, 'tok-' || a, 'ANDROID', '', now() FROM unnest($1::uuid[]) a`,
      [[ADMIN, ...members]],
    );
  });
  afterAll(async () => {
    await h?.stop();
  });

  // Recent enough for the inboxes (NOTIFICATIONS_IMPORT_INBOX_DAYS, 30 by default).
  const SENT = new Date(Math.floor(Date.now() / 1000) * 1000 - 2 * 86_400_000);
  const record = (externalId: string, over: Partial<notificationsV1.ImportedNotification> = {}): notificationsV1.ImportedNotification => ({
    externalId,
    title: 'Renewals open',
    body: 'Don’t miss out & tell a colleague.',
    sentAt: SENT,
    data: { type: 'external-link', link: { type: 'external-link', url: 'https://www.example.org/renew' } },
    ...over,
  });
  const upsert = (notifications: notificationsV1.ImportedNotification[], token = h.tokens.service('connector')) =>
    unary(h.client, h.client.upsertNotifications, { organizationId: ORG, importedBy: ADMIN, notifications }, { token });
  const inbox = (account: string, role: 'ADMIN' | 'MEMBER' | 'GUEST') =>
    unary(h.client, h.client.listNotifications, { sort: '' }, { token: h.tokens.org(ORG, role, account) });

  it('creates one ALL_MEMBERS notification in the inboxes of the ACTIVE members, dated as the site sent it, and pushes nothing', async () => {
    const reply = await upsert([record('n-1'), record('n-2', { title: 'No link', data: { type: 'notification', link: null } })]);
    expect(reply).toMatchObject({ created: 2, updated: 0, skipped: 0, conflicts: 0, failed: 0 });
    expect(reply.results.map((r) => r.action)).toEqual(['CREATE', 'CREATE']);

    const page = await inbox(members[0]!, 'MEMBER');
    const renewals = page.content.find((n) => n.title === 'Renewals open');
    expect(renewals).toMatchObject({
      id: reply.results[0]!.id,
      body: 'Don’t miss out & tell a colleague.',
      targetType: 'ALL_MEMBERS',
      data: { type: 'external-link', link: { type: 'external-link', url: 'https://www.example.org/renew' } },
      read: false,
      createdAt: SENT.toISOString(),
    });
    expect((await inbox(guest, 'GUEST')).content).toHaveLength(2);
    const entries = await h.sql<{ recipient_id: string }>('SELECT recipient_id FROM inbox_entry WHERE notification_id = $1', [reply.results[0]!.id]);
    expect(entries.map((e) => e.recipient_id).sort()).toEqual([ADMIN, ...members, guest].sort());

    const jobs = await h.sql<{ status: string }>('SELECT status FROM push_job WHERE notification_id = ANY($1::uuid[])', [reply.results.map((r) => r.id)]);
    expect(jobs.map((j) => j.status)).toEqual(['SKIPPED', 'SKIPPED']);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(h.fcm!.sends).toHaveLength(0);
    expect(h.smtp.received).toHaveLength(0);
  });

  it('keeps a notification sent before the inbox window in the history only: in no inbox, pushed to nobody', async () => {
    const old = new Date(Date.now() - 31 * 86_400_000);
    const [result] = (await upsert([record('n-old', { title: 'Last year', sentAt: old })])).results;
    expect(result).toMatchObject({ action: 'CREATE' });
    expect(await h.sql('SELECT 1 FROM inbox_entry WHERE notification_id = $1', [result!.id])).toHaveLength(0);
    const [row] = await h.sql<{ recipient_count: number; external_id: string }>('SELECT recipient_count, external_id FROM notification WHERE id = $1', [
      result!.id,
    ]);
    expect(row).toEqual({ recipient_count: 0, external_id: 'n-old' });
    expect((await upsert([record('n-old', { title: 'Last year', sentAt: old })])).results[0]).toMatchObject({ action: 'SKIP' });
    await h.sql('DELETE FROM notification WHERE id = $1', [result!.id]);
  });

  it('skips an unchanged record, updates a changed one in place keeping read state, and never duplicates', async () => {
    const [first] = (await upsert([record('n-1')])).results;
    expect(first).toMatchObject({ action: 'SKIP' });
    await unary(h.client, h.client.updateNotification, { notificationId: first!.id, read: true }, { token: h.tokens.org(ORG, 'MEMBER', members[0]) });

    const reply = await upsert([record('n-1', { title: 'Renewals open: last week' })]);
    expect(reply.results[0]).toMatchObject({ action: 'UPDATE', id: first!.id });
    const mine = (await inbox(members[0]!, 'MEMBER')).content.find((n) => n.id === first!.id);
    expect(mine).toMatchObject({ title: 'Renewals open: last week', read: true });
    expect(await h.sql('SELECT 1 FROM notification WHERE organization_id = $1', [ORG])).toHaveLength(2);
  });

  it('answers CONFLICT when the notification was changed on the platform since its import and at the source too, keeping the platform copy', async () => {
    await h.sql(`UPDATE notification SET body = 'Corrected by the office' WHERE external_id = 'n-2'`);
    expect((await upsert([record('n-2', { title: 'No link', data: { type: 'notification', link: null } })])).results[0]).toMatchObject({ action: 'SKIP' });
    const reply = await upsert([record('n-2', { title: 'No link', body: 'Changed on the site', data: { type: 'notification', link: null } })]);
    expect(reply).toMatchObject({ conflicts: 1 });
    expect(reply.results[0]).toMatchObject({ action: 'CONFLICT' });
    expect((await h.sql<{ body: string }>(`SELECT body FROM notification WHERE external_id = 'n-2'`))[0]!.body).toBe('Corrected by the office');
  });

  it('answers ERROR per record for a blank title, a repeated externalId or a reserved data key, applying the others', async () => {
    const reply = await upsert([record('n-3', { title: ' ' }), record('n-4'), record('n-4'), record('n-5', { data: { from: 'x' } })]);
    expect(reply.results.map((r) => [r.action, r.error])).toEqual([
      ['ERROR', 'title is required'],
      ['CREATE', ''],
      ['ERROR', 'externalId appears twice in the batch'],
      ['ERROR', 'data.from is a key reserved by the push provider'],
    ]);
  });

  it('refuses more than 500 records, and any caller but a service', async () => {
    await expect(upsert(Array.from({ length: 501 }, (_, i) => record(`b-${i}`)))).rejects.toMatchObject({ code: status.INVALID_ARGUMENT });
    await expect(upsert([record('n-9')], h.tokens.org(ORG, 'ADMIN', ADMIN))).rejects.toMatchObject({ code: status.PERMISSION_DENIED });
  });
});
