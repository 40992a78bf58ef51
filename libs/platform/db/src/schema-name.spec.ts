import { assertSchemaName, quotedSchema } from './schema-name';

describe('schema names', () => {
  it('accepts lowercase identifiers and quotes them', () => {
    expect(assertSchemaName('identity')).toBe('identity');
    expect(quotedSchema('t_members_1a2b')).toBe('"t_members_1a2b"');
  });

  it.each([['Identity'], ['1abc'], ['a-b'], ['x"; DROP SCHEMA public; --'], [''], ['a'.repeat(64)]])('rejects %p', (name) => {
    expect(() => assertSchemaName(name)).toThrow(/invalid Postgres schema name/);
  });
});
