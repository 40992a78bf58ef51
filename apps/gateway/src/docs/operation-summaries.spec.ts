import { fixtureProtos } from '../../test/support/fixture-protos';
import { loadProtoSource } from '../protos/proto-source';
import { RouteTable } from '../routing/route-table';
import { API_INFO, buildOpenApi } from './openapi';

type Json = Record<string, any>;

/**
 * Each operation's summary is the first line of its RPC's proto comment: a short imperative
 * sentence ("List members."), shown without its full stop; the rest of the comment leads the
 * description.
 */
describe('the summary and description of each operation', () => {
  const table = RouteTable.fromProtos(loadProtoSource());
  const document = buildOpenApi(table, API_INFO) as Json;
  const operations = Object.entries(document['paths'] as Json).flatMap(([path, item]) =>
    Object.entries(item as Json).map(([method, operation]) => ({
      where: `${method.toUpperCase()} ${path}`,
      summary: (operation as Json)['summary'] as string,
    })),
  );

  it('gives every operation a short imperative summary, never the bare RPC name', () => {
    const poor = operations
      .filter((op) => !/^[A-Z][a-z]* [^\n]{3,55}[^.]$/.test(op.summary) || table.routes.some((route) => route.rpc.name === op.summary))
      .map((op) => `${op.where}: ${op.summary}`);
    expect(poor).toEqual([]);
  });

  it('starts the description with the rest of the comment where it says more', () => {
    const login = document['paths']['/api/auth/org/login']['post'];
    expect(login.summary).toBe('Sign in to an organisation');
    expect(login.description).toMatch(/^Organisation login: email and password/);
    expect(document['paths']['/api/orgs/{organizationId}/users']['get'].summary).toBe('List members');
  });

  it('falls back to the RPC name when the RPC has no comment', () => {
    const fixture = buildOpenApi(RouteTable.fromProtos(fixtureProtos()), API_INFO) as Json;
    expect(fixture['paths']['/api/fixture/orgs/{id}']['get'].summary).toBe('Reads one organisation');
    expect(fixture['paths']['/api/fixture/orgs']['post'].summary).toBe('CreateOrg');
  });
});
