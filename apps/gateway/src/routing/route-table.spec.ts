import { badProtos, fixtureProtos } from '../../test/support/fixture-protos';
import { RouteTable } from './route-table';

describe('the route table', () => {
  const table = RouteTable.fromProtos(fixtureProtos(), { fixture: '127.0.0.1:6000' });

  const found = (method: string, path: string) => {
    const match = table.match(method, path);
    if (match.kind !== 'found') throw new Error(`${method} ${path}: ${match.kind}`);
    return match;
  };

  it('routes every RPC with an http rule, and no internal RPC', () => {
    const rpcs = table.routes.filter((r) => r.service.key === 'fixture').map((r) => r.rpc.name);
    expect(rpcs).toContain('GetOrg');
    expect(rpcs).not.toContain('Internal');
    expect(table.routes.some((r) => r.template.source === '/api/auth/org/login')).toBe(true);
  });

  it('prefers a fixed segment over a variable: /orgs/health never reaches /orgs/{id}', () => {
    expect(found('GET', '/api/fixture/orgs/health').route.rpc.name).toBe('Health');
    expect(found('GET', '/api/fixture/orgs/0b7c5a8e-1d1f-4a51-9f0e-6f2d8b9f5c11').route.rpc.name).toBe('GetOrg');
  });

  it('answers 405 with the allowed methods for a known path, without falling back to a variable', () => {
    expect(table.match('DELETE', '/api/fixture/orgs/health')).toEqual({ kind: 'method-not-allowed', allowed: ['GET'] });
    const methods = table.match('POST', '/api/fixture/orgs/x');
    expect(methods.kind === 'method-not-allowed' && [...methods.allowed].sort()).toEqual(['DELETE', 'GET', 'PUT']);
  });

  it('answers not-found for unknown paths', () => {
    expect(table.match('GET', '/api/nothing/here')).toEqual({ kind: 'not-found' });
    expect(table.match('GET', '/api/fixture/orgs//members')).toEqual({ kind: 'not-found' });
  });

  it('extracts path variables by their template names', () => {
    expect(found('GET', '/api/fixture/orgs/o-1/members').params).toEqual({ organization_id: 'o-1' });
    expect(found('GET', '/api/fixture/files/a/b/c.pdf').params).toEqual({ path: 'a/b/c.pdf' });
  });

  it('serves additional bindings, given as one object or as an array', () => {
    expect(found('POST', '/api/auth/refresh').route.rpc.name).toBe('RefreshTokens');
    expect(found('POST', '/api/auth/tokens/refresh').route.rpc.name).toBe('RefreshTokens');
    expect(found('POST', '/api/fixture/echo-again').route.id).toBe('FixtureService.Echo#1');
    expect(found('PATCH', '/api/fixture/echo/abc').route.id).toBe('FixtureService.Echo#2');
  });

  it('carries the access option and the organisation variable', () => {
    const update = found('PUT', '/api/fixture/orgs/x').route;
    expect(update.access).toMatchObject({ auth: 'admin', authority: 'ORG:ORGANIZATION:UPDATE', successStatus: 200 });
    expect(update.orgParam).toBe('id');
    expect(found('GET', '/api/fixture/orgs/x/members').route.orgParam).toBe('organization_id');
    expect(found('PUT', '/api/fixture/orgs/x/branding').route.orgParam).toBe('org_id');
    expect(found('POST', '/api/auth/org/login').route.access.loginLockout).toBe(true);
  });

  it('addresses services from <SVC>_GRPC_URL, with defaults for the platform services', () => {
    expect(found('GET', '/api/fixture/orgs/health').route.service).toMatchObject({ key: 'fixture', envName: 'FIXTURE_GRPC_URL', address: '127.0.0.1:6000' });
    expect(found('GET', '/api/auth/health').route.service.address).toBe('127.0.0.1:50051');
    const unconfigured = RouteTable.fromProtos(fixtureProtos()).match('GET', '/api/fixture/orgs/health');
    expect(unconfigured.kind === 'found' && unconfigured.route.service.address).toBeUndefined();
  });

  it('sends Location for creates whose resource has a GET at <path>/{id}', () => {
    expect(found('POST', '/api/fixture/orgs').route.locationFromId).toBe(true);
    expect(found('POST', '/api/auth/org/register').route.locationFromId).toBe(false);
  });

  it('fails at start when an exposed RPC has no access option', () => {
    expect(() => RouteTable.fromProtos(badProtos('missing_access.proto'))).toThrow(
      'platform.badfixture.v1.BadService.Exposed is exposed over REST but has no (platform.options.v1.access) option',
    );
  });

  it('fails at start when a lockout route has no email to key the lockout on', () => {
    expect(() => RouteTable.fromProtos(badProtos('lockout_without_email.proto'))).toThrow("login_lockout needs a string field 'email'");
  });

  it('fails at start when two RPCs claim the same method and path shape', () => {
    expect(() => RouteTable.fromProtos(badProtos('shadowed.proto'))).toThrow('conflicts with /api/shadow/{id}');
  });
});
