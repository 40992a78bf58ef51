import { breakingChanges, unacknowledged } from './breaking-changes';

const doc = (paths: object, schemas: object = {}) => ({ openapi: '3.1.0', paths, components: { schemas } });
const ok = (schema: object) => ({ responses: { '200': { content: { 'application/json': { schema } } } } });
const member = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    status: { type: 'string', enum: ['ACTIVE', 'PENDING'] },
    age: { type: ['integer', 'null'] },
    tags: { type: 'array', items: { type: 'string' } },
  },
};

describe('breaking changes of the OpenAPI document', () => {
  const released = doc(
    { '/api/members/{id}': { get: ok({ $ref: '#/components/schemas/Member' }), delete: { responses: { '204': { description: 'gone' } } } } },
    { Member: member },
  );

  it('finds none between a document and itself, nor when fields and operations are added', () => {
    expect(breakingChanges(released, released)).toEqual([]);
    const grown = doc(
      {
        '/api/members/{id}': { get: ok({ $ref: '#/components/schemas/Member' }), delete: { responses: { '204': {} } } },
        '/api/x': { get: ok({ type: 'object' }) },
      },
      { Member: { ...member, properties: { ...member.properties, email: { type: 'string' } } } },
    );
    expect(breakingChanges(released, grown)).toEqual([]);
  });

  it('finds none when operations move to other tags, get new summaries and descriptions, or gain examples', () => {
    const documented = doc(
      {
        '/api/members/{id}': {
          get: {
            tags: ['Members'],
            summary: 'Get a member',
            description: 'One member of the organisation.',
            responses: { '200': { content: { 'application/json': { schema: { $ref: '#/components/schemas/Member' }, example: { id: 'x' } } } } },
          },
          delete: { tags: ['Members'], summary: 'Remove a member', responses: { '204': { description: 'gone' } } },
        },
      },
      { Member: member },
    );
    expect(breakingChanges(released, { ...documented, tags: [{ name: 'Members', description: 'Members.' }] })).toEqual([]);
  });

  it('names a removed operation, a removed field, a narrowed type and a narrowed enum', () => {
    const properties: Record<string, object> = {
      ...member.properties,
      status: { type: 'string', enum: ['ACTIVE'] },
      age: { type: 'integer' },
      tags: { type: 'array', items: { type: 'integer' } },
    };
    delete properties['id'];
    const shrunk = doc({ '/api/members/{id}': { get: ok({ $ref: '#/components/schemas/Member' }) } }, { Member: { ...member, properties } });
    expect(breakingChanges(released, shrunk)).toEqual([
      'removed field GET /api/members/{id} 200 id',
      'narrowed enum GET /api/members/{id} 200 status: PENDING no longer answered',
      'narrowed type GET /api/members/{id} 200 age: integer|null → integer',
      'narrowed type GET /api/members/{id} 200 tags[]: string → integer',
      'removed operation DELETE /api/members/{id}',
    ]);
  });

  it('names a request field or parameter that became required', () => {
    const before = doc({
      '/api/x': { post: { requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { a: {}, b: {} } } } } }, responses: {} } },
    });
    const after = doc({
      '/api/x': {
        post: {
          parameters: [{ in: 'query', name: 'page', required: true }],
          requestBody: { content: { 'application/json': { schema: { type: 'object', required: ['b'], properties: { a: {}, b: {} } } } } },
          responses: {},
        },
      },
    });
    expect(breakingChanges(before, after)).toEqual(['new required parameter POST /api/x query page', 'new required request field POST /api/x b']);
  });

  it('lets the changelog acknowledge a change, word for word', () => {
    const changes = ['removed operation DELETE /api/members/{id}', 'removed field GET /api/members/{id} 200 id'];
    expect(unacknowledged(changes, '# API changes\n\n- BREAKING: removed operation DELETE /api/members/{id}\n')).toEqual([
      'removed field GET /api/members/{id} 200 id',
    ]);
  });
});
