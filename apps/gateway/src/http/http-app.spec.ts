import { Metadata, status } from '@grpc/grpc-js';
import { ERROR_CODE_KEY } from '@platform/errors';
import { Registry } from 'prom-client';
import { fixtureProtos } from '../../test/support/fixture-protos';
import { listen } from '../../test/support/listen';
import { testLogger } from '../../test/support/logger';
import { orgToken, signer, systemToken } from '../../test/support/tokens';
import { RequestAuthenticator } from '../auth/auth-middleware';
import type { SessionDenylist } from '../auth/session-denylist';
import { apiDocs } from '../docs/api-docs';
import { type ForwardedContext, GrpcClients } from '../grpc/grpc-clients';
import { LoginGuard } from '../lockout/login-guard';
import type { LoginLockout } from '../lockout/login-lockout';
import { GatewayMetrics } from '../observability/gateway-metrics';
import { RouteTable } from '../routing/route-table';
import { createHttpApp } from './http-app';

const ORG = '0b7c5a8e-1d1f-4a51-9f0e-6f2d8b9f5c11';
const DASHBOARD = 'https://admin.example.org';

describe('the HTTP layer', () => {
  const table = RouteTable.fromProtos(fixtureProtos(), { fixture: 'fake:1', identity: '127.0.0.1:1' });
  const calls: { rpc: string; request: object; context: ForwardedContext }[] = [];
  let answer: (rpc: string, request: Record<string, unknown>) => Promise<object>;
  const real = new GrpcClients(1000);
  const grpc = {
    call: (address: string | undefined, method: { path: string }, request: object, context: ForwardedContext) => {
      const rpc = method.path.slice(method.path.lastIndexOf('/') + 1);
      calls.push({ rpc, request, context });
      if (address === '127.0.0.1:1') return real.call(address, method as never, request, context);
      return answer(rpc, request as Record<string, unknown>);
    },
  } as unknown as GrpcClients;
  const lockout = {
    reserve: async () => ({ allowed: true, reservation: { account: 'a', attemptId: 'b' } }),
    settle: async () => ({ lockedNow: false }),
  } as unknown as LoginLockout;
  const metrics = new GatewayMetrics(new Registry());
  const docs = apiDocs(table, { title: 'API', version: '1' });
  const page = docs.page();
  const app = createHttpApp({
    routes: table,
    authenticator: new RequestAuthenticator(signer, { isRevoked: async () => false } as unknown as SessionDenylist),
    grpc,
    loginGuard: new LoginGuard(lockout, { publish: async () => undefined }, metrics, 5),
    bodyLimitBytes: 2048,
    logger: testLogger(),
    metrics,
    trustProxy: 'loopback',
    browser: { corsOrigins: [DASHBOARD], hstsMaxAgeSeconds: 31_536_000 },
    docs,
  });
  let server: { url: string; close(): Promise<void> };

  beforeAll(async () => {
    server = await listen(app);
  });
  afterAll(async () => {
    real.close();
    await server.close();
  });
  beforeEach(() => {
    calls.length = 0;
    answer = async (_rpc, request) => ({ ...request, name: 'Club', websiteUrl: 'https://club.example', orgType: 'ORG_TYPE_CLUB' });
  });

  const admin = orgToken(ORG, 'ADMIN').token;
  const json = (body: unknown, headers: Record<string, string> = {}) => ({
    body: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}`, ...headers },
  });
  const problem = async (res: Response) => {
    expect(res.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
    return (await res.json()) as Record<string, unknown>;
  };

  it('answers an unknown route with a problem+json 404 carrying the request id', async () => {
    const res = await fetch(`${server.url}/api/nope?x=1`, { headers: { 'x-request-id': 'abc-123' } });
    expect(res.status).toBe(404);
    expect(res.headers.get('x-request-id')).toBe('abc-123');
    expect(await problem(res)).toEqual({
      type: '/api/docs#problem-route-not-found',
      title: 'Not Found',
      status: 404,
      detail: 'There is no operation at GET /api/nope',
      instance: '/api/nope',
      code: 'ROUTE_NOT_FOUND',
      requestId: 'abc-123',
    });
    expect((await fetch(`${server.url}/favicon.ico`)).status).toBe(404);
  });

  it('sends the security headers on every answer, and the docs page keeps its own CSP', async () => {
    for (const res of [await fetch(`${server.url}/api/nope`), await fetch(`${server.url}/api/fixture/orgs/health`)]) {
      expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-powered-by')).toBeNull();
    }
    const docs = await fetch(`${server.url}/api/docs`);
    expect(docs.headers.get('content-security-policy')).toBe(page.csp);
    expect(docs.headers.get('x-frame-options')).toBe('DENY');
  });

  it('answers CORS for the configured origin only; the preflight of another origin is a problem+json 403', async () => {
    const preflight = (origin: string) =>
      fetch(`${server.url}/api/fixture/orgs/health`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'PUT', 'access-control-request-headers': 'authorization,content-type' },
      });
    const allowed = await preflight(DASHBOARD);
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(DASHBOARD);
    expect(allowed.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
    expect(allowed.headers.get('access-control-allow-credentials')).toBeNull();
    const refused = await preflight('https://evil.example');
    expect(refused.status).toBe(403);
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    expect((await problem(refused))['code']).toBe('ORIGIN_NOT_ALLOWED');

    const simple = await fetch(`${server.url}/api/fixture/orgs/health`, { headers: { origin: DASHBOARD } });
    expect(simple.headers.get('access-control-allow-origin')).toBe(DASHBOARD);
    expect(simple.headers.get('access-control-expose-headers')).toContain('Retry-After');
    const other = await fetch(`${server.url}/api/fixture/orgs/health`, { headers: { origin: 'https://evil.example' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('serves Swagger UI from the gateway itself: the page, its assets and our start-up script, under a CSP of its own origin', async () => {
    const res = await fetch(`${server.url}/api/docs`);
    const html = await res.text();
    expect(html).toContain('<script src="/api/docs/assets/swagger-ui-bundle.js"></script>');
    expect(html).toContain('<dt id="problem-validation-failed"><code>VALIDATION_FAILED</code></dt>');
    expect(html).not.toMatch(/<script>|https?:\/\//);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    for (const [file, type] of [
      ['swagger-ui-bundle.js', 'text/javascript'],
      ['swagger-ui.css', 'text/css'],
      ['docs.js', 'text/javascript'],
      ['docs.css', 'text/css'],
    ]) {
      const asset = await fetch(`${server.url}/api/docs/assets/${file}`);
      expect([file, asset.status, asset.headers.get('content-type')?.split(';')[0]]).toEqual([file, 200, type]);
      expect((await asset.text()).length).toBeGreaterThan(50);
    }
    expect(await (await fetch(`${server.url}/api/docs/assets/docs.js`)).text()).toContain("url: '/api/docs/openapi.json'");
    expect((await fetch(`${server.url}/api/docs/assets/package.json`)).status).toBe(404);
    expect((await fetch(`${server.url}/api/docs/assets/..%2Fpackage.json`)).status).toBe(404);
  });

  it('answers a path that cannot be decoded with a 404, not a 500', async () => {
    const res = await fetch(`${server.url}/api/fixture/orgs/%E0%A4%A`);
    expect(res.status).toBe(404);
    expect((await problem(res))['code']).toBe('ROUTE_NOT_FOUND');
  });

  it('generates a request id when the client sends none or a strange one', async () => {
    const res = await fetch(`${server.url}/api/nope`, { headers: { 'x-request-id': 'x'.repeat(300) } });
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect((await problem(res))['requestId']).toBe(res.headers.get('x-request-id'));
  });

  it('answers 405 with Allow for a known path and another method', async () => {
    const res = await fetch(`${server.url}/api/fixture/orgs/health`, { method: 'DELETE' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET');
    expect((await problem(res))['code']).toBe('METHOD_NOT_ALLOWED');
  });

  it('transcodes a request and its reply, with json_name fields both ways', async () => {
    const res = await fetch(`${server.url}/api/fixture/orgs/${ORG}`, { method: 'PUT', ...json({ name: 'Club', website_url: 'https://club.example' }) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ id: ORG, name: 'Club', website_url: 'https://club.example', orgType: 'CLUB', allow_join_requests: false });
    expect(calls[0]?.request).toEqual({ id: ORG, name: 'Club', websiteUrl: 'https://club.example' });
  });

  it('forwards the token, the request id, the client address and the user agent', async () => {
    await fetch(`${server.url}/api/fixture/orgs/${ORG}`, {
      headers: { authorization: `Bearer ${admin}`, 'x-request-id': 'rid-7', 'user-agent': 'MobileApp/2.1' },
    });
    expect(calls[0]?.context).toEqual({ requestId: 'rid-7', token: admin, clientIp: '127.0.0.1', userAgent: 'MobileApp/2.1' });
  });

  it('forwards X-Device-Id, and refuses one that is too long or not printable with a 400 naming the header', async () => {
    await fetch(`${server.url}/api/fixture/orgs/${ORG}`, { headers: { authorization: `Bearer ${admin}`, 'x-device-id': 'phone-1' } });
    expect(calls[0]?.context.deviceId).toBe('phone-1');
    for (const bad of ['x'.repeat(129), '']) {
      const res = await fetch(`${server.url}/api/fixture/orgs/${ORG}`, { headers: { authorization: `Bearer ${admin}`, 'x-device-id': bad } });
      expect(res.status).toBe(400);
      expect((await problem(res))['errors']).toEqual([{ field: 'X-Device-Id', message: 'must be 1 to 128 printable ASCII characters' }]);
    }
    expect(calls).toHaveLength(1);
  });

  it('answers a create with 201 and a Location, a delete with 204 and no body', async () => {
    answer = async () => ({ id: ORG, name: 'New' });
    const created = await fetch(`${server.url}/api/fixture/orgs`, {
      method: 'POST',
      ...json({ name: 'New' }, { authorization: `Bearer ${systemToken('SUPER_ADMIN').token}` }),
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('location')).toBe(`/api/fixture/orgs/${ORG}`);
    const deleted = await fetch(`${server.url}/api/fixture/orgs/${ORG}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${systemToken('SUPER_ADMIN').token}` },
    });
    expect(deleted.status).toBe(204);
    expect(await deleted.text()).toBe('');
  });

  it('answers malformed JSON with a 400 naming the problem, not a 500', async () => {
    const res = await fetch(`${server.url}/api/fixture/orgs/${ORG}`, { method: 'PUT', ...json('{"name": "Club",') });
    expect(res.status).toBe(400);
    const body = await problem(res);
    expect(body['code']).toBe('MALFORMED_REQUEST');
    expect(body['detail']).toMatch(/^The request body is not valid JSON/);
    expect(calls).toHaveLength(0);
  });

  it('answers wrong types with a 400 listing each field', async () => {
    const res = await fetch(`${server.url}/api/fixture/orgs/${ORG}`, { method: 'PUT', ...json({ name: 7, maxMembers: 'many', extra: 1 }) });
    expect(res.status).toBe(400);
    expect(await problem(res)).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [
        { field: 'name', message: 'must be a string' },
        { field: 'maxMembers', message: 'must be an integer' },
        { field: 'extra', message: 'is not a known field' },
      ],
    });
  });

  it('answers 413 for bodies over the limit and 415 for bodies that are not JSON', async () => {
    const big = await fetch(`${server.url}/api/fixture/echo`, { method: 'POST', ...json({ text: 'x'.repeat(4000) }) });
    expect(big.status).toBe(413);
    expect((await problem(big))['code']).toBe('PAYLOAD_TOO_LARGE');
    const text = await fetch(`${server.url}/api/fixture/echo`, {
      method: 'POST',
      body: 'text=hi',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(text.status).toBe(415);
    const latin1 = await fetch(`${server.url}/api/fixture/echo`, {
      method: 'POST',
      body: Buffer.from([0x7b, 0x22, 0xe9, 0x22, 0x3a, 0x31, 0x7d]),
      headers: { 'content-type': 'application/json' },
    });
    expect(latin1.status).toBe(400);
    expect((await problem(latin1))['detail']).toBe('The request body is not valid UTF-8');
  });

  it('treats an empty body as an empty message', async () => {
    answer = async (_rpc, request) => request;
    const res = await fetch(`${server.url}/api/fixture/echo`, { method: 'POST' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: '', text: '', count: 0, word: null, number: null });
  });

  it('answers 401 without a token and 403 for the wrong role, before reading the body', async () => {
    const anonymous = await fetch(`${server.url}/api/fixture/orgs/${ORG}`, {
      method: 'PUT',
      body: '{bad json',
      headers: { 'content-type': 'application/json' },
    });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toBe('Bearer');
    const member = await fetch(`${server.url}/api/fixture/orgs/${ORG}`, {
      method: 'PUT',
      ...json({}, { authorization: `Bearer ${orgToken(ORG, 'MEMBER').token}` }),
    });
    expect(member.status).toBe(403);
    expect((await problem(member))['code']).toBe('FORBIDDEN');
  });

  it('maps service errors through the canonical table and hides internal ones', async () => {
    answer = async () => {
      throw Object.assign(new Error('x'), { code: status.NOT_FOUND, details: 'Organisation not found', metadata: meta({ [ERROR_CODE_KEY]: 'NOT_FOUND' }) });
    };
    const missing = await fetch(`${server.url}/api/fixture/orgs/${ORG}`, { headers: { authorization: `Bearer ${admin}` } });
    expect(missing.status).toBe(404);
    expect(await problem(missing)).toMatchObject({ code: 'NOT_FOUND', detail: 'Organisation not found' });

    answer = async () => {
      throw new Error('secret stack detail');
    };
    const crash = await fetch(`${server.url}/api/fixture/orgs/${ORG}`, { headers: { authorization: `Bearer ${admin}` } });
    expect(crash.status).toBe(500);
    const text = await crash.text();
    expect(text).not.toContain('secret');
    expect(JSON.parse(text)).toMatchObject({ code: 'INTERNAL', status: 500 });
  });

  it('answers 503 when the service cannot be reached', async () => {
    const res = await fetch(`${server.url}/api/auth/health`);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('1');
    expect(await problem(res)).toMatchObject({ code: 'UNAVAILABLE', detail: 'The identity service is not available. Try again shortly.' });
  });

  it('serves the OpenAPI document and a docs page', async () => {
    const doc = (await (await fetch(`${server.url}/api/docs/openapi.json`)).json()) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toContain('/api/fixture/orgs/{id}');
    const html = await fetch(`${server.url}/api/docs`);
    expect(html.headers.get('content-type')).toContain('text/html');
    expect(html.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(await html.text()).toContain('/api/docs/openapi.json');
  });

  it('counts requests per route template', async () => {
    await fetch(`${server.url}/api/fixture/orgs/health`);
    const text = await metrics.registry.metrics();
    expect(text).toContain('gateway_http_requests_total{method="GET",route="GET /api/fixture/orgs/health",status="200"}');
    expect(text).toContain('route="unmatched",status="404"');
  });
});

function meta(values: Record<string, string>): Metadata {
  const m = new Metadata();
  for (const [k, v] of Object.entries(values)) m.set(k, v);
  return m;
}
