import { freePort } from '@platform/testing';
import { mailTo } from './mail';
import { ADMIN, http, sleep, startPlatform, type Platform } from './platform';

const decode = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString());

/** Polls until `probe` answers something (not undefined), or fails after 10 s. */
async function eventually<T>(what: string, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value !== undefined) return value;
    await sleep(150);
  }
  throw new Error(`${what}: not within 10 s`);
}

/**
 * The SMTP port of the stack's mail catcher. The stack gives it only to the processes it starts
 * (`MAIL_CATCHER_SMTP_PORT`, next to the `MAIL_CATCHER_HTTP_PORT` of `mailUrl`), so it is read from
 * the environment of the catcher's process.
 */
function catcherSmtpPort(platform: Platform): number {
  if (platform.smtpPort === undefined) throw new Error('the stack runs no mail catcher');
  return platform.smtpPort;
}

interface CaughtMessage {
  ID: string;
  Subject: string;
  From: { Name: string; Address: string };
  To: Array<{ Address: string }>;
}

interface EmailLogEntry {
  id: string;
  organizationId: string | null;
  recipient: string;
  templateType: string;
  subject: string;
  status: string;
  error: string | null;
  attempts: number;
  queuedAt: string;
  createdAt: string;
}

describe('notification, email-log, SMTP and template routes through the gateway, on the real services', () => {
  let platform: Platform;
  let api: ReturnType<typeof http>;
  let mail: string;
  let admin: string;
  let orgA: string;
  let orgB: string;
  let ownerA: string;
  let ownerB: string;
  let member: string;
  let memberId: string;
  let memberRole: string;

  const register = (email: string, firstName: string) =>
    api.post('/api/auth/org/register', { email, password: 'routes password', firstName, lastName: 'Routes' });
  const login = async (email: string) => (await api.post('/api/auth/org/login', { email, password: 'routes password' })).body.accessToken as string;
  const caught = async () => ((await (await fetch(`${mail}/api/v1/messages?limit=1000`)).json()) as { messages: CaughtMessage[] }).messages;
  const logsOf = async (query: string, token: string) => {
    const res = await api.get(`/api/email-logs?${query}`, token);
    expect(res.status).toBe(200);
    return res.body.content as EmailLogEntry[];
  };

  beforeAll(async () => {
    platform = await startPlatform('ntf_routes', { organisation: 'real', notifications: true });
    api = http(platform.baseUrl);
    mail = platform.mailUrl!;
    admin = (await api.post('/api/auth/system/login', ADMIN)).body.accessToken;

    await register('owner@routes-a.example', 'Ann');
    await register('owner@routes-b.example', 'Ben');
    await register('mia@routes-a.example', 'Mia');
    const createOrg = async (orgName: string, orgSlug: string, ownerEmail: string) => {
      const res = await api.post(
        '/api/admin/orgs/create-with-owner',
        { orgName, orgSlug, ownerEmail, ownerFirstName: 'Own', ownerLastName: 'Er', sendWelcomeEmail: true },
        admin,
      );
      expect(res.status).toBe(201);
      return res.body.organization.id as string;
    };
    orgA = await createOrg('Alpha & Omega Club', 'routes-a', 'owner@routes-a.example');
    orgB = await createOrg('Beta Routes Club', 'routes-b', 'owner@routes-b.example');
    ownerA = await login('owner@routes-a.example');
    ownerB = await login('owner@routes-b.example');
    const roles = (await api.get(`/api/orgs/${orgA}/roles`, ownerA)).body as Array<{ name: string; roleId: string }>;
    memberRole = roles.find((r) => r.name === 'MEMBER')!.roleId;
    // Mia is an ACTIVE member (added without invitation); Ivy is invited (PENDING, mailed an invitation).
    const added = await api.post(
      `/api/orgs/${orgA}/users`,
      { email: 'mia@routes-a.example', firstName: 'Mia', lastName: 'Routes', roleId: memberRole, sendInvitationEmail: false },
      ownerA,
    );
    expect(added.status).toBe(201);
    const invited = await api.post(
      `/api/orgs/${orgA}/users`,
      { email: 'ivy@routes-a.example', firstName: 'Ivy', lastName: 'Routes', roleId: memberRole, sendInvitationEmail: true },
      ownerA,
    );
    expect(invited.status).toBe(201);
    member = await login('mia@routes-a.example');
    memberId = decode(member).sub;
    expect(decode(member)).toMatchObject({ organizationId: orgA, organizationRole: 'MEMBER' });
  });
  afterAll(async () => platform?.stop());

  describe('the inbox', () => {
    let notificationId: string;

    beforeAll(async () => {
      // The recipients come from notifications' membership projection: until it has Mia, she is not a member (400).
      const sent = await eventually('a notification to Mia', async () => {
        const res = await api.post(
          '/api/notifications',
          { title: 'Just for Mia', body: 'Your card is ready', targetType: 'SPECIFIC_USER', targetUserId: memberId, data: { type: 'CARD' } },
          ownerA,
        );
        return res.status === 201 ? res : undefined;
      });
      expect(sent.body.recipientCount).toBe(1);
      notificationId = sent.body.id;
    });

    it('GET /api/notifications/{id} answers the recipient their own entry, unread', async () => {
      const res = await api.get(`/api/notifications/${notificationId}`, member);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id: notificationId,
        organizationId: orgA,
        title: 'Just for Mia',
        body: 'Your card is ready',
        targetType: 'SPECIFIC_USER',
        targetUserId: memberId,
        data: { type: 'CARD' },
        read: false,
      });
      expect(res.body.readAt ?? null).toBeNull();
      expect(res.body.recipientCount ?? null).toBeNull();
    });

    it('the unread count (read=false) holds the entry until PUT {read: true} marks it read, and PUT {read: false} unmarks it', async () => {
      const unread = async () => (await api.get('/api/notifications?read=false', member)).body.totalElements as number;
      const read = async () => (await api.get('/api/notifications?read=true', member)).body.totalElements as number;
      expect(await unread()).toBe(1);
      expect(await read()).toBe(0);

      const marked = await api.call('PUT', `/api/notifications/${notificationId}`, { body: { read: true }, token: member });
      expect(marked.status).toBe(200);
      expect(marked.body).toMatchObject({ id: notificationId, read: true });
      expect(Date.parse(marked.body.readAt)).not.toBeNaN();
      expect((await api.get(`/api/notifications/${notificationId}`, member)).body).toMatchObject({ read: true, readAt: marked.body.readAt });
      expect(await unread()).toBe(0);
      expect(await read()).toBe(1);

      const unmarked = await api.call('PUT', `/api/notifications/${notificationId}`, { body: { read: false }, token: member });
      expect(unmarked.status).toBe(200);
      expect(unmarked.body.read).toBe(false);
      expect(unmarked.body.readAt ?? null).toBeNull();
      expect(await unread()).toBe(1);
    });

    it('PUT without read, or with a non-boolean, is 400; a malformed id is 400', async () => {
      expect((await api.call('PUT', `/api/notifications/${notificationId}`, { body: {}, token: member })).status).toBe(400);
      expect((await api.call('PUT', `/api/notifications/${notificationId}`, { body: { read: 'sometimes' }, token: member })).status).toBe(400);
      expect((await api.get('/api/notifications/not-a-uuid', member)).status).toBe(400);
      expect((await api.get('/api/notifications?read=maybe', member)).status).toBe(400);
    });

    it("someone else's entry does not exist for the caller (404), not even for its sender or another organisation's owner", async () => {
      for (const other of [ownerA, ownerB]) {
        expect((await api.get(`/api/notifications/${notificationId}`, other)).status).toBe(404);
        expect((await api.call('PUT', `/api/notifications/${notificationId}`, { body: { read: true }, token: other })).status).toBe(404);
        expect((await api.call('DELETE', `/api/notifications/${notificationId}`, { token: other })).status).toBe(404);
      }
      // Their attempts changed nothing.
      expect((await api.get(`/api/notifications/${notificationId}`, member)).body.read).toBe(false);
    });

    it('needs a token', async () => {
      expect((await api.get(`/api/notifications/${notificationId}`)).status).toBe(401);
      expect((await api.call('DELETE', `/api/notifications/${notificationId}`)).status).toBe(401);
    });

    it('DELETE removes the entry from the recipient inbox: 204, then 404 and gone from the list', async () => {
      expect((await api.call('DELETE', `/api/notifications/${notificationId}`, { token: member })).status).toBe(204);
      expect((await api.get(`/api/notifications/${notificationId}`, member)).status).toBe(404);
      expect((await api.call('DELETE', `/api/notifications/${notificationId}`, { token: member })).status).toBe(404);
      const inbox = (await api.get('/api/notifications', member)).body;
      expect(inbox.content.map((n: { id: string }) => n.id)).not.toContain(notificationId);
      expect((await api.get('/api/notifications?read=false', member)).body.totalElements).toBe(0);
    });
  });

  describe('device tokens', () => {
    const pushToken = `fcm-token-${Date.now()}:APA91b-routes`;
    let tokenId: string;

    it('POST /api/notifications/devices registers a token (201), platform case-insensitive', async () => {
      const res = await api.post('/api/notifications/devices', { pushToken, platform: 'android', deviceName: "Mia's phone" }, member);
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ pushToken, platform: 'ANDROID', deviceName: "Mia's phone" });
      expect(res.body.id).toMatch(/^[0-9a-f-]{36}$/);
      tokenId = res.body.id;
    });

    it('registering the same token again keeps its id', async () => {
      const again = await api.post('/api/notifications/devices', { pushToken, platform: 'ANDROID', deviceName: "Mia's new name" }, member);
      expect(again.status).toBe(201);
      expect(again.body).toMatchObject({ id: tokenId, pushToken, deviceName: "Mia's new name" });
    });

    it('refuses a missing token, an unknown platform and a token with spaces (400)', async () => {
      expect((await api.post('/api/notifications/devices', { platform: 'IOS', deviceName: 'x' }, member)).status).toBe(400);
      expect((await api.post('/api/notifications/devices', { pushToken: '', platform: 'IOS', deviceName: 'x' }, member)).status).toBe(400);
      expect((await api.post('/api/notifications/devices', { pushToken: 'another-token', platform: 'BLACKBERRY', deviceName: 'x' }, member)).status).toBe(400);
      expect((await api.post('/api/notifications/devices', { pushToken: 'another-token', deviceName: 'x' }, member)).status).toBe(400);
      expect((await api.post('/api/notifications/devices', { pushToken: 'has a space', platform: 'WEB', deviceName: 'x' }, member)).status).toBe(400);
      expect((await api.post('/api/notifications/devices', { pushToken, platform: 'IOS' })).status).toBe(401);
    });

    it('another account cannot unregister it (404); registering it moves it to them with the same id', async () => {
      expect((await api.call('DELETE', `/api/notifications/devices/${tokenId}`, { token: ownerB })).status).toBe(404);
      const moved = await api.post('/api/notifications/devices', { pushToken, platform: 'IOS', deviceName: "Ben's tablet" }, ownerB);
      expect(moved.status).toBe(201);
      expect(moved.body).toMatchObject({ id: tokenId, platform: 'IOS', deviceName: "Ben's tablet" });
      // Now it is Ben's, no longer Mia's.
      expect((await api.call('DELETE', `/api/notifications/devices/${tokenId}`, { token: member })).status).toBe(404);
    });

    it('DELETE /api/notifications/devices/{tokenId} removes it (204), then it is gone (404); a malformed id is 400', async () => {
      expect((await api.call('DELETE', `/api/notifications/devices/${tokenId}`, { token: ownerB })).status).toBe(204);
      expect((await api.call('DELETE', `/api/notifications/devices/${tokenId}`, { token: ownerB })).status).toBe(404);
      expect((await api.call('DELETE', '/api/notifications/devices/not-a-uuid', { token: ownerB })).status).toBe(400);
    });
  });

  describe('the email log', () => {
    let invitation: EmailLogEntry;

    beforeAll(async () => {
      invitation = await eventually(
        'the logged invitation to Ivy',
        async () => (await logsOf('recipient=ivy@routes-a.example&templateType=INVITATION', ownerA))[0],
      );
    });

    it('GET /api/email-logs/{logId} answers the invitation of POST /api/orgs/{id}/users, SENT, to its organisation admin', async () => {
      const res = await api.get(`/api/email-logs/${invitation.id}`, ownerA);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id: invitation.id,
        organizationId: orgA,
        recipient: 'ivy@routes-a.example',
        templateType: 'INVITATION',
        status: 'SENT',
        subject: 'You are invited to join Alpha & Omega Club',
      });
      expect(res.body.error ?? null).toBeNull();
      expect(res.body.attempts).toBeGreaterThanOrEqual(1);
      expect(Date.parse(res.body.createdAt)).toBeGreaterThanOrEqual(Date.parse(res.body.queuedAt));
      // ...and the mail it logs is in the catcher.
      expect((await mailTo(mail, 'ivy@routes-a.example', 'invited')).subject).toBe('You are invited to join Alpha & Omega Club');
    });

    it('filters by status: SENT has it, FAILED and BOUNCED do not; an unknown status is 400', async () => {
      expect((await logsOf('status=SENT', ownerA)).map((l) => l.id)).toContain(invitation.id);
      expect((await logsOf('status=FAILED', ownerA)).map((l) => l.id)).not.toContain(invitation.id);
      expect((await logsOf('status=BOUNCED', ownerA)).map((l) => l.id)).not.toContain(invitation.id);
      // Organisation A's own mail: the owner's welcome and Ivy's invitation (platform mail has no organisation).
      const all = await eventually('the welcome and the invitation of organisation A', async () => {
        const rows = await logsOf('', ownerA);
        return rows.length >= 2 ? rows : undefined;
      });
      expect(all.every((l) => l.organizationId === orgA)).toBe(true);
      expect(all.map((l) => l.templateType).sort()).toEqual(['INVITATION', 'WELCOME']);
      // Newest first.
      const times = all.map((l) => Date.parse(l.createdAt));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expect((await api.get('/api/email-logs?status=DELIVERED', ownerA)).status).toBe(400);
      expect((await api.get('/api/email-logs?status=sent_or_not', admin)).status).toBe(400);
    });

    it('filters by recipient (case-insensitive) and template type, and pages at most 100', async () => {
      expect((await logsOf('recipient=IVY@Routes-A.example', ownerA)).map((l) => l.id)).toEqual([invitation.id]);
      expect((await logsOf('templateType=WELCOME', ownerA)).map((l) => l.templateType)).toEqual(['WELCOME']);
      expect((await api.get('/api/email-logs?templateType=NEWSLETTER', ownerA)).status).toBe(400);
      const page = await api.get('/api/email-logs?page=0&size=1', ownerA);
      expect(page.body).toMatchObject({ totalElements: 2, totalPages: 2, page: 0, size: 1 });
      expect(page.body.content).toHaveLength(1);
      expect((await api.get('/api/email-logs?size=101', ownerA)).status).toBe(400);
    });

    it('filters by from/to, as whole UTC days or as instants; an unreadable date is 400', async () => {
      const at = Date.parse(invitation.createdAt);
      const day = (offset: number) => new Date(at + offset * 86_400_000).toISOString().slice(0, 10);
      const ids = async (query: string) => (await logsOf(query, ownerA)).map((l) => l.id);
      expect(await ids(`from=${day(0)}&to=${day(0)}`)).toContain(invitation.id);
      expect(await ids(`from=${day(1)}`)).not.toContain(invitation.id);
      expect(await ids(`to=${day(-1)}`)).not.toContain(invitation.id);
      const instant = (ms: number) => encodeURIComponent(new Date(at + ms).toISOString());
      expect(await ids(`from=${instant(-1000)}&to=${instant(1000)}`)).toContain(invitation.id);
      expect(await ids(`from=${instant(1000)}`)).not.toContain(invitation.id);
      expect(await ids(`to=${instant(-1000)}`)).not.toContain(invitation.id);
      expect((await api.get('/api/email-logs?from=yesterday', ownerA)).status).toBe(400);
      expect((await api.get('/api/email-logs?to=2025-13-45', ownerA)).status).toBe(400);
    });

    it("an organisation admin sees only their organisation's log: another's entry is 404, naming another organisation 403", async () => {
      expect((await api.get(`/api/email-logs/${invitation.id}`, ownerB)).status).toBe(404);
      expect((await api.get(`/api/email-logs?organizationId=${orgA}`, ownerB)).status).toBe(403);
      const own = await eventually('the welcome of organisation B', async () => {
        const rows = await logsOf('', ownerB);
        return rows.length > 0 ? rows : undefined;
      });
      expect(own.every((l) => l.organizationId === orgB)).toBe(true);
      expect(own.map((l) => l.id)).not.toContain(invitation.id);
      expect((await logsOf(`organizationId=${orgB}`, ownerB)).map((l) => l.id)).toEqual(own.map((l) => l.id));
    });

    it('platform mail (no organisation) is for platform administrators only', async () => {
      const verification = await eventually(
        'the logged verification mail of Mia',
        async () => (await logsOf('recipient=mia@routes-a.example&templateType=EMAIL_VERIFICATION', admin))[0],
      );
      expect(verification).toMatchObject({ status: 'SENT', recipient: 'mia@routes-a.example' });
      expect(verification.organizationId ?? null).toBeNull();
      expect((await api.get(`/api/email-logs/${verification.id}`, admin)).status).toBe(200);
      expect((await api.get(`/api/email-logs/${verification.id}`, ownerA)).status).toBe(404);
      expect((await api.get(`/api/email-logs/${invitation.id}`, admin)).body.status).toBe('SENT');
      expect((await logsOf(`organizationId=${orgA}`, admin)).map((l) => l.id)).toContain(invitation.id);
    });

    it('is for admins: a member is 403, no token 401; an unknown or malformed log id is 404 / 400', async () => {
      expect((await api.get('/api/email-logs', member)).status).toBe(403);
      expect((await api.get(`/api/email-logs/${invitation.id}`, member)).status).toBe(403);
      expect((await api.get(`/api/email-logs/${invitation.id}`)).status).toBe(401);
      expect((await api.get('/api/email-logs/00000000-0000-4000-8000-000000000000', ownerA)).status).toBe(404);
      expect((await api.get('/api/email-logs/not-a-uuid', ownerA)).status).toBe(400);
    });
  });

  describe("an organisation's SMTP settings", () => {
    let smtpPort: number;
    // The catcher speaks no TLS: the admin turns the requirement off (audited), and the stack allows
    // the catcher as an outbound destination, as npm start does.
    const settings = () => ({
      host: '127.0.0.1',
      port: smtpPort,
      username: '',
      fromAddress: 'club@routes-a.example',
      fromName: 'Alpha Club Mail',
      requireTls: false,
    });

    beforeAll(() => {
      smtpPort = catcherSmtpPort(platform);
    });

    it('GET answers configured false before any are saved', async () => {
      const res = await api.get(`/api/orgs/${orgA}/smtp`, ownerA);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ configured: false, passwordSet: false });
      const test = await api.post(`/api/orgs/${orgA}/smtp/test`, undefined, ownerA);
      expect(test.status).toBe(200);
      expect(test.body.success).toBe(false);
    });

    it('PUT then GET round-trips the settings pointing at the mail catcher; the password is never returned', async () => {
      const put = await api.call('PUT', `/api/orgs/${orgA}/smtp`, { body: { ...settings(), password: 'smtp-secret-1' }, token: ownerA });
      expect(put.status).toBe(200);
      expect(put.body).toMatchObject({ configured: true, ...settings(), secure: false, passwordSet: true });
      const got = await api.get(`/api/orgs/${orgA}/smtp`, ownerA);
      expect(got.status).toBe(200);
      expect(got.body).toMatchObject({ configured: true, ...settings(), secure: false, passwordSet: true });
      for (const res of [put, got]) {
        expect(res.body).not.toHaveProperty('password');
        expect(res.body).not.toHaveProperty('passwordSealed');
        expect(JSON.stringify(res.body)).not.toContain('smtp-secret-1');
      }
    });

    it('the password is write-only: absent keeps it, empty removes it', async () => {
      const kept = await api.call('PUT', `/api/orgs/${orgA}/smtp`, { body: settings(), token: ownerA });
      expect(kept.status).toBe(200);
      expect(kept.body.passwordSet).toBe(true);
      const cleared = await api.call('PUT', `/api/orgs/${orgA}/smtp`, { body: { ...settings(), password: '' }, token: ownerA });
      expect(cleared.body.passwordSet).toBe(false);
      expect((await api.get(`/api/orgs/${orgA}/smtp`, ownerA)).body.passwordSet).toBe(false);
    });

    it('secure defaults to true on port 465 only, and can be set explicitly', async () => {
      const put = (body: unknown) => api.call('PUT', `/api/orgs/${orgA}/smtp`, { body, token: ownerA });
      const remote = { host: 'smtp.routes-a.example' };
      expect((await put({ ...settings(), ...remote, port: 465 })).body).toMatchObject({ port: 465, secure: true });
      expect((await put({ ...settings(), ...remote, port: 587, secure: true })).body).toMatchObject({ port: 587, secure: true });
      expect((await put(settings())).body).toMatchObject({ port: smtpPort, secure: false });
    });

    it('refuses bad settings (400) and other organisations and members (403)', async () => {
      const put = (body: unknown, token = ownerA) => api.call('PUT', `/api/orgs/${orgA}/smtp`, { body, token });
      expect((await put({ ...settings(), port: 0 })).status).toBe(400);
      expect((await put({ ...settings(), port: 70000 })).status).toBe(400);
      expect((await put({ ...settings(), host: 'not a host' })).status).toBe(400);
      expect((await put({ ...settings(), fromAddress: 'not-an-address' })).status).toBe(400);
      expect((await put(settings(), ownerB)).status).toBe(403);
      expect((await put(settings(), member)).status).toBe(403);
      expect((await api.get(`/api/orgs/${orgA}/smtp`, ownerB)).status).toBe(403);
      expect((await api.post(`/api/orgs/${orgA}/smtp/test`, undefined, ownerB)).status).toBe(403);
      expect((await api.post(`/api/orgs/${orgA}/smtp/test-email`, { to: 'x@routes-b.example' }, ownerB)).status).toBe(403);
      // Nothing was changed by them.
      expect((await api.get(`/api/orgs/${orgA}/smtp`, ownerA)).body).toMatchObject(settings());
    });

    it('POST /smtp/test reports success against the mail catcher', async () => {
      const res = await api.post(`/api/orgs/${orgA}/smtp/test`, undefined, ownerA);
      expect(res.status).toBe(200);
      expect(res.body.success).toBe(true);
      expect(res.body.message).toContain(`127.0.0.1:${smtpPort}`);
    });

    it('POST /smtp/test-email with to delivers a message from the saved sender into the mail catcher', async () => {
      const res = await api.post(`/api/orgs/${orgA}/smtp/test-email`, { to: 'smtp-check@routes-a.example' }, ownerA);
      expect(res.status).toBe(200);
      expect(res.body.success).toBe(true);
      const message = await mailTo(mail, 'smtp-check@routes-a.example', 'Test email');
      expect(message.subject).toBe('Test email from Alpha & Omega Club');
      const summary = (await caught()).find((m) => m.To.some((t) => t.Address === 'smtp-check@routes-a.example'))!;
      expect(summary.From).toMatchObject({ Address: 'club@routes-a.example', Name: 'Alpha Club Mail' });
      expect((await api.post(`/api/orgs/${orgA}/smtp/test-email`, { to: 'not-an-address' }, ownerA)).status).toBe(400);
      expect((await api.post(`/api/orgs/${orgA}/smtp/test-email`, {}, ownerA)).status).toBe(400);
    });

    it('refuses other local and internal destinations with 400 naming the rule, and keeps the saved settings', async () => {
      const closed = await freePort();
      const put = (body: unknown) => api.call('PUT', `/api/orgs/${orgA}/smtp`, { body, token: ownerA });
      for (const [host, port, field, rule] of [
        ['127.0.0.1', 2525, 'host', 'loopback'],
        ['169.254.169.254', 25, 'host', 'metadata'],
        ['10.0.0.5', 587, 'host', 'private'],
        ['127.0.0.1', 6379, 'port', 'port'],
        ['127.0.0.1', closed, 'port', 'port'],
      ] as const) {
        const res = await put({ ...settings(), host, port });
        expect(res.status).toBe(400);
        expect(res.body.errors).toEqual([{ field, message: expect.stringContaining(`rule: ${rule}`) }]);
      }
      expect((await api.get(`/api/orgs/${orgA}/smtp`, ownerA)).body).toMatchObject(settings());
      const test = await api.post(`/api/orgs/${orgA}/smtp/test`, undefined, ownerA);
      expect(test.body).toMatchObject({ success: true, outcome: 'CONNECTED' });
    });
  });

  describe("an organisation's email templates", () => {
    const TYPES = [
      'WELCOME',
      'INVITATION',
      'PASSWORD_RESET',
      'EMAIL_VERIFICATION',
      'EVENT_CONFIRMATION',
      'EVENT_CANCELLED',
      'EVENT_PUBLISHED',
      'MEMBERSHIP_RENEWAL',
      'JOIN_REQUEST_APPROVED',
      'JOIN_REQUEST_REJECTED',
      'CREATION_INVITATION',
    ];
    let invitationId: string;
    let defaultInvitation: { subject: string; body: string };
    const custom = {
      subject: '{{org.name}} wants you, {{user.firstName}}, as {{role}}',
      body: '<h1>{{org.name}}</h1><p>Hi {{user.firstName}}!</p>{{#accountCreated}}<p>Set your password: <a href="{{setPasswordUrl}}" rel="noopener noreferrer">here</a></p>{{/accountCreated}}{{^accountCreated}}<p>Sign in: {{loginUrl}}</p>{{/accountCreated}}',
    };
    const invite = (email: string, firstName: string) =>
      api.post(`/api/orgs/${orgA}/users`, { email, firstName, lastName: 'Invitee', roleId: memberRole, sendInvitationEmail: true }, ownerA);

    it('lists one template per type, each with an id, uncustomised, with its placeholders and flags', async () => {
      const res = await api.get(`/api/orgs/${orgA}/email-templates`, ownerA);
      expect(res.status).toBe(200);
      const templates = res.body as Array<{
        id: string;
        organizationId: string;
        type: string;
        subject: string;
        body: string;
        customized: boolean;
        placeholders: string[];
        flags: string[];
      }>;
      expect(templates.map((t) => t.type)).toEqual(TYPES);
      for (const t of templates) {
        expect(t).toMatchObject({ organizationId: orgA, customized: false });
        expect(t.id).toMatch(/^[0-9a-f-]{36}$/);
        expect(t.placeholders).toContain('org.name');
        expect(t.subject.length).toBeGreaterThan(0);
      }
      const inv = templates.find((t) => t.type === 'INVITATION')!;
      expect(inv.placeholders).toEqual(expect.arrayContaining(['role', 'loginUrl', 'setPasswordUrl']));
      expect(inv.flags).toEqual(expect.arrayContaining(['accountCreated']));
      invitationId = inv.id;
      defaultInvitation = { subject: inv.subject, body: inv.body };
      expect(defaultInvitation.subject).toBe('You are invited to join {{org.name}}');
      expect((await api.get(`/api/orgs/${orgA}/email-templates`, ownerB)).status).toBe(403);
      expect((await api.get(`/api/orgs/${orgA}/email-templates`, member)).status).toBe(403);
    });

    it('GET by type answers the same template (type case-insensitive); an unknown type is 400', async () => {
      const res = await api.get(`/api/orgs/${orgA}/email-templates/type/INVITATION`, ownerA);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: invitationId, type: 'INVITATION', ...defaultInvitation, customized: false });
      expect((await api.get(`/api/orgs/${orgA}/email-templates/type/invitation`, ownerA)).body.id).toBe(invitationId);
      expect((await api.get(`/api/orgs/${orgA}/email-templates/type/NEWSLETTER`, ownerA)).status).toBe(400);
    });

    it('PUT sets subject and body; GET shows them, customised', async () => {
      const res = await api.call('PUT', `/api/orgs/${orgA}/email-templates/${invitationId}`, { body: custom, token: ownerA });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: invitationId, type: 'INVITATION', ...custom, customized: true });
      expect((await api.get(`/api/orgs/${orgA}/email-templates/type/INVITATION`, ownerA)).body).toMatchObject({ ...custom, customized: true });
    });

    it('a template that does not parse, names an unknown placeholder or is not well-formed HTML is 400, and nothing is saved', async () => {
      const put = (body: { subject: string; body: string }) => api.call('PUT', `/api/orgs/${orgA}/email-templates/${invitationId}`, { body, token: ownerA });
      const fieldsOf = (res: { body: { errors?: Array<{ field: string }> } }) => (res.body.errors ?? []).map((e) => e.field);
      const unknownInBody = await put({ subject: 'Hello', body: '<p>{{no.such.placeholder}}</p>' });
      expect(unknownInBody.status).toBe(400);
      expect(fieldsOf(unknownInBody)).toContain('body');
      const unknownInSubject = await put({ subject: 'Your code {{code}}', body: '<p>Hi</p>' }); // PASSWORD_RESET's, not INVITATION's
      expect(unknownInSubject.status).toBe(400);
      expect(fieldsOf(unknownInSubject)).toContain('subject');
      expect((await put({ subject: 'Hello', body: '<p>{{ }}</p>' })).status).toBe(400);
      expect((await put({ subject: 'Hello', body: '<p>{{user.firstName</p>' })).status).toBe(400);
      expect((await put({ subject: 'Hello', body: '{{#accountCreated}}<p>never closed</p>' })).status).toBe(400);
      expect((await put({ subject: 'Hello', body: '<p><b>crossed</p></b>' })).status).toBe(400);
      expect((await put({ subject: '', body: '<p>hi</p>' })).status).toBe(400);
      expect((await api.get(`/api/orgs/${orgA}/email-templates/type/INVITATION`, ownerA)).body).toMatchObject(custom);
    });

    it('active content is removed (the EMAIL allow-list) from what is saved and previewed, for a sandboxed frame', async () => {
      const path = `/api/orgs/${orgA}/email-templates/${invitationId}`;
      const unsafe = { subject: 'Hello', body: '<p onclick="steal()" style="color:#123;background:url(https://t.example/x)">hi</p><script>alert(1)</script>' };
      const preview = await api.post(`${path}/preview`, unsafe, ownerA);
      expect(preview.status).toBe(200);
      expect(preview.body.html).toBe('<p style="color:#123">hi</p>');
      const saved = await api.call('PUT', path, { body: unsafe, token: ownerA });
      expect(saved.status).toBe(200);
      expect(saved.body.body).toBe('<p style="color:#123">hi</p>');
      expect((await api.call('PUT', path, { body: custom, token: ownerA })).status).toBe(200);
    });

    it('preview renders the saved template, or a draft, with sample data and the organisation name (values escaped in HTML)', async () => {
      const saved = await api.post(`/api/orgs/${orgA}/email-templates/${invitationId}/preview`, {}, ownerA);
      expect(saved.status).toBe(200);
      expect(saved.body.subject).toBe('Alpha & Omega Club wants you, Alex, as MEMBER');
      expect(saved.body.html).toContain('<h1>Alpha &amp; Omega Club</h1>');
      expect(saved.body.html).toContain('<p>Hi Alex!</p>');
      expect(saved.body.text).toContain('Alpha & Omega Club');
      const draft = await api.post(
        `/api/orgs/${orgA}/email-templates/${invitationId}/preview`,
        { subject: 'Draft for {{user.email}}', body: '<p>{{message}}</p>' },
        ownerA,
      );
      expect(draft.status).toBe(200);
      expect(draft.body.subject).toBe('Draft for alex.sample@example.org');
      expect(draft.body.html).toContain('<p>We would be glad to have you with us.</p>');
      // The draft was not saved.
      expect((await api.get(`/api/orgs/${orgA}/email-templates/type/INVITATION`, ownerA)).body.subject).toBe(custom.subject);
      expect((await api.post(`/api/orgs/${orgA}/email-templates/${invitationId}/preview`, { subject: 'Only a subject' }, ownerA)).status).toBe(400);
      expect((await api.post(`/api/orgs/${orgA}/email-templates/${invitationId}/preview`, { subject: 'x', body: '<p>{{nope}}</p>' }, ownerA)).status).toBe(400);
    });

    it("another organisation's template id is 404", async () => {
      const betaWelcome = (await api.get(`/api/orgs/${orgB}/email-templates/type/WELCOME`, ownerB)).body.id as string;
      expect((await api.call('PUT', `/api/orgs/${orgA}/email-templates/${betaWelcome}`, { body: custom, token: ownerA })).status).toBe(404);
      expect((await api.post(`/api/orgs/${orgA}/email-templates/${betaWelcome}/preview`, {}, ownerA)).status).toBe(404);
    });

    it("an invitation is then sent in the organisation's template, through its SMTP settings, and logged with the rendered subject", async () => {
      expect((await invite('nina@routes-a.example', 'Nina')).status).toBe(201);
      const message = await mailTo(mail, 'nina@routes-a.example');
      expect(message.subject).toBe('Alpha & Omega Club wants you, Nina, as MEMBER');
      expect(message.html).toContain('<h1>Alpha &amp; Omega Club</h1>');
      expect(message.html).toContain('<p>Hi Nina!</p>');
      // A new account: the set-password branch, not the sign-in one.
      expect(message.html).toContain('reset-password?email=nina%40routes-a.example');
      expect(message.html).not.toContain('Sign in:');
      const summary = (await caught()).find((m) => m.To.some((t) => t.Address === 'nina@routes-a.example'))!;
      expect(summary.From.Address).toBe('club@routes-a.example');
      const logged = await eventually('the logged invitation to Nina', async () => (await logsOf('recipient=nina@routes-a.example', ownerA))[0]);
      expect(logged).toMatchObject({ templateType: 'INVITATION', status: 'SENT', subject: message.subject, organizationId: orgA });
    });

    it('reset to default restores the built-in template (same id), and the next invitation uses it', async () => {
      const res = await api.post(`/api/orgs/${orgA}/email-templates/reset/INVITATION`, undefined, ownerA);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: invitationId, type: 'INVITATION', ...defaultInvitation, customized: false });
      expect((await api.get(`/api/orgs/${orgA}/email-templates/type/INVITATION`, ownerA)).body).toMatchObject({ ...defaultInvitation, customized: false });
      expect((await api.post(`/api/orgs/${orgA}/email-templates/reset/NEWSLETTER`, undefined, ownerA)).status).toBe(400);
      expect((await invite('otto@routes-a.example', 'Otto')).status).toBe(201);
      expect((await mailTo(mail, 'otto@routes-a.example')).subject).toBe('You are invited to join Alpha & Omega Club');
    });
  });
});
