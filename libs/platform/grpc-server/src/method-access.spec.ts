import { platformMethodOptions, type MethodOptions } from '@platform/proto';
import { methodAccessTable } from './method-access';

describe('methodAccessTable', () => {
  it('gives every exposed RPC its auth level, authority, organisation field and success status', () => {
    const table = methodAccessTable(platformMethodOptions());
    expect(table.get('/platform.connector.v1.ConnectorService/CreateConnector')).toEqual({
      kind: 'exposed',
      auth: 'admin',
      authority: 'ORG:CONNECTOR:MANAGE',
      orgField: 'organizationId',
      successStatus: 201,
    });
    expect([...table.values()].filter((a) => a.kind === 'internal').length).toBeGreaterThan(0);
  });

  const one = (options: Partial<MethodOptions>): Record<string, MethodOptions> => ({
    '/p.S/M': { service: 'p.S', method: 'M', http: true, access: null, ...options },
  });
  it('refuses an exposed RPC without an auth level, or naming an unknown authority', () => {
    expect(() => methodAccessTable(one({ access: null }))).toThrow('p.S.M has a REST binding but no auth level');
    expect(() => methodAccessTable(one({ access: { auth: 'AUTH_LEVEL_USER', authority: 'ORG:NOPE' } }))).toThrow('p.S.M names unknown authority ORG:NOPE');
  });

  it('treats an RPC without a REST binding as internal', () => {
    expect(methodAccessTable(one({ http: false })).get('/p.S/M')).toEqual({ kind: 'internal' });
  });
});
