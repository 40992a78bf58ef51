import { randomUUID } from 'node:crypto';
import { unary } from '@platform/grpc-server';
import { eventually } from '@platform/testing';
import { startNotificationsHarness, type NotificationsHarness } from './notifications-harness';

interface JobRow {
  status: string;
  sent: number;
  failed: number;
  tokens_removed: number;
  attempts: number;
  last_error: string | null;
}

describe('push delivery through firebase-admin to a fake FCM', () => {
  let h: NotificationsHarness;
  const ORG = randomUUID();
  const MEMBERS = 620;
  const members: string[] = [];
  let admin: string;

  beforeAll(async () => {
    h = await startNotificationsHarness('push', { push: true });
    admin = h.tokens.org(ORG, 'ADMIN');
    for (let i = 0; i < MEMBERS; i++) members.push(randomUUID());
    // The projection and the devices in bulk (the membership consumer is covered elsewhere).
    await h.sql(
      `INSERT INTO member_projection (organization_id, account_id, role, status, version)
       SELECT $1::uuid, unnest($2::uuid[]), 'MEMBER', 'ACTIVE', now()`,
      [ORG, members],
    );
    await h.sql(
      `INSERT INTO device_token (id, account_id, push_token, platform, device_name, updated_at)
       SELECT gen_random_uuid(), a, 'tok-' || a, 'ANDROID', '', now() FROM unnest($1::uuid[]) a`,
      [members],
    );
    // A second device for the first ten members.
    await h.sql(
      `INSERT INTO device_token (id, account_id, push_token, platform, device_name, updated_at)
       SELECT gen_random_uuid(), a, 'web-' || a, 'WEB', '', now() FROM unnest($1::uuid[]) a`,
      [members.slice(0, 10)],
    );
  });
  afterAll(async () => {
    await h?.stop();
  });
  beforeEach(() => h.fcm!.reset());

  const send = (title: string, data: Record<string, unknown> = {}) =>
    unary(
      h.client,
      h.client.sendNotification,
      { organizationId: '', title, body: 'body', targetType: 'ALL_MEMBERS', targetUserId: '', targetRole: '', data },
      { token: admin },
    );
  const job = async (id: string) => (await h.sql<JobRow>('SELECT * FROM push_job WHERE notification_id = $1', [id]))[0]!;

  it('sends to every device of every recipient in batches of at most 500, through the real client', async () => {
    const sent = await send('Regatta', { type: 'EVENT', eventId: 'e-1', seats: 12 });
    await eventually(async () => expect((await job(sent.id)).status).toBe('DONE'), 20_000);
    const fcm = h.fcm!;
    expect(fcm.sends).toHaveLength(MEMBERS + 10);
    expect(new Set(fcm.sends.map((s) => s.token)).size).toBe(MEMBERS + 10);
    expect(fcm.sends.every((s) => s.host === 'fcm.googleapis.com')).toBe(true);
    expect(fcm.tokenExchanges).toBeGreaterThanOrEqual(1);
    expect(fcm.sends[0]).toMatchObject({
      title: 'Regatta',
      body: 'body',
      data: { type: 'EVENT', eventId: 'e-1', seats: '12', notificationId: sent.id, organizationId: ORG },
    });
    expect(await job(sent.id)).toMatchObject({ sent: MEMBERS + 10, failed: 0, tokens_removed: 0 });
  });

  it('removes the tokens FCM reports unregistered', async () => {
    const dead = [`tok-${members[3]}`, `tok-${members[400]}`, `web-${members[5]}`];
    for (const token of dead) h.fcm!.unregistered.add(token);
    const sent = await send('Cleanup');
    await eventually(async () => expect((await job(sent.id)).status).toBe('DONE'), 20_000);
    expect(await job(sent.id)).toMatchObject({ sent: MEMBERS + 10 - 3, failed: 3, tokens_removed: 3 });
    expect(await h.sql('SELECT 1 FROM device_token WHERE push_token = ANY($1)', [dead])).toHaveLength(0);
    expect(await h.sql('SELECT 1 FROM device_token')).toHaveLength(MEMBERS + 10 - 3);
  });

  it('answers before delivery finishes: the inbox is written, the push job still runs', async () => {
    h.fcm!.delayMs = 20;
    const sent = await send('Slow provider');
    expect(sent.recipientCount).toBe(MEMBERS);
    expect(await h.sql('SELECT 1 FROM inbox_entry WHERE notification_id = $1', [sent.id])).toHaveLength(MEMBERS);
    expect((await job(sent.id)).status).toBe('PENDING');
    expect(h.fcm!.sends.length).toBeLessThan(MEMBERS);
    await eventually(async () => expect((await job(sent.id)).status).toBe('DONE'), 20_000);
  });

  it('retries a batch FCM refuses as a whole, then gives up FAILED; the next notification goes through', async () => {
    h.fcm!.failAll = true;
    const sent = await send('Outage');
    const failed = await eventually(async () => {
      const row = await job(sent.id);
      expect(row.status).toBe('FAILED');
      return row;
    }, 20_000);
    expect(failed.attempts).toBe(3);
    expect(failed.last_error).toMatch(/internal/i);
    h.fcm!.failAll = false;
    const next = await send('Back');
    await eventually(async () => expect((await job(next.id)).status).toBe('DONE'), 20_000);
  });
});
