import { fixtureProtos } from '../../test/support/fixture-protos';
import { RouteTable } from '../routing/route-table';
import { apiDocs } from './api-docs';
import { buildOpenApi } from './openapi';

jest.mock('./openapi', () => {
  const actual = jest.requireActual<typeof import('./openapi')>('./openapi');
  return { ...actual, buildOpenApi: jest.fn(actual.buildOpenApi) };
});

describe('the API docs', () => {
  const table = RouteTable.fromProtos(fixtureProtos(), { fixture: 'fake:1' });

  it('builds the OpenAPI document on its first request, not before, and once', () => {
    const docs = apiDocs(table, { title: 'API', version: '1' });
    expect(buildOpenApi).not.toHaveBeenCalled();
    const first = docs.openApiJson();
    expect(JSON.parse(first)).toMatchObject({
      openapi: '3.1.0',
      info: { title: 'API' },
      paths: expect.objectContaining({ '/api/fixture/orgs/{id}': expect.anything() }),
    });
    expect(docs.openApiJson()).toBe(first);
    expect(buildOpenApi).toHaveBeenCalledTimes(1);
  });

  it('serves the page without building the document', () => {
    const docs = apiDocs(table, { title: 'Platform <API>', version: '1' });
    expect(docs.page().html).toContain('<title>Platform &lt;API&gt;</title>');
    expect(docs.page()).toBe(docs.page());
    expect(buildOpenApi).not.toHaveBeenCalled();
  });
});
