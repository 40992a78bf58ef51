import { createServer, type Server } from 'node:net';
import { status } from '@grpc/grpc-js';
import { SecretBox } from '@platform/crypto';
import { eventsCommonV1 } from '@platform/proto';
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

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  return new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => resolve(p));
    });
  });
}

describe('SMTP settings', () => {
  let h: OrganisationHarness;
  let a: NewOrganization;
  let b: NewOrganization;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let dropper: Awaited<ReturnType<typeof startDropper>>;
  let closed: number;
  const box = new SecretBox(TEST_SECRETS_KEY);

  // The local sink has no TLS: these settings turn the requirement off (as an admin may, audited).
  const settings = (port: number, extra: Record<string, unknown> = {}) => ({
    organizationId: a.org.id,
    host: '127.0.0.1',
    port,
    username: 'club',
    fromAddress: 'club@tmpl-a.org',
    fromName: 'Chess Club',
    requireTls: false,
    ...extra,
  });

  beforeAll(async () => {
    sink = await startSmtpSink('club', 'correct horse');
    dropper = await startDropper();
    closed = await closedPort();
    // The local peers are allowed by the operator's setting, as npm start allows the mail catcher.
    h = await startOrganisationHarness('org-smtp', {
      OUTBOUND_ALLOWED_DESTINATIONS: [sink.port, dropper.port, closed].map((port) => `127.0.0.1:${port}`).join(','),
    });
    a = await h.newOrganization('smtp-a');
    b = await h.newOrganization('smtp-b');
  });
  afterAll(async () => {
    dropper?.server.close();
    await sink?.stop();
    await h?.stop();
  });

  it('answers configured false before anything is saved, and a test reports that', async () => {
    const c = await h.newOrganization('smtp-none');
    expect(await h.call('getSmtpSettings', { organizationId: c.org.id }, c.ownerToken)).toMatchObject({ configured: false, passwordSet: false, host: '' });
    expect(await h.call('testSmtpConnection', { organizationId: c.org.id }, c.ownerToken)).toEqual({
      success: false,
      message: 'This organisation has no SMTP settings yet: save them first',
      outcome: 'REFUSED',
      smtpCode: 0,
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
      requireTls: false,
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
    const remote = { host: 'smtp.example.org' };
    expect((await h.call('updateSmtpSettings', settings(465, { ...remote, secure: undefined }), admin)).secure).toBe(true);
    expect((await h.call('updateSmtpSettings', settings(465, { ...remote, secure: false }), admin)).secure).toBe(false);
  });

  it('tests the connection against a real SMTP server: a classified outcome, never the server’s reply text', async () => {
    const admin = a.token('ADMIN');
    await h.call('updateSmtpSettings', settings(sink.port, { password: 'correct horse' }), admin);
    expect(await h.call('testSmtpConnection', { organizationId: a.org.id }, admin)).toEqual({
      success: true,
      message: `Connected to 127.0.0.1:${sink.port} (TLS not required) and logged in as club`,
      outcome: 'CONNECTED',
      smtpCode: 0,
    });

    await h.call('updateSmtpSettings', settings(sink.port, { password: 'wrong' }), admin);
    const badLogin = await h.call('testSmtpConnection', { organizationId: a.org.id }, admin);
    expect(badLogin).toEqual({
      success: false,
      message: `AUTH_FAILED at 127.0.0.1:${sink.port} (SMTP 535): the server refused the login`,
      outcome: 'AUTH_FAILED',
      smtpCode: 535,
    });
    expect(badLogin.message).not.toContain('Invalid username or password');

    await h.call('updateSmtpSettings', settings(closed, { password: 'correct horse' }), admin);
    expect(await h.call('testSmtpConnection', { organizationId: a.org.id }, admin)).toEqual({
      success: false,
      message: `REFUSED at 127.0.0.1:${closed}: connection refused`,
      outcome: 'REFUSED',
      smtpCode: 0,
    });
    await h.call('updateSmtpSettings', settings(dropper.port), admin);
    const dropped = await h.call('testSmtpConnection', { organizationId: a.org.id }, admin);
    expect(dropped).toMatchObject({ success: false, outcome: 'REFUSED', smtpCode: 0 });
    expect(dropped.message).toContain(`127.0.0.1:${dropper.port}`);
  });

  it('requires TLS unless the admin turns it off, and audits the change', async () => {
    const c = await h.newOrganization('smtp-tls');
    const admin = c.token('ADMIN');
    const base = {
      organizationId: c.org.id,
      host: '127.0.0.1',
      port: sink.port,
      username: 'club',
      password: 'correct horse',
      fromAddress: 'club@tls.org',
      fromName: '',
    };
    const audits = async (during: () => Promise<unknown>) =>
      (await h.events('audit.recorded', during))
        .map((data) => eventsCommonV1.AuditRecorded.decode(data))
        .filter((e) => e.action === 'SMTP_TLS_REQUIREMENT_CHANGED')
        .map((e) => ({ action: e.action, organizationId: e.organizationId, detail: JSON.parse(e.detailJson) as Record<string, unknown> }));

    expect(await audits(() => h.call('updateSmtpSettings', base, admin))).toEqual([]);
    expect((await h.call('getSmtpSettings', { organizationId: c.org.id }, admin)).requireTls).toBe(true);
    // The sink offers no STARTTLS: with TLS required nothing is sent in the clear, not even the login.
    const plain = await h.call('testSmtpConnection', { organizationId: c.org.id }, admin);
    expect(plain).toMatchObject({ success: false, outcome: 'TLS_FAILED' });
    expect(plain.message).toMatch(new RegExp(`^TLS_FAILED at 127\\.0\\.0\\.1:${sink.port}`));

    const off = await audits(() => h.call('updateSmtpSettings', { ...base, requireTls: false }, admin));
    expect(off).toEqual([
      { action: 'SMTP_TLS_REQUIREMENT_CHANGED', organizationId: c.org.id, detail: expect.objectContaining({ requireTls: false, host: '127.0.0.1' }) },
    ]);
    expect(await h.call('testSmtpConnection', { organizationId: c.org.id }, admin)).toMatchObject({ success: true, outcome: 'CONNECTED' });
    // Saving again without the field keeps the choice and records nothing; turning it back on does.
    expect(await audits(() => h.call('updateSmtpSettings', base, admin))).toEqual([]);
    expect((await h.call('getSmtpSettings', { organizationId: c.org.id }, admin)).requireTls).toBe(false);
    const on = await audits(() => h.call('updateSmtpSettings', { ...base, requireTls: true }, admin));
    expect(on).toEqual([expect.objectContaining({ detail: expect.objectContaining({ requireTls: true }) })]);
  });

  it('sends a test email through the organisation’s server and reports a refused recipient by code only', async () => {
    const admin = a.token('ADMIN');
    await h.call('updateSmtpSettings', settings(sink.port, { password: 'correct horse' }), admin);
    const sent = await h.call('sendSmtpTestEmail', { organizationId: a.org.id, to: 'ann@example.org' }, admin);
    expect(sent).toEqual({ success: true, message: 'The test email to ann@example.org was accepted (SMTP 250)', outcome: 'CONNECTED', smtpCode: 250 });
    const mail = sink.received.at(-1)!;
    expect(mail.from).toBe('club@tmpl-a.org');
    expect(mail.to).toEqual(['ann@example.org']);
    expect(mail.raw).toContain('Subject: Test email from Org smtp-a');
    expect(mail.raw).toContain('From: Chess Club <club@tmpl-a.org>');

    const refused = await h.call('sendSmtpTestEmail', { organizationId: a.org.id, to: 'nobody@example.org' }, admin);
    expect(refused).toEqual({
      success: false,
      message: `REFUSED at 127.0.0.1:${sink.port} (SMTP 550): the server refused the recipient`,
      outcome: 'REFUSED',
      smtpCode: 550,
    });
    expect(refused.message).not.toContain('No such user here');
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
      smtp: { host: '127.0.0.1', port: sink.port, username: 'club', fromAddress: 'club@tmpl-a.org', fromName: 'Chess Club', secure: false, requireTls: false },
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

  describe('the outbound-destination guard (tenant SMTP hosts)', () => {
    /** A listener on an SMTP port of 127.0.0.1 that counts the connections it gets (none, if the guard holds). */
    let listener: { server: Server; port: number; connections: number };
    let g: NewOrganization;

    beforeAll(async () => {
      g = await h.newOrganization('smtp-guard');
      const counting = { connections: 0 };
      const server = createServer((socket) => {
        counting.connections += 1;
        socket.destroy();
      });
      // 2525 is an SMTP port the guard would otherwise allow, so only the address rule can refuse it.
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(2525, '127.0.0.1', () => resolve());
      });
      listener = Object.assign(counting, { server, port: 2525 });
    });
    afterAll(() => {
      listener?.server.close();
    });

    const put = (host: string, port: number) =>
      failure(
        h.call(
          'updateSmtpSettings',
          { organizationId: g.org.id, host, port, username: '', fromAddress: 'ops@guard.org', fromName: '', requireTls: false },
          g.token('ADMIN'),
        ),
      );
    /** Settings as they may have been saved before the guard (or by a name whose DNS changed since). */
    const saveUnchecked = (host: string, port: number) =>
      h.sql(
        `INSERT INTO smtp_settings (organisation_id, host, port, from_address, require_tls, updated_at) VALUES ($1, $2, $3, 'ops@guard.org', false, now())
         ON CONFLICT (organisation_id) DO UPDATE SET host = EXCLUDED.host, port = EXCLUDED.port`,
        [g.org.id, host, port],
      );

    it.each([
      ['127.0.0.1', 2525, 'host', 'loopback'],
      ['::ffff:127.0.0.1', 587, 'host', 'loopback'],
      ['localhost', 25, 'host', 'loopback'],
      ['169.254.169.254', 25, 'host', 'metadata'],
      ['10.0.0.5', 587, 'host', 'private'],
      ['100.64.0.1', 587, 'host', 'shared'],
      ['127.0.0.1', 6379, 'port', 'port'],
      ['127.0.0.1', 5432, 'port', 'port'],
      ['smtp.example.org', 4222, 'port', 'port'],
    ])('refuses to save %s:%i with a 400 on %s naming the rule %s', async (host, port, field, rule) => {
      const err = await put(host, port);
      expect(err?.code).toBe(status.INVALID_ARGUMENT);
      const violations = violationsOf(err);
      expect(violations.map((v) => v.field)).toEqual([field]);
      expect(violations[0]!.message).toContain(`rule: ${rule}`);
      expect((await h.call('getSmtpSettings', { organizationId: g.org.id }, g.token('ADMIN'))).host).not.toBe(host);
    });

    it('refuses a host name that resolves to 127.0.0.1 at test time with a 400, and nothing connects', async () => {
      const admin = g.token('ADMIN');
      // A name the static rules cannot judge: it resolves (getaddrinfo) to 127.0.0.1.
      const saved = await h.call(
        'updateSmtpSettings',
        { organizationId: g.org.id, host: '2130706433', port: 2525, username: '', fromAddress: 'ops@guard.org', fromName: '', requireTls: false },
        admin,
      );
      expect(saved.host).toBe('2130706433');
      for (const call of [
        () => h.call('testSmtpConnection', { organizationId: g.org.id }, admin),
        () => h.call('sendSmtpTestEmail', { organizationId: g.org.id, to: 'ann@example.org' }, admin),
      ]) {
        const err = await failure(call());
        expect(err?.code).toBe(status.INVALID_ARGUMENT);
        expect(violationsOf(err)).toEqual([{ field: 'host', message: expect.stringMatching(/rule: loopback\).*resolves to 127\.0\.0\.1/) }]);
      }
      await saveUnchecked('localhost', 2525);
      expect((await failure(h.call('testSmtpConnection', { organizationId: g.org.id }, admin)))?.code).toBe(status.INVALID_ARGUMENT);
      expect(listener.connections).toBe(0);
    });

    it.each([
      ['127.0.0.1', 6379, 'port'], // Redis
      ['127.0.0.1', 5432, 'port'], // Postgres
      ['169.254.169.254', 25, 'metadata'],
      ['127.0.0.1', 2525, 'loopback'],
    ])('refuses settings saved before the guard, pointing at %s:%i, at test time (rule %s)', async (host, port, rule) => {
      await saveUnchecked(host, port);
      const err = await failure(h.call('testSmtpConnection', { organizationId: g.org.id }, g.token('ADMIN')));
      expect(err?.code).toBe(status.INVALID_ARGUMENT);
      expect(violationsOf(err)[0]!.message).toContain(`rule: ${rule}`);
      expect(listener.connections).toBe(0);
    });

    it('still reaches a local peer the operator allows', async () => {
      const admin = g.token('ADMIN');
      await h.call(
        'updateSmtpSettings',
        {
          organizationId: g.org.id,
          host: '127.0.0.1',
          port: sink.port,
          username: 'club',
          password: 'correct horse',
          fromAddress: 'ops@guard.org',
          fromName: '',
          requireTls: false,
        },
        admin,
      );
      expect(await h.call('testSmtpConnection', { organizationId: g.org.id }, admin)).toMatchObject({ success: true, outcome: 'CONNECTED' });
      expect(await h.call('sendSmtpTestEmail', { organizationId: g.org.id, to: 'guard@example.org' }, admin)).toMatchObject({ success: true, smtpCode: 250 });
      expect(sink.received.at(-1)!.to).toEqual(['guard@example.org']);
    });
  });
});
