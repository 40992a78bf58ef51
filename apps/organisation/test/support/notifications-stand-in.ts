import { Metadata, status } from '@grpc/grpc-js';
import type { TokenSigner } from '@platform/auth';
import { ERROR_VIOLATIONS_KEY, type FieldViolation } from '@platform/errors';
import { notificationsV1 } from '@platform/proto';
import { fakeGrpcService, grpcError, type FakeGrpcService } from '@platform/testing';

/** Notifications' template RPCs as the organisation service sees them, for service tokens only. */
export interface NotificationsStandIn extends FakeGrpcService<typeof notificationsV1.NotificationsServiceService> {
  /** What ListDefaultEmailTemplates answers (a subset of notifications' built-ins). */
  defaults: notificationsV1.EmailTemplateDefinition[];
}

const COMMON = ['org.name', 'org.slug', 'user.firstName', 'user.lastName', 'user.email', 'app.name', 'app.url'];

const DEFAULTS: notificationsV1.EmailTemplateDefinition[] = [
  {
    type: 'WELCOME',
    subject: 'Welcome to {{org.name}}',
    body: '<p>Hello {{user.firstName}}, welcome to {{org.name}}.</p>{{#accountCreated}}<p><a href="{{setPasswordUrl}}">Set a password</a></p>{{/accountCreated}}',
    placeholders: [...COMMON, 'loginUrl', 'setPasswordUrl'],
    flags: ['accountCreated'],
  },
  {
    type: 'INVITATION',
    subject: 'You are invited to {{org.name}}',
    body: '<p>{{user.firstName}}, you were invited as {{role}}.</p>',
    placeholders: [...COMMON, 'role', 'loginUrl', 'setPasswordUrl', 'acceptUrl', 'message'],
    flags: ['accountCreated', 'hasAcceptUrl', 'hasMessage'],
  },
  {
    type: 'PASSWORD_RESET',
    subject: 'Your reset code',
    body: '<p>Your code is {{code}}.</p>',
    placeholders: [...COMMON, 'code', 'expiresInMinutes', 'resetUrl'],
    flags: ['resend'],
  },
];

const SAMPLE: Record<string, string> = { 'org.name': 'Example Association', 'user.firstName': 'Alex', code: '123456', role: 'MEMBER' };

/**
 * A tiny version of notifications' template rules: `{{name}}`, `{{#flag}}`, `{{^flag}}`, `{{/flag}}`
 * with the type's vocabulary; anything else after `{{` does not parse. Enough to see the
 * organisation service pass violations on as 400.
 */
function check(def: notificationsV1.EmailTemplateDefinition, field: 'subject' | 'body', text: string): FieldViolation[] {
  const out: FieldViolation[] = [];
  if (text.trim() === '') out.push({ field, message: 'is required' });
  const tag = /\{\{([^{}]*)\}\}/g;
  const stripped = text.replace(tag, (_, inner: string) => {
    const m = /^\s*([#^/]?)([A-Za-z][A-Za-z0-9_]*(?:\.[A-Za-z][A-Za-z0-9_]*)*)\s*$/.exec(inner);
    if (!m) out.push({ field, message: `line 1: '{{${inner}}}' does not parse` });
    else if (m[1] ? !def.flags.includes(m[2]!) : !def.placeholders.includes(m[2]!)) out.push({ field, message: `line 1: unknown placeholder '${m[2]}'` });
    return '';
  });
  if (stripped.includes('{{')) out.push({ field, message: "line 1: '{{' without '}}'" });
  return out;
}

function render(text: string, values: Record<string, string>, escape: boolean): string {
  const esc = (v: string) => (escape ? v.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`) : v);
  return text.replace(/\{\{[#^/][^}]*\}\}/g, '').replace(/\{\{\s*([^}\s]+)\s*\}\}/g, (_, name: string) => esc(values[name] ?? ''));
}

function invalid(violations: FieldViolation[]) {
  const metadata = new Metadata();
  metadata.set(ERROR_VIOLATIONS_KEY, Buffer.from(JSON.stringify(violations), 'utf8'));
  return grpcError(status.INVALID_ARGUMENT, `Invalid ${[...new Set(violations.map((v) => v.field))].join(', ')}`, metadata);
}

export async function startNotificationsStandIn(signer: TokenSigner): Promise<NotificationsStandIn> {
  const defaults = DEFAULTS.map((d) => ({ ...d }));
  const fake = await fakeGrpcService(
    notificationsV1.NotificationsServiceService,
    {
      listDefaultEmailTemplates: () => ({ templates: defaults }),
      renderEmailTemplate: (req) => {
        const def = defaults.find((d) => d.type === req.type);
        if (!def) throw invalid([{ field: 'type', message: 'unknown type' }]);
        const violations = [...check(def, 'subject', req.subject), ...check(def, 'body', req.body)];
        if (violations.length > 0) throw invalid(violations);
        const values = { ...SAMPLE, ...req.values };
        const html = render(req.body, values, true);
        return { subject: render(req.subject, values, false), html, text: html.replace(/<[^>]*>/g, '') };
      },
    },
    { serviceToken: signer },
  );
  return Object.assign(fake, { defaults });
}
