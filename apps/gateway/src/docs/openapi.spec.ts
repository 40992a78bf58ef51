import { fixtureProtos } from '../../test/support/fixture-protos';
import { loadProtoSource } from '../protos/proto-source';
import { RouteTable } from '../routing/route-table';
import { API_INFO, buildOpenApi } from './openapi';

type Json = Record<string, any>;

describe('the OpenAPI document', () => {
  const table = RouteTable.fromProtos(fixtureProtos());
  const doc = buildOpenApi(table, { title: 'API', version: '1' }) as Json;

  it('is OpenAPI 3.1 with every routed path and method', () => {
    expect(doc['openapi']).toBe('3.1.0');
    for (const route of table.routes) {
      const path = route.template.source
        .replace('{path=**}', '{path}')
        .replace(/\{(\w+)\}/g, (_, v: string) => `{${v.replace(/_(\w)/g, (__, c: string) => c.toUpperCase())}}`);
      expect(doc['paths'][path]?.[route.httpMethod.toLowerCase()]).toBeDefined();
    }
  });

  it('states each operation’s auth level as security and in x-platform-access', () => {
    const update = doc['paths']['/api/fixture/orgs/{id}']['put'];
    expect(update.security).toEqual([{ bearerAuth: [] }]);
    expect(update['x-platform-access']).toMatchObject({ auth: 'admin', authority: 'ORG:ORGANIZATION:UPDATE', orgParam: 'id' });
    expect(update.description).toContain('ORG:ORGANIZATION:UPDATE');
    expect(doc['paths']['/api/fixture/orgs/health']['get'].security).toEqual([]);
    expect(doc['paths']['/api/auth/org/login']['post'].responses['423']).toEqual({ $ref: '#/components/responses/Locked' });
  });

  it('describes bodies and replies from the messages, with JSON names and limits', () => {
    const update = doc['paths']['/api/fixture/orgs/{id}']['put'];
    const body = update.requestBody.content['application/json'].schema;
    expect(Object.keys(body.properties)).toEqual(expect.arrayContaining(['name', 'website_url', 'allow_join_requests', 'orgType']));
    expect(body.properties).not.toHaveProperty('id');
    expect(body.additionalProperties).toBe(false);
    expect(body.properties.name.maxLength).toBe(100);
    expect(body.properties.orgType.enum).toEqual(['ASSOCIATION', 'CLUB']);
    expect(body.properties.memberIds.items.format).toBe('uuid');
    expect(update.responses['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/platform.fixture.v1.Org' });
    expect(doc['components'].schemas['platform.fixture.v1.Org'].properties.foundedAt.anyOf[0]).toEqual({ type: 'string', format: 'date-time' });
  });

  it('lists query parameters of GET routes with their types', () => {
    // Path variables carry their JSON names, as the spec writes them.
    const params = doc['paths']['/api/fixture/orgs/{organizationId}/members']['get'].parameters as Json[];
    expect(params.map((p) => `${p.in}:${p.name}`)).toEqual(
      expect.arrayContaining(['path:organizationId', 'query:page', 'query:size', 'query:tags', 'query:active', 'query:since']),
    );
    expect(params.find((p) => p.name === 'page')?.schema.type).toBe('integer');
  });

  it('uses the success status, Location for creates, no content for 204, problem+json for errors', () => {
    const create = doc['paths']['/api/fixture/orgs']['post'];
    expect(create.responses['201'].headers.Location).toBeDefined();
    expect(doc['paths']['/api/fixture/orgs/{id}']['delete'].responses['204']).toEqual({ description: 'No content' });
    expect(doc['components'].responses.BadRequest.content['application/problem+json'].schema).toEqual({ $ref: '#/components/schemas/Problem' });
  });
});

describe('the problems each operation of the platform declares', () => {
  const doc = buildOpenApi(RouteTable.fromProtos(loadProtoSource()), API_INFO) as Json;
  const statuses = (method: string, path: string) => Object.keys(doc['paths'][path][method].responses);

  it('declares what the validating proxy found answered but undeclared: 409 and 403 on register, 401 on refresh, 409 on organisation creates', () => {
    expect(statuses('post', '/api/auth/org/register')).toEqual(expect.arrayContaining(['201', '400', '403', '409', '429']));
    expect(statuses('post', '/api/auth/tokens/refresh')).toEqual(expect.arrayContaining(['401', '403']));
    expect(statuses('post', '/api/auth/refresh')).toEqual(expect.arrayContaining(['401']));
    expect(statuses('post', '/api/orgs/create-with-invitation')).toEqual(expect.arrayContaining(['409', '410']));
  });

  it('declares 410 where an invitation token is taken, 423 and 429 with Retry-After where attempts are limited, 504 everywhere', () => {
    expect(statuses('post', '/api/orgs/{organizationId}/invitations/{token}/accept')).toContain('410');
    expect(statuses('post', '/api/auth/org/login')).toEqual(expect.arrayContaining(['401', '403', '423', '429']));
    expect(statuses('post', '/api/auth/password-reset/verify')).toEqual(expect.arrayContaining(['423', '429']));
    expect(doc['components'].responses['TooManyRequests'].headers).toHaveProperty('Retry-After');
    for (const operations of Object.values(doc['paths'] as Json))
      for (const operation of Object.values(operations as Json)) expect(operation.responses).toHaveProperty('504');
  });

  it('declares no conflict on a read, and every problem as application/problem+json', () => {
    expect(statuses('get', '/api/auth/health')).not.toContain('409');
    for (const response of Object.values(doc['components'].responses as Json)) expect(Object.keys(response.content)).toEqual(['application/problem+json']);
  });
});
