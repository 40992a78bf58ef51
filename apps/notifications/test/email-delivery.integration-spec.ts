import { randomBytes, randomUUID } from 'node:crypto';
import { status } from '@grpc/grpc-js';
import { SecretBox } from '@platform/crypto';
import { identityEventsV1, organisationEventsV1 } from '@platform/proto';
import { eventually } from '@platform/testing';
import { APP_URL, startNotificationsHarness, type NotificationsHarness } from './notifications-harness';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink';

interface LogRow {
  organization_id: string | null;
  recipient: string;
  template_type: string;
  subject: string;
  status: string;
  error: string | null;
  attempts: number;
}

describe('email from domain events', () => {
  let h: NotificationsHarness;
  /** An organisation's own SMTP server, on loopback: allowed by the operator's setting, as a relay inside the network would be. */
  let orgSmtp: SmtpSink;
  const ORG = randomUUID();

  beforeAll(async () => {
    orgSmtp = await startSmtpSink();
    h = await startNotificationsHarness('email', { env: { OUTBOUND_ALLOWED_DESTINATIONS: `127.0.0.1:${orgSmtp.port}` } });
  });
  afterAll(async () => {
    await h?.stop();
    await orgSmtp?.stop();
  });
  beforeEach(() => {
    h.smtp.reset();
    h.organisation.deliveries.clear();
    h.organisation.failAll(undefined);
  });

  const htmlOf = (text: string) => text.slice(text.indexOf('Content-Type: text/html'));
  const logsFor = (recipient: string) => h.sql<LogRow>('SELECT * FROM email_log WHERE recipient = $1 ORDER BY created_at', [recipient]);
  const oneMailTo = (address: string) =>
    eventually(() => {
      const mails = h.smtp.mailTo(address);
      expect(mails).toHaveLength(1);
      return mails[0]!;
    });
  const loggedOnce = (address: string) =>
    eventually(async () => {
      const rows = await logsFor(address);
      expect(rows).toHaveLength(1);
      return rows[0]!;
    });

  const registered = (email: string, token: string) =>
    identityEventsV1.UserRegistered.encode({
      accountId: randomUUID(),
      email,
      firstName: 'Ann',
      lastName: 'Lee',
      verificationToken: { ciphertext: h.box.seal(token) },
      occurredAt: new Date().toISOString(),
    }).finish();

  it('mails the verification link of a registration, and logs it SENT', async () => {
    const token = 'tok_' + randomUUID();
    await h.publish('identity.user.registered', registered('ann@example.test', token));
    const mail = await oneMailTo('ann@example.test');
    expect(mail.subject).toBe('Confirm your email address for Test Platform');
    expect(mail.text).toContain(`${APP_URL}/verify-email?token=${token}`);
    expect(mail.text).toContain('Welcome, Ann!');
    expect(mail.from).toBe('no-reply@platform.test');
    const log = await loggedOnce('ann@example.test');
    expect(log).toMatchObject({ organization_id: null, template_type: 'EMAIL_VERIFICATION', status: 'SENT', error: null, attempts: 1 });
    // The token never rests in the log.
    expect(JSON.stringify(log)).not.toContain(token);
  });

  it('handles an event delivered twice once', async () => {
    const payload = registered('twice@example.test', 'tok-twice');
    const id = randomUUID();
    await h.publish('identity.user.registered', payload, id);
    await h.publish('identity.user.registered', payload, id);
    await oneMailTo('twice@example.test');
    await new Promise((r) => setTimeout(r, 400));
    expect(h.smtp.mailTo('twice@example.test')).toHaveLength(1);
    expect(await logsFor('twice@example.test')).toHaveLength(1);
  });

  it('mails the 6-digit reset code, and keeps the code out of the log', async () => {
    const occurredAt = new Date();
    await h.publish(
      'identity.password.reset-requested',
      identityEventsV1.PasswordResetRequested.encode({
        accountId: randomUUID(),
        email: 'bob@example.test',
        firstName: 'Bob',
        lastName: 'Ray',
        code: { ciphertext: h.box.seal('482913') },
        expiresAt: new Date(occurredAt.getTime() + 15 * 60_000).toISOString(),
        resend: true,
        occurredAt: occurredAt.toISOString(),
      }).finish(),
    );
    const mail = await oneMailTo('bob@example.test');
    expect(mail.subject).toBe('Your password reset code: 482913');
    expect(mail.text).toContain('482913');
    expect(mail.text).toContain('As requested, here is a new code.');
    expect(mail.text).toContain('valid for 15 minutes');
    const log = await loggedOnce('bob@example.test');
    expect(log).toMatchObject({ template_type: 'PASSWORD_RESET', status: 'SENT', subject: 'Your password reset code: [hidden]' });
  });

  /** Publishes organisation.member.invited: a new account added to ORG now, the rest as given (or the proto's defaults). */
  const invited = (invitation: Partial<organisationEventsV1.MemberInvited>) =>
    h.publish(
      'organisation.member.invited',
      organisationEventsV1.MemberInvited.encode(
        organisationEventsV1.MemberInvited.fromPartial({
          organizationId: ORG,
          accountId: randomUUID(),
          accountCreated: true,
          invitedBy: randomUUID(),
          occurredAt: new Date().toISOString(),
          ...invitation,
        }),
      ).finish(),
    );

  it('mails the invitation of a member added with sendInvitationEmail, escaping what the organisation typed', async () => {
    await invited({
      organizationName: 'Chess & <Go> Club',
      organizationSlug: 'chess',
      email: 'carl@example.test',
      firstName: 'Carl',
      lastName: 'Oz',
      role: 'MEMBER',
    });
    const mail = await oneMailTo('carl@example.test');
    expect(mail.subject).toBe('You are invited to join Chess & <Go> Club');
    expect(mail.text).toContain('Chess &amp; &lt;Go&gt; Club as MEMBER');
    expect(mail.text).toContain(`${APP_URL}/reset-password?email=3Dcarl%40example.test&amp;org=3Dchess`.replace(/=3D/g, '='));
    expect(htmlOf(mail.text)).not.toContain('<Go>');
    expect(mail.text).toContain('You have been invited to Chess & <Go> Club as MEMBER.');
    expect(await loggedOnce('carl@example.test')).toMatchObject({ organization_id: ORG, template_type: 'INVITATION', status: 'SENT' });
  });

  it("mails an invitation's accept link (token sealed in the event) and the administrator's message", async () => {
    await invited({
      organizationName: 'Rowing Club',
      organizationSlug: 'rowing',
      email: 'ines@example.test',
      firstName: 'Ines',
      lastName: '-',
      role: 'MANAGER',
      invitationId: randomUUID(),
      acceptToken: { ciphertext: h.box.seal('tok_secret-123') },
      expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      message: 'Come row with us',
    });
    const mail = await oneMailTo('ines@example.test');
    const text = mail.text.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    expect(text).toContain(`${APP_URL}/invitations/accept?org=${ORG}&amp;token=tok_secret-123`);
    expect(text).toContain('Come row with us');
    expect(text).not.toContain('Set my password');
    expect((await loggedOnce('ines@example.test')).subject).not.toContain('tok_secret');
  });

  it('mails the approval of a join request with a set-password link, and the rejection', async () => {
    const decided = (email: string, decision: string, accountCreated: boolean) =>
      organisationEventsV1.JoinRequestDecided.encode({
        organizationId: ORG,
        organizationName: 'Rowing Club',
        organizationSlug: 'rowing',
        requestId: randomUUID(),
        email,
        firstName: 'Jo',
        lastName: 'Lee',
        decision,
        accountId: decision === 'APPROVED' ? randomUUID() : '',
        accountCreated,
        decidedBy: randomUUID(),
        occurredAt: new Date().toISOString(),
      }).finish();
    await h.publish('organisation.join-request.decided', decided('jo@example.test', 'APPROVED', true));
    const approval = await oneMailTo('jo@example.test');
    expect(approval.subject).toBe('Welcome to Rowing Club: your request was approved');
    expect(approval.text.replace(/=\r?\n/g, '').replace(/=3D/g, '=')).toContain(`${APP_URL}/reset-password?email=jo%40example.test&amp;org=rowing`);
    await h.publish('organisation.join-request.decided', decided('kim@example.test', 'REJECTED', false));
    expect((await oneMailTo('kim@example.test')).subject).toBe('Your request to join Rowing Club');
    expect(await loggedOnce('kim@example.test')).toMatchObject({ template_type: 'JOIN_REQUEST_REJECTED', status: 'SENT' });
  });

  const created = (email: string, sendWelcomeEmail: boolean, organizationId = ORG) =>
    organisationEventsV1.OrganisationCreated.encode({
      organizationId,
      name: 'Rowing Club',
      slug: 'rowing',
      subdomain: 'rowing',
      email,
      orgType: 'ASSOCIATION',
      ownerAccountId: randomUUID(),
      ownerEmail: email,
      ownerFirstName: 'Dana',
      ownerLastName: 'Fox',
      ownerAccountCreated: true,
      sendWelcomeEmail,
      occurredAt: new Date().toISOString(),
    }).finish();

  it("sends create-with-owner's welcome email in the organisation's template through its SMTP server", async () => {
    h.organisation.deliveries.set(ORG, {
      organizationName: 'Rowing Club',
      organizationSlug: 'rowing',
      template: { subject: 'Ahoy {{user.firstName}}, welcome aboard {{org.name}}', body: '<p>Set a password: <a href="{{setPasswordUrl}}">here</a></p>' },
      smtp: {
        host: '127.0.0.1',
        port: orgSmtp.port,
        username: 'club',
        passwordSealed: h.box.seal('club-secret'),
        fromAddress: 'hello@rowing.test',
        fromName: 'Rowing Club',
        secure: false,
        requireTls: false,
      },
    });
    await h.publish('organisation.organisation.created', created('dana@example.test', true));
    const mail = await eventually(() => {
      expect(orgSmtp.mailTo('dana@example.test')).toHaveLength(1);
      return orgSmtp.mailTo('dana@example.test')[0]!;
    });
    expect(mail.subject).toBe('Ahoy Dana, welcome aboard Rowing Club');
    expect(mail.from).toBe('hello@rowing.test');
    expect(mail.raw).toMatch(/From: "?Rowing Club"? <hello@rowing.test>/);
    expect(mail.text).toContain(`${APP_URL}/reset-password?email=dana%40example.test&amp;org=rowing`);
    expect(h.smtp.mailTo('dana@example.test')).toHaveLength(0);
    expect(h.organisation.callsOf('getEmailDelivery').some(({ request }) => request.organizationId === ORG && request.type === 'WELCOME')).toBe(true);
    expect(await loggedOnce('dana@example.test')).toMatchObject({
      template_type: 'WELCOME',
      status: 'SENT',
      subject: 'Ahoy Dana, welcome aboard Rowing Club',
    });
  });

  it.each([
    ['127.0.0.1', 2525, 'loopback'],
    ['2130706433', 587, 'loopback'], // a name that resolves to 127.0.0.1
    ['169.254.169.254', 25, 'metadata'],
    ['10.1.2.3', 587, 'private'],
    ['127.0.0.1', 6379, 'port'],
  ])("logs FAILED at once, sending nothing, when the organisation's SMTP host is %s:%i (rule %s)", async (host, port, rule) => {
    const org = randomUUID();
    const recipient = `guarded-${rule}-${port}@example.test`;
    h.organisation.deliveries.set(org, {
      organizationName: 'Guarded Club',
      organizationSlug: 'guarded',
      smtp: { host, port, username: '', passwordSealed: '', fromAddress: 'hello@guarded.test', fromName: '', secure: false, requireTls: false },
    });
    await h.publish('organisation.organisation.created', created(recipient, true, org));
    const row = await eventually(async () => {
      const [logged] = await logsFor(recipient);
      expect(logged).toMatchObject({ status: 'FAILED', attempts: 1 });
      return logged!;
    });
    expect(row.error).toBe(`REFUSED: the destination is refused (rule: ${rule})`);
    expect(h.smtp.mailTo(recipient)).toHaveLength(0);
    expect(orgSmtp.mailTo(recipient)).toHaveLength(0);
  });

  it("logs FAILED with TLS_FAILED when the organisation's server offers no TLS and the admin did not turn the requirement off", async () => {
    const org = randomUUID();
    h.organisation.deliveries.set(org, {
      organizationName: 'Plain Club',
      organizationSlug: 'plain',
      smtp: {
        host: '127.0.0.1',
        port: orgSmtp.port,
        username: '',
        passwordSealed: '',
        fromAddress: 'hello@plain.test',
        fromName: '',
        secure: false,
        requireTls: true,
      },
    });
    await h.publish('organisation.organisation.created', created('plain@example.test', true, org));
    const row = await eventually(async () => {
      const [logged] = await logsFor('plain@example.test');
      expect(logged).toMatchObject({ status: 'FAILED', attempts: 1 });
      return logged!;
    });
    expect(row.error).toMatch(/^TLS_FAILED/);
    expect(orgSmtp.mailTo('plain@example.test')).toHaveLength(0);
  });

  it("logs FAILED at once, without retrying, when the organisation's SMTP password does not open", async () => {
    const org = randomUUID();
    const otherKey = new SecretBox(randomBytes(32).toString('hex'));
    h.organisation.deliveries.set(org, {
      organizationName: 'Sealed Club',
      organizationSlug: 'sealed',
      smtp: {
        host: '127.0.0.1',
        port: 1,
        username: 'club',
        passwordSealed: otherKey.seal('club-secret'),
        fromAddress: 'hello@sealed.test',
        fromName: '',
        secure: false,
        requireTls: false,
      },
    });
    await h.publish('organisation.organisation.created', created('sealed@example.test', true, org));
    const row = await eventually(async () => {
      const [logged] = await logsFor('sealed@example.test');
      expect(logged).toMatchObject({ status: 'FAILED', attempts: 1 });
      return logged!;
    });
    expect(row.error).toContain('does not open with SECRETS_KEY');
  });

  it('sends no welcome email when create-with-owner did not ask for one', async () => {
    await h.publish('organisation.organisation.created', created('nobody@example.test', false));
    await h.publish('identity.user.registered', registered('marker@example.test', 'tok-marker'));
    await oneMailTo('marker@example.test');
    expect(h.smtp.mailTo('nobody@example.test')).toHaveLength(0);
    expect(await logsFor('nobody@example.test')).toHaveLength(0);
  });

  it('falls back to the built-in template when the organisation template is invalid', async () => {
    const org = randomUUID();
    h.organisation.deliveries.set(org, {
      organizationName: 'Broken Club',
      organizationSlug: 'broken',
      template: { subject: 'Hi {{user.nickname}}', body: '<p>{{oops' },
    });
    await h.publish('organisation.organisation.created', created('eve@example.test', true, org));
    const mail = await oneMailTo('eve@example.test');
    expect(mail.subject).toBe('Welcome to Broken Club');
  });

  it('retries after 4xx replies and sends', async () => {
    h.smtp.rejectNext(2, 451);
    await h.publish('identity.user.registered', registered('retry@example.test', 'tok-retry'));
    await oneMailTo('retry@example.test');
    expect(await loggedOnce('retry@example.test')).toMatchObject({ status: 'SENT', attempts: 3 });
  });

  it('retries after the server drops the connection and sends', async () => {
    h.smtp.dropNext(1);
    await h.publish('identity.user.registered', registered('dropped@example.test', 'tok-drop'));
    await oneMailTo('dropped@example.test');
    const log = await loggedOnce('dropped@example.test');
    expect(log).toMatchObject({ status: 'SENT', attempts: 2 });
  });

  it('logs FAILED with the reason when every attempt is dropped', async () => {
    h.smtp.dropNext(4);
    await h.publish('identity.user.registered', registered('gone@example.test', 'tok-gone'));
    const log = await loggedOnce('gone@example.test');
    expect(log).toMatchObject({ status: 'FAILED', attempts: 4 });
    expect(log.error).toMatch(/connection|socket|greeting|closed/i);
    expect(h.smtp.mailTo('gone@example.test')).toHaveLength(0);
  });

  it('logs BOUNCED at once when the server refuses the recipient for good', async () => {
    h.smtp.refuseRecipient('nosuch@example.test');
    await h.publish('identity.user.registered', registered('nosuch@example.test', 'tok-nosuch'));
    const log = await loggedOnce('nosuch@example.test');
    expect(log).toMatchObject({ status: 'BOUNCED', attempts: 1 });
    // The class and code, not the remote server's text.
    expect(log.error).toBe('REFUSED (SMTP 550): the server refused the recipient');
  });

  it('logs FAILED at once when the server refuses the message permanently', async () => {
    h.smtp.rejectNext(1, 554);
    await h.publish('identity.user.registered', registered('refused@example.test', 'tok-refused'));
    const log = await loggedOnce('refused@example.test');
    expect(log).toMatchObject({ status: 'FAILED', attempts: 1 });
    expect(log.error).toBe('REFUSED (SMTP 554): the server refused the message');
  });

  it('waits for an unreachable organisation service rather than mail in the wrong template', async () => {
    const org = randomUUID();
    h.organisation.failAll(status.UNAVAILABLE);
    h.organisation.deliveries.set(org, {
      organizationName: 'Late Club',
      organizationSlug: 'late',
      template: { subject: 'Custom {{org.name}}', body: '<p>custom</p>' },
    });
    await h.publish('organisation.organisation.created', created('late@example.test', true, org));
    await eventually(async () => {
      const [row] = await h.sql<{ attempts: number }>('SELECT attempts FROM email_delivery WHERE recipient = $1', ['late@example.test']);
      expect(row?.attempts).toBeGreaterThanOrEqual(2);
    });
    expect(h.smtp.mailTo('late@example.test')).toHaveLength(0);
    h.organisation.failAll(undefined);
    const mail = await oneMailTo('late@example.test');
    expect(mail.subject).toBe('Custom Late Club');
  });

  // Last: the service remembers an UNIMPLEMENTED answer for a minute.
  it('uses the built-in template and the platform server while the organisation service lacks GetEmailDelivery', async () => {
    const org = randomUUID();
    h.organisation.failAll(status.UNIMPLEMENTED);
    h.organisation.deliveries.set(org, { organizationName: 'Other Name', organizationSlug: 'other', template: { subject: 'Custom', body: '<p>custom</p>' } });
    await h.publish('organisation.organisation.created', created('frank@example.test', true, org));
    const mail = await oneMailTo('frank@example.test');
    expect(mail.subject).toBe('Welcome to Rowing Club');
    expect(await loggedOnce('frank@example.test')).toMatchObject({ organization_id: org, status: 'SENT' });
  });
});
