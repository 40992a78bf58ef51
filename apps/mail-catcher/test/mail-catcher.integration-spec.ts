import nodemailer from 'nodemailer';
import { createLogger } from '@platform/telemetry';
import { startMailCatcher, type RunningMailCatcher } from '../src/catcher';

describe('the development mail catcher', () => {
  let catcher: RunningMailCatcher;
  let base: string;
  const transport = () => nodemailer.createTransport({ host: '127.0.0.1', port: catcher.smtpPort, secure: false });

  beforeAll(async () => {
    catcher = await startMailCatcher({
      smtpPort: 0,
      httpPort: 0,
      host: '127.0.0.1',
      maxMessages: 3,
      maxMessageBytes: 64 * 1024,
      logger: createLogger('test', {}, { write: () => undefined }),
    });
    base = `http://127.0.0.1:${catcher.httpPort}`;
  });
  afterAll(async () => {
    await catcher?.stop();
  });
  beforeEach(async () => {
    await fetch(`${base}/api/v1/messages`, { method: 'DELETE' });
  });

  const getJson = async <T = Record<string, unknown>>(path: string): Promise<T> => {
    const res = await fetch(`${base}${path}`);
    expect(res.status).toBe(200);
    return (await res.json()) as T;
  };

  it('is ready once both sides listen, answering as every app does', async () => {
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'UP', checks: {} });
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect((await fetch(`${base}/livez`)).status).toBe(200);
  });

  it('lists what it received, newest first, and shows one message with its text and HTML', async () => {
    const t = transport();
    await t.sendMail({ from: 'Platform <no-reply@platform.test>', to: 'ann@x.test', subject: 'First', text: 'one', html: '<p>one</p>' });
    await t.sendMail({
      from: 'Platform <no-reply@platform.test>',
      to: '"Lee, Bob" <bob@x.test>',
      bcc: 'audit@x.test',
      subject: 'Ihr Code: 123456 ✓',
      text: 'Code 123456 — gültig 15 Minuten',
      html: '<p>Code <b>123456</b> — gültig 15 Minuten</p>',
      attachments: [{ filename: 'note.txt', content: 'hello' }],
    });
    const list = await getJson<{ total: number; count: number; unread: number; messages: Array<Record<string, unknown>> }>('/api/v1/messages');
    expect(list).toMatchObject({ total: 2, count: 2, unread: 2 });
    expect(list.messages.map((m) => m['Subject'])).toEqual(['Ihr Code: 123456 ✓', 'First']);
    expect(list.messages[0]).toMatchObject({
      From: { Name: 'Platform', Address: 'no-reply@platform.test' },
      To: [{ Name: 'Lee, Bob', Address: 'bob@x.test' }],
      Bcc: [{ Name: '', Address: 'audit@x.test' }],
      Attachments: 1,
      Read: false,
      Snippet: 'Code 123456 — gültig 15 Minuten',
    });
    const id = String(list.messages[0]!['ID']);
    const detail = await getJson(`/api/v1/message/${id}`);
    expect(detail).toMatchObject({
      ID: id,
      Subject: 'Ihr Code: 123456 ✓',
      Text: 'Code 123456 — gültig 15 Minuten',
      HTML: '<p>Code <b>123456</b> — gültig 15 Minuten</p>',
    });
    expect((detail['Attachments'] as Array<Record<string, unknown>>)[0]).toMatchObject({ FileName: 'note.txt', ContentType: 'text/plain', Size: 5 });
    expect(await getJson('/api/v1/messages')).toMatchObject({ unread: 1 });
    const raw = await fetch(`${base}/api/v1/message/${id}/raw`);
    expect(await raw.text()).toContain('Subject: =?UTF-8?');
    expect(await getJson('/api/v1/message/latest')).toMatchObject({ ID: id });
  });

  it('finds a test account’s mail and pages', async () => {
    const t = transport();
    await t.sendMail({ from: 'a@platform.test', to: 'one@x.test', subject: 'Reset code', text: '111111' });
    await t.sendMail({ from: 'a@platform.test', to: 'two@x.test', subject: 'Reset code', text: '222222' });
    const found = await getJson<{ messages_count: number; messages: Array<{ To: Array<{ Address: string }> }> }>(
      `/api/v1/search?query=${encodeURIComponent('to:two@x.test subject:reset')}`,
    );
    expect(found.messages_count).toBe(1);
    expect(found.messages[0]!.To[0]!.Address).toBe('two@x.test');
    const page = await getJson<{ start: number; count: number; total: number }>('/api/v1/messages?start=1&limit=1');
    expect(page).toMatchObject({ start: 1, count: 1, total: 2 });
    expect((await fetch(`${base}/api/v1/messages?limit=x`)).status).toBe(400);
  });

  it('keeps at most its capacity, dropping the oldest', async () => {
    const t = transport();
    for (const n of [1, 2, 3, 4]) await t.sendMail({ from: 'a@platform.test', to: 'cap@x.test', subject: `m${n}`, text: 'x' });
    const list = await getJson<{ total: number; messages: Array<{ Subject: string }> }>('/api/v1/messages');
    expect(list.total).toBe(3);
    expect(list.messages.map((m) => m.Subject)).toEqual(['m4', 'm3', 'm2']);
  });

  it('refuses a message over the size limit, and 404s an unknown message', async () => {
    await expect(transport().sendMail({ from: 'a@platform.test', to: 'big@x.test', subject: 'big', text: 'x'.repeat(100 * 1024) })).rejects.toMatchObject({
      responseCode: 552,
    });
    expect((await fetch(`${base}/api/v1/message/nope`)).status).toBe(404);
    expect((await getJson<{ total: number }>('/api/v1/messages')).total).toBe(0);
  });
});
