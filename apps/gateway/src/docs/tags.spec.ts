import { fixtureProtos } from '../../test/support/fixture-protos';
import { loadProtoSource } from '../protos/proto-source';
import { RouteTable } from '../routing/route-table';
import { API_INFO, buildOpenApi } from './openapi';
import { OPERATION_TAGS, tagOf } from './tags';

type Json = Record<string, any>;

const operationsOf = (document: Json): Json[] => Object.values(document['paths'] as Json).flatMap((item) => Object.values(item as Json));

describe('operations grouped by resource', () => {
  const table = RouteTable.fromProtos(loadProtoSource());
  const document = buildOpenApi(table, API_INFO) as Json;
  const names = OPERATION_TAGS.map((tag) => tag.name);

  it('files every operation under exactly one of the listed resources, named in its RPC’s access option', () => {
    const unlisted = table.routes.filter((route) => !names.includes(tagOf(route))).map((route) => `${route.id}: ${tagOf(route)}`);
    expect(unlisted).toEqual([]);
    for (const operation of operationsOf(document)) expect(operation.tags).toHaveLength(1);
  });

  it('lists each resource once, with a one-line description, and uses each of them', () => {
    expect(new Set(names).size).toBe(names.length);
    for (const tag of OPERATION_TAGS) expect(tag.description).toMatch(/^[A-Z].{10,160}\.$/);
    const used = new Set(operationsOf(document).map((operation) => operation.tags[0]));
    expect(names.filter((name) => !used.has(name))).toEqual([]);
  });

  it('declares the resources at the top of the document in reading order, sign-in first and audit last', () => {
    expect(document['tags']).toEqual(OPERATION_TAGS);
    expect(names.slice(0, 3)).toEqual(['Auth', 'Account & MFA', 'Organisations']);
    expect(names[names.length - 1]).toBe('Audit');
  });

  it('files the routes of one service under several resources (members, invitations, billing… of the organisation service)', () => {
    const organisation = table.routes.filter((route) => route.service.fullName.endsWith('OrganisationService'));
    expect(new Set(organisation.map(tagOf)).size).toBeGreaterThan(8);
    const byPath = (method: string, path: string) => document['paths'][path][method].tags[0];
    expect(byPath('get', '/api/orgs/{organizationId}/users')).toBe('Members');
    expect(byPath('post', '/api/orgs/{organizationId}/invitations')).toBe('Invitations');
    expect(byPath('post', '/api/auth/mfa/verify')).toBe('Auth');
    expect(byPath('post', '/api/auth/mfa/enrol/start')).toBe('Account & MFA');
  });

  it('files an RPC that names no tag under its service’s name, so the document still renders', () => {
    const fixture = RouteTable.fromProtos(fixtureProtos()).routes.filter((route) => route.service.fullName.endsWith('.FixtureService'));
    expect(fixture.length).toBeGreaterThan(0);
    expect(new Set(fixture.map(tagOf))).toEqual(new Set(['FixtureService']));
  });
});
