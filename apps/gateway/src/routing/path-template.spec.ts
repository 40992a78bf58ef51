import { extractVariables, parsePathTemplate, renderTemplate, splitRequestPath } from './path-template';

describe('path templates', () => {
  it('parses literals, variables and a trailing rest variable', () => {
    const t = parsePathTemplate('/api/orgs/{organization_id}/files/{path=**}');
    expect(t.shape).toBe('/api/orgs/*/files/**');
    expect(t.variables).toEqual(['organization_id', 'path']);
  });

  it('treats {id=*} like {id}', () => {
    expect(parsePathTemplate('/api/orgs/{id=*}').shape).toBe('/api/orgs/*');
  });

  it.each([
    ['api/orgs', 'must start with /'],
    ['/api/{path=**}/x', "'**' only as the last segment"],
    ['/api/orgs/{id}:publish', 'unsupported segment'],
    ['/api/orgs/{name=orgs/*}', 'unsupported segment'],
    ['/api/{id}/x/{id}', 'repeated variable'],
    ['/api/{1bad}', 'bad variable'],
  ])('refuses %s', (source, message) => {
    expect(() => parsePathTemplate(source)).toThrow(message);
  });

  it('splits and percent-decodes request paths, ignoring one trailing slash', () => {
    expect(splitRequestPath('/api/orgs/a%20b/')).toEqual(['api', 'orgs', 'a b']);
    expect(splitRequestPath('/api/orgs/a%2Fb')).toEqual(['api', 'orgs', 'a/b']);
    expect(splitRequestPath('/')).toEqual([]);
    expect(splitRequestPath('/api/%E0%A4%A')).toBeUndefined();
  });

  it('extracts variables, the rest variable joining its segments', () => {
    const t = parsePathTemplate('/api/orgs/{id}/files/{path=**}');
    expect(extractVariables(t, ['api', 'orgs', 'o1', 'files', 'a', 'b.pdf'])).toEqual({ id: 'o1', path: 'a/b.pdf' });
  });

  it('renders a template with encoded values', () => {
    expect(renderTemplate(parsePathTemplate('/api/orgs/{id}/files/{path=**}'), { id: 'a b', path: 'x/y z' })).toBe('/api/orgs/a%20b/files/x/y%20z');
  });
});
