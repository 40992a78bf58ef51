import { httpBindings } from './http-rule';

describe('google.api.http rules', () => {
  it('reads the main binding', () => {
    expect(httpBindings({ post: '/api/x', body: '*' }, 'm')).toEqual([{ method: 'POST', path: '/api/x', body: '*', responseBody: '' }]);
  });

  it('reads one additional binding given as an object (how proto-loader renders a single one)', () => {
    const rule = { post: '/api/auth/tokens/refresh', body: '*', additional_bindings: { post: '/api/auth/refresh', body: '*' } };
    expect(httpBindings(rule, 'm').map((b) => b.path)).toEqual(['/api/auth/tokens/refresh', '/api/auth/refresh']);
  });

  it('reads several additional bindings given as an array', () => {
    const rule = { get: '/a', additional_bindings: [{ get: '/b' }, { delete: '/c/{id}' }] };
    expect(httpBindings(rule, 'm').map((b) => `${b.method} ${b.path}`)).toEqual(['GET /a', 'GET /b', 'DELETE /c/{id}']);
  });

  it('refuses rules without exactly one verb, custom verbs and bodies on GET', () => {
    expect(() => httpBindings({ body: '*' }, 'm')).toThrow('exactly one of');
    expect(() => httpBindings({ get: '/a', post: '/a' }, 'm')).toThrow('exactly one of');
    expect(() => httpBindings({ custom: { kind: 'HEAD', path: '/a' } }, 'm')).toThrow('custom HTTP verbs');
    expect(() => httpBindings({ get: '/a', body: '*' }, 'm')).toThrow('cannot take a body');
  });
});
