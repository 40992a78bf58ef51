import { status } from '@grpc/grpc-js';
import { failure, violationsOf } from '@platform/testing';
import { startOrganisationHarness, type NewOrganization, type OrganisationHarness } from './organisation-harness';

describe('email templates', () => {
  let h: OrganisationHarness;
  let a: NewOrganization;
  let b: NewOrganization;

  beforeAll(async () => {
    h = await startOrganisationHarness('org-templates');
    a = await h.newOrganization('tmpl-a');
    b = await h.newOrganization('tmpl-b');
  });
  afterAll(async () => h?.stop());

  it('lists one template per type, the defaults, each with a stable id', async () => {
    const admin = a.token('ADMIN');
    const first = await h.call('listEmailTemplates', { organizationId: a.org.id }, admin);
    expect(first.templates.map((t) => t.type)).toEqual(['WELCOME', 'INVITATION', 'PASSWORD_RESET']);
    const welcome = first.templates[0]!;
    expect(welcome).toMatchObject({ organizationId: a.org.id, subject: 'Welcome to {{org.name}}', customized: false, flags: ['accountCreated'] });
    expect(welcome.placeholders).toContain('setPasswordUrl');
    expect(welcome.id).toMatch(/^[0-9a-f-]{36}$/);
    const again = await h.call('listEmailTemplates', { organizationId: a.org.id }, a.ownerToken);
    expect(again.templates.map((t) => t.id)).toEqual(first.templates.map((t) => t.id));
    const byType = await h.call('getEmailTemplateByType', { organizationId: a.org.id, type: 'welcome' }, admin);
    expect(byType.id).toBe(welcome.id);
  });

  it('gives a type its id on first read by type, before any list', async () => {
    const c = await h.newOrganization('tmpl-c');
    const invitation = await h.call('getEmailTemplateByType', { organizationId: c.org.id, type: 'INVITATION' }, c.ownerToken);
    const list = await h.call('listEmailTemplates', { organizationId: c.org.id }, c.ownerToken);
    expect(list.templates.find((t) => t.type === 'INVITATION')!.id).toBe(invitation.id);
  });

  it('updates subject and body after notifications checked them, and resets to the default', async () => {
    const admin = a.token('ADMIN');
    const welcome = await h.call('getEmailTemplateByType', { organizationId: a.org.id, type: 'WELCOME' }, admin);
    const updated = await h.call(
      'updateEmailTemplate',
      { organizationId: a.org.id, templateId: welcome.id, subject: 'Hi from {{org.name}}', body: '<p>Dear {{user.firstName}}</p>' },
      admin,
    );
    expect(updated).toMatchObject({
      id: welcome.id,
      type: 'WELCOME',
      subject: 'Hi from {{org.name}}',
      body: '<p>Dear {{user.firstName}}</p>',
      customized: true,
    });
    expect(h.notifications.callsOf('renderEmailTemplate').at(-1)?.request).toMatchObject({ type: 'WELCOME', subject: 'Hi from {{org.name}}' });
    const read = await h.call('getEmailTemplateByType', { organizationId: a.org.id, type: 'WELCOME' }, admin);
    expect(read).toMatchObject({ subject: 'Hi from {{org.name}}', customized: true });
    // Another organisation keeps its defaults.
    const other = await h.call('getEmailTemplateByType', { organizationId: b.org.id, type: 'WELCOME' }, b.ownerToken);
    expect(other).toMatchObject({ subject: 'Welcome to {{org.name}}', customized: false });

    const reset = await h.call('resetEmailTemplate', { organizationId: a.org.id, type: 'WELCOME' }, admin);
    expect(reset).toMatchObject({ id: welcome.id, subject: 'Welcome to {{org.name}}', customized: false });
  });

  it('keeps the body as the EMAIL allow-list sanitises it: scripts, handlers and loading styles are never stored', async () => {
    const admin = a.token('ADMIN');
    const welcome = await h.call('getEmailTemplateByType', { organizationId: a.org.id, type: 'WELCOME' }, admin);
    const body =
      '<!DOCTYPE html><p onmouseover="x()" style="color:#fff;background-image:url(https://t.example/p)">Hi</p><script>steal()</script><form><input></form>';
    const updated = await h.call('updateEmailTemplate', { organizationId: a.org.id, templateId: welcome.id, subject: 'Hi', body }, admin);
    expect(updated.body).toBe('<!DOCTYPE html>\n<p style="color:#fff">Hi</p>');
    await h.call('resetEmailTemplate', { organizationId: a.org.id, type: 'WELCOME' }, admin);
  });

  it('answers 400 with notifications’ violations for a body that does not parse or an unknown placeholder', async () => {
    const admin = a.token('ADMIN');
    const t = await h.call('getEmailTemplateByType', { organizationId: a.org.id, type: 'PASSWORD_RESET' }, admin);
    const err = await failure(
      h.call('updateEmailTemplate', { organizationId: a.org.id, templateId: t.id, subject: 'Code {{nope}}', body: '<p>{{code</p>' }, admin),
    );
    expect(err?.code).toBe(status.INVALID_ARGUMENT);
    const violations = violationsOf(err);
    expect(violations).toEqual(
      expect.arrayContaining([
        { field: 'subject', message: "line 1: unknown placeholder 'nope'" },
        { field: 'body', message: "line 1: '{{' without '}}'" },
      ]),
    );
    // Nothing was saved.
    expect(await h.call('getEmailTemplateByType', { organizationId: a.org.id, type: 'PASSWORD_RESET' }, admin)).toMatchObject({ customized: false });
  });

  it('validates its own input: ids, empty subject, unknown type, half a draft', async () => {
    const admin = a.token('ADMIN');
    const t = await h.call('getEmailTemplateByType', { organizationId: a.org.id, type: 'WELCOME' }, admin);
    const bad = [
      h.call('updateEmailTemplate', { organizationId: a.org.id, templateId: 'x', subject: 'S', body: 'B' }, admin),
      h.call('updateEmailTemplate', { organizationId: a.org.id, templateId: t.id, subject: '', body: '<p>B</p>' }, admin),
      h.call('getEmailTemplateByType', { organizationId: a.org.id, type: 'NO_SUCH_TYPE' }, admin),
      h.call('getEmailTemplateByType', { organizationId: a.org.id, type: 'bad-type!' }, admin),
      h.call('resetEmailTemplate', { organizationId: a.org.id, type: 'NO_SUCH_TYPE' }, admin),
      h.call('previewEmailTemplate', { organizationId: a.org.id, templateId: t.id, subject: 'Only a subject' }, admin),
    ];
    for (const call of bad) expect((await failure(call))?.code).toBe(status.INVALID_ARGUMENT);
    const unknownType = await failure(h.call('getEmailTemplateByType', { organizationId: a.org.id, type: 'NO_SUCH_TYPE' }, admin));
    expect(violationsOf(unknownType)[0]).toMatchObject({ field: 'type', message: 'must be one of WELCOME, INVITATION, PASSWORD_RESET' });
  });

  it('previews the saved template or a draft with sample data and the organisation’s name', async () => {
    const admin = a.token('ADMIN');
    const t = await h.call('getEmailTemplateByType', { organizationId: a.org.id, type: 'INVITATION' }, admin);
    const saved = await h.call('previewEmailTemplate', { organizationId: a.org.id, templateId: t.id }, admin);
    expect(saved).toEqual({
      subject: 'You are invited to Org tmpl-a',
      html: '<p>Alex, you were invited as MEMBER.</p>',
      text: 'Alex, you were invited as MEMBER.',
    });
    const draft = await h.call(
      'previewEmailTemplate',
      { organizationId: a.org.id, templateId: t.id, subject: '{{org.name}} & you', body: '<b>{{message}}</b>' },
      admin,
    );
    expect(draft.subject).toBe('Org tmpl-a & you');
    const broken = await failure(h.call('previewEmailTemplate', { organizationId: a.org.id, templateId: t.id, subject: 'S', body: '{{code}}' }, admin));
    expect(broken?.code).toBe(status.INVALID_ARGUMENT);
    expect(violationsOf(broken)).toEqual([{ field: 'body', message: "line 1: unknown placeholder 'code'" }]);
  });

  it('keeps organisations apart: another organisation’s admin is 403, its template ids are 404 here', async () => {
    const aTemplate = await h.call('getEmailTemplateByType', { organizationId: a.org.id, type: 'WELCOME' }, a.ownerToken);
    const bAdmin = b.token('ADMIN');
    for (const call of [
      h.call('listEmailTemplates', { organizationId: a.org.id }, bAdmin),
      h.call('getEmailTemplateByType', { organizationId: a.org.id, type: 'WELCOME' }, bAdmin),
      h.call('updateEmailTemplate', { organizationId: a.org.id, templateId: aTemplate.id, subject: 'S', body: '<p>B</p>' }, bAdmin),
      h.call('previewEmailTemplate', { organizationId: a.org.id, templateId: aTemplate.id }, bAdmin),
      h.call('resetEmailTemplate', { organizationId: a.org.id, type: 'WELCOME' }, bAdmin),
    ]) {
      expect((await failure(call))?.code).toBe(status.PERMISSION_DENIED);
    }
    const crossId = await failure(
      h.call('updateEmailTemplate', { organizationId: b.org.id, templateId: aTemplate.id, subject: 'S', body: '<p>B</p>' }, bAdmin),
    );
    expect(crossId?.code).toBe(status.NOT_FOUND);
  });

  it('refuses members and managers (403) and anonymous callers', async () => {
    for (const role of ['MEMBER', 'MANAGER', 'GUEST'] as const) {
      const err = await failure(h.call('listEmailTemplates', { organizationId: a.org.id }, a.token(role)));
      expect(err?.code).toBe(status.PERMISSION_DENIED);
    }
    expect((await failure(h.call('listEmailTemplates', { organizationId: a.org.id })))?.code).toBe(status.UNAUTHENTICATED);
  });

  it('answers 503 when notifications cannot check a template, and saves nothing', async () => {
    const t = await h.call('getEmailTemplateByType', { organizationId: b.org.id, type: 'INVITATION' }, b.ownerToken);
    h.notifications.failNext('renderEmailTemplate', status.UNAVAILABLE);
    const err = await failure(h.call('updateEmailTemplate', { organizationId: b.org.id, templateId: t.id, subject: 'S', body: '<p>B</p>' }, b.ownerToken));
    expect(err?.code).toBe(status.UNAVAILABLE);
    expect(await h.call('getEmailTemplateByType', { organizationId: b.org.id, type: 'INVITATION' }, b.ownerToken)).toMatchObject({ customized: false });
  });
});
