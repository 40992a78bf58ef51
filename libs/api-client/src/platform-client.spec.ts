import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { bearer, createPlatformClient, isProblem, PlatformProblemError, unwrap, type ProblemDetails } from './index';

interface Seen {
  method: string;
  url: string;
  authorization?: string;
  contentType?: string;
  body: string;
}

const PROBLEM: ProblemDetails = {
  type: '/api/docs#problem-forbidden',
  title: 'Forbidden',
  status: 403,
  detail: 'Not a member of this organisation',
  instance: '/api/orgs/x',
  code: 'FORBIDDEN',
  requestId: 'r-1',
};

/** A stand-in gateway: answers by path, and remembers what it was sent. */
function gateway(): Promise<{ url: string; seen: Seen[]; server: Server }> {
  const seen: Seen[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization, contentType: req.headers['content-type'], body });
      const json = (status: number, value: unknown, type = 'application/json') => {
        res.writeHead(status, { 'content-type': type });
        res.end(JSON.stringify(value));
      };
      if (req.url?.startsWith('/api/orgs/forbidden')) json(403, PROBLEM, 'application/problem+json');
      else if (req.url?.startsWith('/api/orgs/')) json(200, { id: decodeURIComponent(req.url.slice('/api/orgs/'.length)), slug: 'alpha' });
      else if (req.url === '/api/auth/org/login') json(200, { accessToken: 'a.b.c', tokenType: 'Bearer' });
      else if (req.url === '/api/auth/tokens/revoke') res.writeHead(204).end();
      else {
        res.writeHead(502, { 'content-type': 'text/plain' });
        res.end('bad gateway');
      }
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, server })),
  );
}

describe('the platform client', () => {
  let stub: Awaited<ReturnType<typeof gateway>>;
  beforeAll(async () => (stub = await gateway()));
  afterAll(() => new Promise((resolve) => stub.server.close(resolve)));
  beforeEach(() => stub.seen.splice(0));

  it('fills path parameters (encoded) and sends the token it was made with', async () => {
    const client = createPlatformClient({ baseUrl: `${stub.url}/`, token: 'owner-token' });
    const { data, error, response } = await client.GET('/api/orgs/{id}', { params: { path: { id: 'a b' } } });
    expect(response.status).toBe(200);
    expect(error).toBeUndefined();
    expect(data?.slug).toBe('alpha');
    expect(stub.seen[0]).toMatchObject({ method: 'GET', url: '/api/orgs/a%20b', authorization: 'Bearer owner-token' });
  });

  it('posts JSON bodies and takes a bearer token per request', async () => {
    const client = createPlatformClient({ baseUrl: stub.url });
    const login = unwrap(await client.POST('/api/auth/org/login', { body: { email: 'a@b.org', password: 'pw' } }));
    expect(login.accessToken).toBe('a.b.c');
    expect(stub.seen[0]).toMatchObject({ contentType: 'application/json', body: '{"email":"a@b.org","password":"pw"}' });
    expect(stub.seen[0]?.authorization).toBeUndefined();

    await client.POST('/api/auth/tokens/revoke', { headers: bearer('member-token') });
    expect(stub.seen[1]?.authorization).toBe('Bearer member-token');
    expect(bearer(undefined)).toEqual({});
  });

  it('types a problem+json answer as ProblemDetails, and unwrap throws it with its code', async () => {
    const client = createPlatformClient({ baseUrl: stub.url });
    const result = await client.GET('/api/orgs/{id}', { params: { path: { id: 'forbidden' } } });
    expect(result.response.status).toBe(403);
    expect(result.error).toEqual(PROBLEM);
    const code: string | undefined = result.error?.code;
    expect(code).toBe('FORBIDDEN');
    expect(isProblem(result.error)).toBe(true);

    const thrown = (() => {
      try {
        unwrap(result);
      } catch (err) {
        return err;
      }
      return undefined;
    })();
    expect(thrown).toBeInstanceOf(PlatformProblemError);
    expect(thrown).toMatchObject({ status: 403, path: '/api/orgs/forbidden', problem: PROBLEM });
    expect((thrown as Error).message).toBe('/api/orgs/forbidden answered 403 FORBIDDEN: Not a member of this organisation');
  });

  it('keeps a body that is not a problem (a proxy answering text) as text', async () => {
    const client = createPlatformClient({ baseUrl: stub.url });
    const result = await client.GET('/api/auth/health');
    expect(result.response.status).toBe(502);
    expect(isProblem(result.error)).toBe(false);
    expect(() => unwrap(result)).toThrow(new PlatformProblemError('/api/auth/health', 502, undefined, 'bad gateway'));
  });

  it('answers no data for 204 No Content, and unwrap accepts it', async () => {
    const client = createPlatformClient({ baseUrl: stub.url, token: 't' });
    const result = await client.POST('/api/auth/tokens/revoke');
    expect(result.response.status).toBe(204);
    expect(unwrap(result)).toBeUndefined();
  });

  it('sends through the fetch it was given', async () => {
    const urls: string[] = [];
    const client = createPlatformClient({
      baseUrl: 'http://platform.invalid',
      fetch: async (request) => {
        urls.push(request.url);
        return Response.json({ status: 'UP' });
      },
    });
    expect(unwrap(await client.GET('/api/auth/health'))).toEqual({ status: 'UP' });
    expect(urls).toEqual(['http://platform.invalid/api/auth/health']);
  });
});
