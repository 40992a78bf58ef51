import { Metadata, Server, ServerCredentials, status, type sendUnaryData, type ServerUnaryCall, type ServiceError, type UntypedServiceImplementation } from '@grpc/grpc-js';
import type { TokenSigner } from '@platform/auth';
import { ERROR_VIOLATIONS_KEY, type FieldViolation } from '@platform/errors';
import { notificationsV1 } from '@platform/proto';

type FailingMethod = 'listDefaultEmailTemplates' | 'renderEmailTemplate';

export interface FakeNotificationsService {
  address: string;
  /** What ListDefaultEmailTemplates answers (a subset of notifications' built-ins). */
  defaults: notificationsV1.EmailTemplateDefinition[];
  /** The RenderEmailTemplate requests received. */
  renderRequests: notificationsV1.RenderEmailTemplateRequest[];
  /** The next call of the method fails with this gRPC status. */
  failNext(method: FailingMethod, code: status): void;
  stop(): Promise<void>;
}

const COMMON = ['org.name', 'org.slug', 'user.firstName', 'user.lastName', 'user.email', 'app.name', 'app.url'];

export const FAKE_DEFAULTS: notificationsV1.EmailTemplateDefinition[] = [
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

/** A real gRPC server speaking notifications' internal template RPCs, checking service tokens. */
export async function startFakeNotificationsService(signer: TokenSigner): Promise<FakeNotificationsService> {
  const defaults = FAKE_DEFAULTS.map((d) => ({ ...d }));
  const renderRequests: notificationsV1.RenderEmailTemplateRequest[] = [];
  const failures = new Map<FailingMethod, status>();

  const rpc =
    <Req, Res>(method: FailingMethod, handle: (request: Req) => Res) =>
    (call: ServerUnaryCall<Req, Res>, callback: sendUnaryData<Res>) => {
      const header = call.metadata.get('authorization')[0]?.toString() ?? '';
      try {
        if (!signer.verifyAccess(header.replace(/^Bearer /i, '')).service) {
          return callback({ code: status.PERMISSION_DENIED, details: 'service token required' } as ServiceError, null);
        }
      } catch {
        return callback({ code: status.UNAUTHENTICATED, details: 'service token required' } as ServiceError, null);
      }
      const failure = failures.get(method);
      if (failure !== undefined) {
        failures.delete(method);
        return callback({ code: failure, details: `injected ${method} failure` } as ServiceError, null);
      }
      try {
        callback(null, handle(call.request));
      } catch (err) {
        callback(err as ServiceError, null);
      }
    };

  const invalid = (violations: FieldViolation[]): Partial<ServiceError> => {
    const metadata = new Metadata();
    metadata.set(ERROR_VIOLATIONS_KEY, Buffer.from(JSON.stringify(violations), 'utf8'));
    return { code: status.INVALID_ARGUMENT, details: `Invalid ${[...new Set(violations.map((v) => v.field))].join(', ')}`, metadata };
  };

  const impl: UntypedServiceImplementation = Object.fromEntries(
    Object.keys(notificationsV1.NotificationsServiceService).map((name) => [
      name,
      (_call: unknown, callback: sendUnaryData<never>) => callback({ code: status.UNIMPLEMENTED, details: 'not in the fake' } as ServiceError, null),
    ]),
  );
  Object.assign(impl, {
    listDefaultEmailTemplates: rpc('listDefaultEmailTemplates', (): notificationsV1.ListDefaultEmailTemplatesResponse => ({ templates: defaults })),
    renderEmailTemplate: rpc('renderEmailTemplate', (req: notificationsV1.RenderEmailTemplateRequest): notificationsV1.RenderedEmail => {
      renderRequests.push(req);
      const def = defaults.find((d) => d.type === req.type);
      if (!def) throw invalid([{ field: 'type', message: 'unknown type' }]);
      const violations = [...check(def, 'subject', req.subject), ...check(def, 'body', req.body)];
      if (violations.length > 0) throw invalid(violations);
      const values = { ...SAMPLE, ...req.values };
      const html = render(req.body, values, true);
      return { subject: render(req.subject, values, false), html, text: html.replace(/<[^>]*>/g, '') };
    }),
  });

  const server = new Server();
  server.addService(notificationsV1.NotificationsServiceService, impl);
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', ServerCredentials.createInsecure(), (err, p) => (err ? reject(err) : resolve(p))),
  );
  return {
    address: `127.0.0.1:${port}`,
    defaults,
    renderRequests,
    failNext: (method, code) => failures.set(method, code),
    stop: () => new Promise<void>((resolve) => server.tryShutdown(() => resolve())),
  };
}
