import jwt from 'jsonwebtoken';
import { TokenSigner, keyIdOf } from '@platform/auth';
import { PlatformError } from '@platform/errors';
import { fixtureProtos } from '../../test/support/fixture-protos';
import { TEST_ISSUER, TEST_SECRET, orgToken, signer, systemToken } from '../../test/support/tokens';
import { ProblemError } from '../http/problem';
import { RouteTable } from '../routing/route-table';
import { RequestAuthenticator, bearerToken } from './auth-middleware';
import type { SessionDenylist } from './session-denylist';

const ORG = '0b7c5a8e-1d1f-4a51-9f0e-6f2d8b9f5c11';
const OTHER = '11111111-1111-4111-8111-111111111111';
const SERVICE_SECRET = 'service-secret-that-is-at-least-32-characters';
const table = RouteTable.fromProtos(fixtureProtos());

function routeAt(method: string, path: string) {
  const match = table.match(method, path);
  if (match.kind !== 'found') throw new Error(match.kind);
  return match;
}

describe('request authentication', () => {
  const revoked = new Set<string>();
  const denylist = { isRevoked: async (t: { sid: string }) => revoked.has(t.sid) } as unknown as SessionDenylist;
  const auth = new RequestAuthenticator(signer, denylist);

  const status = async (method: string, path: string, token?: string): Promise<number> => {
    const { route, params } = routeAt(method, path);
    try {
      await auth.authenticate(route, token === undefined ? undefined : `Bearer ${token}`, params);
      return 200;
    } catch (err) {
      if (err instanceof ProblemError) return err.problem.status;
      if (err instanceof PlatformError) return err.code === 'UNAUTHENTICATED' ? 401 : 403;
      throw err;
    }
  };

  it('lets public routes through without a token', async () => {
    expect(await status('GET', '/api/fixture/orgs/health')).toBe(200);
  });

  it('needs a valid token of this issuer on every other route', async () => {
    expect(await status('GET', `/api/fixture/orgs/${ORG}`)).toBe(401);
    expect(await status('GET', `/api/fixture/orgs/${ORG}`, 'not.a.jwt')).toBe(401);
    const foreign = new TokenSigner({ issuer: 'someone-else', userKeys: { secret: TEST_SECRET } }).signAccess({
      sub: 's',
      sid: 's',
      userType: 'ORGANIZATION',
      organizationId: ORG,
      organizationRole: 'OWNER',
    });
    expect(await status('GET', `/api/fixture/orgs/${ORG}`, foreign.token)).toBe(401);
    const expired = new TokenSigner({ issuer: TEST_ISSUER, userKeys: { secret: TEST_SECRET }, now: () => 1_000 }).signAccess({
      sub: 's',
      sid: 's',
      userType: 'ORGANIZATION',
      organizationId: ORG,
      organizationRole: 'OWNER',
    });
    expect(await status('GET', `/api/fixture/orgs/${ORG}`, expired.token)).toBe(401);
    const refresh = signer.signRefresh({ sub: 's', sid: 's', jti: 'j' });
    expect(await status('GET', `/api/fixture/orgs/${ORG}`, refresh)).toBe(401);
  });

  it('refuses revoked sessions', async () => {
    const { token, claims } = orgToken(ORG, 'MEMBER');
    expect(await status('GET', `/api/fixture/orgs/${ORG}`, token)).toBe(200);
    revoked.add(claims.sid);
    expect(await status('GET', `/api/fixture/orgs/${ORG}`, token)).toBe(401);
  });

  it('scopes organisation routes to the token organisation', async () => {
    expect(await status('GET', `/api/fixture/orgs/${OTHER}`, orgToken(ORG, 'OWNER').token)).toBe(403);
    expect(await status('GET', `/api/fixture/orgs/${ORG.toUpperCase()}`, orgToken(ORG, 'MEMBER').token)).toBe(200);
  });

  it('enforces admin, owner and sys levels and the route authority', async () => {
    expect(await status('PUT', `/api/fixture/orgs/${ORG}`, orgToken(ORG, 'MEMBER').token)).toBe(403);
    expect(await status('PUT', `/api/fixture/orgs/${ORG}`, orgToken(ORG, 'ADMIN').token)).toBe(200);
    expect(await status('DELETE', `/api/fixture/orgs/${ORG}`, orgToken(ORG, 'ADMIN').token)).toBe(403);
    expect(await status('DELETE', `/api/fixture/orgs/${ORG}`, orgToken(ORG, 'OWNER').token)).toBe(200);
    expect(await status('POST', '/api/fixture/orgs', orgToken(ORG, 'OWNER').token)).toBe(403);
    expect(await status('POST', '/api/fixture/orgs', systemToken('SUPPORT_ADMIN').token)).toBe(403);
    expect(await status('POST', '/api/fixture/orgs', systemToken('PLATFORM_ADMIN').token)).toBe(200);
  });

  it('lets platform administrators into any organisation', async () => {
    expect(await status('DELETE', `/api/fixture/orgs/${OTHER}`, systemToken('SUPER_ADMIN').token)).toBe(200);
  });

  it('refuses service tokens on REST routes: the gateway holds no service key', async () => {
    const services = new TokenSigner({ issuer: TEST_ISSUER, userKeys: { secret: TEST_SECRET }, serviceKeys: { secret: SERVICE_SECRET } });
    expect(await status('GET', `/api/fixture/orgs/${ORG}`, services.signService('identity'))).toBe(401);
    // Nor does a token of the user key pass for a service's.
    const claims = { sub: 'service:identity', sid: 'service:identity', service: 'identity', userType: 'SYSTEM', systemRole: 'SUPER_ADMIN' };
    const forged = jwt.sign({ ...claims, iss: TEST_ISSUER }, TEST_SECRET, { algorithm: 'HS256', keyid: keyIdOf(TEST_SECRET) });
    expect(await status('DELETE', `/api/fixture/orgs/${ORG}`, forged)).toBe(401);
  });

  it('accepts tokens of the previous key while it is configured, and refuses them once it is removed', async () => {
    const next = 'next-user-secret-that-is-at-least-32-characters';
    const old = orgToken(ORG, 'MEMBER').token;
    const during = new RequestAuthenticator(new TokenSigner({ issuer: TEST_ISSUER, userKeys: { secret: next, accepted: TEST_SECRET } }), denylist);
    const after = new RequestAuthenticator(new TokenSigner({ issuer: TEST_ISSUER, userKeys: { secret: next } }), denylist);
    const { route, params } = routeAt('GET', `/api/fixture/orgs/${ORG}`);
    await expect(during.authenticate(route, `Bearer ${old}`, params)).resolves.toMatchObject({ caller: { organizationId: ORG } });
    await expect(after.authenticate(route, `Bearer ${old}`, params)).rejects.toThrow('not valid');
  });

  it('answers 503 rather than letting a token through when the denylist is down', async () => {
    const down = new RequestAuthenticator(signer, { isRevoked: () => Promise.reject(new Error('ECONNREFUSED')) } as unknown as SessionDenylist);
    const { route, params } = routeAt('GET', `/api/fixture/orgs/${ORG}`);
    await expect(down.authenticate(route, `Bearer ${orgToken(ORG, 'MEMBER').token}`, params)).rejects.toMatchObject({
      problem: { status: 503, code: 'DEPENDENCY_UNAVAILABLE', headers: { 'Retry-After': '5' } },
    });
  });

  it('parses only well-formed Bearer headers', () => {
    expect(bearerToken('Bearer abc.def.ghi')).toBe('abc.def.ghi');
    expect(bearerToken('bearer abc')).toBe('abc');
    expect(bearerToken('Basic abc')).toBeUndefined();
    expect(bearerToken('Bearer a b')).toBeUndefined();
  });
});
