import { z } from 'zod';
import { PlatformError } from './platform-error';
import { email, optionalOneOf, optionalUuid, personName, searchTerm, uuid } from './inputs';
import { validate } from './validate';

const violationsOf = (schema: z.ZodType, input: unknown) => {
  try {
    validate(schema, input);
    return [];
  } catch (err) {
    return (err as PlatformError).violations;
  }
};

describe('the shared input rules', () => {
  it('takes UUIDs, and optional ones as empty', () => {
    const input = z.object({ id: uuid, parentId: optionalUuid });
    expect(violationsOf(input, { id: '1b4e28ba-2fa1-11d2-883f-0016d3cca427', parentId: '' })).toEqual([]);
    expect(violationsOf(input, { id: 'nope', parentId: 'nope' })).toEqual([
      { field: 'id', message: 'must be a UUID' },
      { field: 'parentId', message: 'must be a UUID' },
    ]);
  });

  it('says only "is required" of an empty email, and trims a valid one', () => {
    expect(violationsOf(z.object({ email }), { email: '  ' })).toEqual([{ field: 'email', message: 'is required' }]);
    expect(violationsOf(z.object({ email }), { email: 'not-an-email' })).toEqual([{ field: 'email', message: 'must be a valid email address' }]);
    expect(validate(email, ' ann@example.org ')).toBe('ann@example.org');
  });

  it('takes an optional filter empty or as one of its values, and names them when it is neither', () => {
    const status = optionalOneOf(['ACTIVE', 'PAUSED'] as const);
    expect(validate(status, '')).toBe('');
    expect(validate(status, 'PAUSED')).toBe('PAUSED');
    expect(violationsOf(z.object({ status }), { status: 'active' })).toEqual([{ field: 'status', message: 'must be one of ACTIVE, PAUSED' }]);
  });

  it('bounds names and search terms', () => {
    expect(violationsOf(personName, '')).toEqual([{ field: '(body)', message: 'is required' }]);
    expect(violationsOf(personName, 'x'.repeat(101))).toEqual([{ field: '(body)', message: 'must be at most 100 characters' }]);
    expect(validate(searchTerm, '')).toBe('');
    expect(violationsOf(searchTerm, 'x'.repeat(201))).toEqual([{ field: '(body)', message: 'must be at most 200 characters' }]);
  });
});
