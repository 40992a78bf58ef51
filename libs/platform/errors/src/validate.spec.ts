import { z } from 'zod';
import { ErrorCode } from './error-code';
import { PlatformError } from './platform-error';
import { validate } from './validate';

describe('validate', () => {
  const schema = z.object({ email: z.string().email(), address: z.object({ city: z.string().min(1) }) });

  it('returns the parsed value when valid', () => {
    expect(validate(schema, { email: 'a@b.org', address: { city: 'X' } })).toEqual({ email: 'a@b.org', address: { city: 'X' } });
  });

  it('throws a validation error naming every offending field', () => {
    try {
      validate(schema, { email: 'nope', address: { city: '' } });
      throw new Error('should have thrown');
    } catch (err) {
      expect(err).toBeInstanceOf(PlatformError);
      const e = err as PlatformError;
      expect(e.code).toBe(ErrorCode.VALIDATION_FAILED);
      expect(e.violations.map((v) => v.field)).toEqual(['email', 'address.city']);
    }
  });
});
