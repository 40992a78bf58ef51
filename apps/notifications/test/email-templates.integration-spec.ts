import { status } from '@grpc/grpc-js';
import { unary } from '@platform/grpc-server';
import { failure, violationsOf } from '@platform/testing';
import { TEMPLATE_TYPES } from '../src/domain/templates';
import { startNotificationsHarness, type NotificationsHarness } from './notifications-harness';

describe('the template rules for the organisation service (internal RPCs)', () => {
  let h: NotificationsHarness;
  let service: string;

  beforeAll(async () => {
    h = await startNotificationsHarness('templates');
    service = h.signer.signService('organisation');
  });
  afterAll(async () => {
    await h?.stop();
  });

  const render = (type: string, subject: string, body: string, values: Record<string, string> = {}, token = service) =>
    unary(h.client, h.client.renderEmailTemplate, { type, subject, body, values }, { token });

  it('lists the built-in template of every type with its placeholders and flags', async () => {
    const { templates } = await unary(h.client, h.client.listDefaultEmailTemplates, {}, { token: service });
    expect(templates.map((t) => t.type)).toEqual(TEMPLATE_TYPES);
    const reset = templates.find((t) => t.type === 'PASSWORD_RESET')!;
    expect(reset.placeholders).toEqual(expect.arrayContaining(['code', 'org.name', 'user.firstName']));
    expect(reset.flags).toEqual(['resend']);
  });

  it('previews a template with sample data, values HTML-escaped', async () => {
    const preview = await render('WELCOME', 'Welcome to {{org.name}}', '<p>Hi {{user.firstName}}{{#accountCreated}}, set a password{{/accountCreated}}</p>', {
      'user.firstName': '<Ann>',
    });
    expect(preview).toEqual({ subject: 'Welcome to Example Association', html: '<p>Hi &lt;Ann&gt;, set a password</p>', text: 'Hi <Ann>, set a password' });
  });

  it('answers INVALID_ARGUMENT naming each problem of a template that does not parse or names unknown placeholders', async () => {
    const err = await failure(render('PASSWORD_RESET', 'Code {{code}', '<div><p>{{user.nickname}}</p>{{#welcome}}x{{/welcome}}'));
    expect(err?.code).toBe(status.INVALID_ARGUMENT);
    expect(violationsOf(err)).toEqual([
      { field: 'subject', message: 'line 1: "{{" is not closed by "}}"' },
      { field: 'body', message: expect.stringContaining('line 1: unknown placeholder {{user.nickname}} for PASSWORD_RESET') },
      { field: 'body', message: 'line 1: unknown flag {{#welcome}} for PASSWORD_RESET; known: resend' },
      { field: 'body', message: 'line 1: <div> is never closed' },
    ]);
  });

  it('is internal: user tokens are refused', async () => {
    const admin = h.tokens.org('6f1d2a52-0000-4000-8000-0000000000a1', 'OWNER');
    expect((await failure(render('WELCOME', 'x', '<p>x</p>', {}, admin)))?.code).toBe(status.PERMISSION_DENIED);
  });
});
