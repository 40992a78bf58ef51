import { createServer, type Server } from 'node:net';
import { status } from '@grpc/grpc-js';
import { SecretBox } from '@platform/crypto';
import { SMTPServer } from 'smtp-server';
import { failure, TEST_SECRETS_KEY, violationsOf } from '@platform/testing';
import { startOrganisationHarness, type NewOrganization, type OrganisationHarness } from './organisation-harness';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server (plain, AUTH PLAIN/LOGIN with one user) that keeps what it receives. */
async function startSmtpSink(user: string, pass: string) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === pass) return callback(null, { user });
      return callback(new Error('Invalid username or password'));
    },
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith('nobody@')) {
        const err = new Error('No such user here') as Error & { responseCode: number };
        err.responseCode = 550;
        return callback(err);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  const port = await new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.server.address() as { port: number }).port)));
  return { port, received, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A port that accepts and closes every connection at once (a server that drops the connection). */
async function startDropper(): Promise<{ port: number; server: Server }> {
  const server = createServer((socket) => socket.destroy());
  const port = await new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)));
  return { port, server };
}

describe('SMTP settings', () => {
  let h: OrganisationHarness;
  let a: NewOrganization;
  let b: NewOrganization;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  const box = new SecretBox(TEST_SECRETS_KEY);

  const settings = (port: number, extra: Record<string, unknown> = {}) => ({
    organizationId: a.org.id,
    host: '127.0.0.1',
    port,
    username: 'club',
    fromAddress: 'club@tmpl-a.org',
    fromName: 'Chess Club',
    ...extra,
  });

  beforeAll(async () => {
    h = await startOrganisationHarness('org-smtp');
    a = await h.newOrganization('smtp-a');
    b = await h.newOrganization('smtp-b');
    sink = await startSmtpSink('club', 'correct horse');
  });
  afterAll(async () => {
    await sink?.stop();
    await h?.stop();
  });

  it('answers configured false before anything is saved, and a test reports that', async () => {
    const c = await h.newOrganization('smtp-none');
    expect(await h.call('getSmtpSettings', { organizationId: c.org.id }, c.ownerToken)).toMatchObject({ configured: false, passwordSet: false, host: '' });
    expect(await h.call('testSmtpConnection', { organizationId: c.org.id }, c.ownerToken)).toEqual({
      success: false,
      message: 'This organisation has no SMTP settings yet: save them first',
    });
  });

  it('saves the settings with the password sealed at rest and never answers it', async () => {
    const admin = a.token('ADMIN');
    const saved = await h.call('updateSmtpSettings', settings(sink.port, { password: 'correct horse' }), admin);
    expect(saved).toMatchObject({
      configured: true,
      host: '127.0.0.1',
      port: sink.port,
      username: 'club',
      fromAddress: 'club@tmpl-a.org',
      fromName: 'Chess Club',
      secure: false,
      passwordSet: true,
    });
    expect(JSON.stringify(saved)).not.toContain('correct horse');
    const read = await h.call('getSmtpSettings', { organizationId: a.org.id }, admin);
    expect(read).toEqual(saved);
    expect(JSON.stringify(read)).not.toContain('correct horse');

    const [row] = await h.sql<{ password_sealed: string }>('SELECT * FROM smtp_settings WHERE organisation_id = $1', [a.org.id]);
    expect(JSON.stringify(row)).not.toContain('correct horse');
    expect(row!.password_sealed).toMatch(/^v1\./);
    expect(box.open(row!.password_sealed)).toBe('correct horse');
  });

  it('keeps the password when it is absent and clears it when empty', async () => {
    const admin = a.token('ADMIN');
    await h.call('updateSmtpSettings', settings(sink.port, { password: 'first' }), admin);
    const [before] = await h.sql<{ password_sealed: string }>('SELECT password_sealed FROM smtp_settings WHERE organisation_id = $1', [a.org.id]);
    const kept = await h.call('updateSmtpSettings', settings(sink.port, { fromName: 'Renamed' }), admin);
    expect(kept).toMatchObject({ fromName: 'Renamed', passwordSet: true });
    const [after] = await h.sql<{ password_sealed: string }>('SELECT password_sealed FROM smtp_settings WHERE organisation_id = $1', [a.org.id]);
    expect(after!.password_sealed).toBe(before!.password_sealed);
    const cleared = await h.call('updateSmtpSettings', settings(sink.port, { password: '' }), admin);
    expect(cleared.passwordSet).toBe(false);
    const [none] = await h.sql<{ password_sealed: string | null }>('SELECT password_sealed FROM smtp_settings WHERE organisation_id = $1', [a.org.id]);
    expect(none!.password_sealed).toBeNull();
    // Implicit TLS follows port 465 unless said otherwise.
    expect((await h.call('updateSmtpSettings', settings(465, { secure: undefined }), admin)).secure).toBe(true);
    expect((await h.call('updateSmtpSettings', settings(465, { secure: false }), admin)).secure).toBe(false);
  });

  it('tests the connection against a real SMTP server: success, wrong password, refused and dropped', async () => {
    const admin = a.token('ADMIN');
    await h.call('updateSmtpSettings', settings(sink.port, { password: 'correct horse' }), admin);
    expect(await h.call('testSmtpConnection', { organizationId: a.org.id }, admin)).toEqual({
      success: true,
      message: `Connected to 127.0.0.1:${sink.port} and logged in as club`,
    });

    await h.call('updateSmtpSettings', settings(sink.port, { password: 'wrong' }), admin);
    const badLogin = await h.call('testSmtpConnection', { organizationId: a.org.id }, admin);
    expect(badLogin.success).toBe(false);
    expect(badLogin.message).toMatch(new RegExp(`^The server at 127\\.0\\.0\\.1:${sink.port} refused the login: 535`));

    const dropper = await startDropper();
    const closedPort = await new Promise<number>((resolve) => {
      const s = createServer();
      s.listen(0, '127.0.0.1', () => {
        const p = (s.address() as { port: number }).port;
        s.close(() => resolve(p));
      });
    });
    try {
      await h.call('updateSmtpSettings', settings(closedPort, { password: 'correct horse' }), admin);
      expect(await h.call('testSmtpConnection', { organizationId: a.org.id }, admin)).toEqual({
        success: false,
        message: `Could not connect to 127.0.0.1:${closedPort}: connection refused`,
      });
      await h.call('updateSmtpSettings', settings(dropper.port), admin);
      const dropped = await h.call('testSmtpConnection', { organizationId: a.org.id }, admin);
      expect(dropped.success).toBe(false);
      expect(dropped.message).toContain(`127.0.0.1:${dropper.port}`);
    } finally {
      dropper.server.close();
    }
  });

  it('sends a test email through the organisation’s server and reports a refused recipient', async () => {
    const admin = a.token('ADMIN');
    await h.call('updateSmtpSettings', settings(sink.port, { password: 'correct horse' }), admin);
    const sent = await h.call('sendSmtpTestEmail', { organizationId: a.org.id, to: 'ann@example.org' }, admin);
    expect(sent.success).toBe(true);
    expect(sent.message).toMatch(/^The test email to ann@example.org was accepted: 250/);
    const mail = sink.received.at(-1)!;
    expect(mail.from).toBe('club@tmpl-a.org');
    expect(mail.to).toEqual(['ann@example.org']);
    expect(mail.raw).toContain('Subject: Test email from Org smtp-a');
    expect(mail.raw).toContain('From: Chess Club <club@tmpl-a.org>');

    const refused = await h.call('sendSmtpTestEmail', { organizationId: a.org.id, to: 'nobody@example.org' }, admin);
    expect(refused.success).toBe(false);
    expect(refused.message).toContain('refused the sender or recipient');
    expect(refused.message).toContain('550');
  });

  it('answers GetEmailDelivery with the name, slug, customised template and sealed password (service tokens only)', async () => {
    const admin = a.token('ADMIN');
    await h.call('updateSmtpSettings', settings(sink.port, { password: 'correct horse' }), admin);
    const welcome = await h.call('getEmailTemplateByType', { organizationId: a.org.id, type: 'WELCOME' }, admin);
    await h.call('updateEmailTemplate', { organizationId: a.org.id, templateId: welcome.id, subject: 'Hi {{user.firstName}}', body: '<p>Welcome</p>' }, admin);

    const delivery = await h.call('getEmailDelivery', { organizationId: a.org.id, type: 'WELCOME' }, h.tokens.service('identity'));
    expect(delivery).toMatchObject({
      organizationName: 'Org smtp-a',
      organizationSlug: 'smtp-a',
      template: { subject: 'Hi {{user.firstName}}', body: '<p>Welcome</p>' },
      smtp: { host: '127.0.0.1', port: sink.port, username: 'club', fromAddress: 'club@tmpl-a.org', fromName: 'Chess Club', secure: false },
    });
    expect(box.open(delivery.smtp!.passwordSealed)).toBe('correct horse');

    // An uncustomised type and an organisation without SMTP: neither part.
    const invitation = await h.call('getEmailDelivery', { organizationId: b.org.id, type: 'INVITATION' }, h.tokens.service('identity'));
    expect(invitation).toEqual({ organizationName: 'Org smtp-b', organizationSlug: 'smtp-b', template: undefined, smtp: undefined });

    expect(
      (await failure(h.call('getEmailDelivery', { organizationId: '00000000-0000-4000-8000-000000000000', type: 'WELCOME' }, h.tokens.service('identity'))))
        ?.code,
    ).toBe(status.NOT_FOUND);
    expect((await failure(h.call('getEmailDelivery', { organizationId: a.org.id, type: 'WELCOME' }, a.ownerToken)))?.code).toBe(status.PERMISSION_DENIED);
  });

  it('rejects bad input with 400', async () => {
    const admin = a.token('ADMIN');
    const err = await failure(h.call('updateSmtpSettings', settings(0, { host: 'smtp://x', fromAddress: 'not-an-address' }), admin));
    expect(err?.code).toBe(status.INVALID_ARGUMENT);
    expect(
      violationsOf(err)
        .map((v) => v.field)
        .sort(),
    ).toEqual(['fromAddress', 'host', 'port']);
    const badTo = await failure(h.call('sendSmtpTestEmail', { organizationId: a.org.id, to: 'nope' }, admin));
    expect(badTo?.code).toBe(status.INVALID_ARGUMENT);
  });

  it('keeps organisations apart and refuses members', async () => {
    const bAdmin = b.token('ADMIN');
    const member = a.token('MEMBER');
    for (const token of [bAdmin, member]) {
      for (const call of [
        h.call('getSmtpSettings', { organizationId: a.org.id }, token),
        h.call('updateSmtpSettings', settings(sink.port), token),
        h.call('testSmtpConnection', { organizationId: a.org.id }, token),
        h.call('sendSmtpTestEmail', { organizationId: a.org.id, to: 'ann@example.org' }, token),
      ]) {
        expect((await failure(call))?.code).toBe(status.PERMISSION_DENIED);
      }
    }
    // A platform administrator may manage any organisation.
    expect((await h.call('getSmtpSettings', { organizationId: a.org.id }, h.tokens.system())).configured).toBe(true);
  });
});
