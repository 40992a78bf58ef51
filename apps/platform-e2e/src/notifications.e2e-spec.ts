import { mailTo } from './mail';
import { ADMIN, http, startPlatform, type Platform } from './platform';

describe('email and notifications through the gateway, on the real services', () => {
  let platform: Platform;
  let api: ReturnType<typeof http>;
  let admin: string;
  let mail: string;

  beforeAll(async () => {
    platform = await startPlatform('notifications', { organisation: 'real', notifications: true });
    api = http(platform.baseUrl);
    mail = platform.mailUrl!;
    admin = (await api.post('/api/auth/system/login', ADMIN)).body.accessToken;
  });
  afterAll(async () => platform?.stop());

  it('registration mails a verification link that verifies the account', async () => {
    await api.post('/api/auth/org/register', { email: 'verify@mail.example', password: 'mail password', firstName: 'Vera', lastName: 'Fy' });
    const message = await mailTo(mail, 'verify@mail.example');
    const token = /token=([A-Za-z0-9_-]+)/.exec(message.text + message.html)?.[1];
    expect(token).toBeTruthy();
    const res = await api.post('/api/auth/email/verify', { token });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('ACTIVE');
  });

  it('a password reset request mails the 6-digit code, which resets the password', async () => {
    await api.post('/api/auth/org/register', { email: 'reset@mail.example', password: 'mail password', firstName: 'Re', lastName: 'Set' });
    await api.post('/api/auth/password-reset/request', { email: 'reset@mail.example' });
    const message = await mailTo(mail, 'reset@mail.example', 'code');
    const code = /\b(\d{6})\b/.exec(message.subject + message.text)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const res = await api.post('/api/auth/password-reset/verify', { email: 'reset@mail.example', code, newPassword: 'a new password' });
    expect(res.status).toBe(200);
  });

  describe('an organisation', () => {
    let orgId: string;
    let owner: string;

    it('create-with-owner with sendWelcomeEmail mails the owner a welcome, logged SENT', async () => {
      const created = await api.post(
        '/api/admin/orgs/create-with-owner',
        { orgName: 'Mail Club', orgSlug: 'mail-club', ownerEmail: 'owner@mail.example', ownerFirstName: 'Owen', ownerLastName: 'Er', sendWelcomeEmail: true },
        admin,
      );
      expect(created.status).toBe(201);
      orgId = created.body.organization.id;
      const welcome = await mailTo(mail, 'owner@mail.example', 'Welcome');
      expect(welcome.subject).toBe('Welcome to Mail Club');
      // The new owner has no password yet: the reset flow sets one.
      await api.post('/api/auth/password-reset/request', { email: 'owner@mail.example' });
      const code = /\b(\d{6})\b/.exec((await mailTo(mail, 'owner@mail.example', 'code')).subject)?.[1];
      expect((await api.post('/api/auth/password-reset/verify', { email: 'owner@mail.example', code, newPassword: 'owner password' })).status).toBe(200);
      owner = (await api.post('/api/auth/org/login', { email: 'owner@mail.example', password: 'owner password' })).body.accessToken;
      const logs = await api.get(`/api/email-logs?organizationId=${orgId}`, owner);
      expect(logs.status).toBe(200);
      expect(logs.body.content.some((l: { status: string; templateType: string }) => l.status === 'SENT' && l.templateType === 'WELCOME')).toBe(true);
    });

    it("an invitation uses the organisation's own template", async () => {
      const type = await api.get(`/api/orgs/${orgId}/email-templates/type/INVITATION`, owner);
      expect(type.status).toBe(200);
      const updated = await api.call('PUT', `/api/orgs/${orgId}/email-templates/${type.body.id}`, {
        body: { subject: 'Join us at {{org.name}}, {{user.firstName}}!', body: '<p>Hello {{user.firstName}}, {{org.name}} would like you on board.</p>' },
        token: owner,
      });
      expect(updated.status).toBe(200);
      const bad = await api.call('PUT', `/api/orgs/${orgId}/email-templates/${type.body.id}`, {
        body: { subject: 'x', body: '{{no.such.placeholder}}' },
        token: owner,
      });
      expect(bad.status).toBe(400);
      const roles = (await api.get(`/api/orgs/${orgId}/roles`, owner)).body as Array<{ name: string; roleId: string }>;
      const member = roles.find((r) => r.name === 'MEMBER')!.roleId;
      const added = await api.post(
        `/api/orgs/${orgId}/users`,
        { email: 'invitee@mail.example', firstName: 'Ivy', lastName: 'Tee', roleId: member, sendInvitationEmail: true },
        owner,
      );
      expect(added.status).toBe(201);
      const invitation = await mailTo(mail, 'invitee@mail.example');
      expect(invitation.subject).toBe('Join us at Mail Club, Ivy!');
    });

    it('a notification to all members fills the inbox of each', async () => {
      const sent = await api.post('/api/notifications', { title: 'Hello', body: 'First notice', targetType: 'ALL_MEMBERS', data: { type: 'NEWS' } }, owner);
      expect(sent.status).toBe(201);
      let inbox: { content: Array<{ title: string; read: boolean }> } = { content: [] };
      for (let i = 0; i < 30 && inbox.content.length === 0; i++) {
        inbox = (await api.get('/api/notifications', owner)).body;
        if (inbox.content.length === 0) await new Promise((r) => setTimeout(r, 100));
      }
      expect(inbox.content[0]).toMatchObject({ title: 'Hello', read: false });
    });
  });
});
