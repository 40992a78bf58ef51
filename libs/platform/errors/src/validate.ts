import type { z } from 'zod';
import { PlatformError } from './platform-error';

/**
 * Parses input with a zod schema; on failure throws a validation PlatformError whose violations
 * name each offending field (`address.city`), so the client gets a 400 with `errors[]`.
 */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const violations = result.error.issues.map((issue) => ({
    field: issue.path.map(String).join('.') || '(body)',
    message: issue.message,
  }));
  throw PlatformError.validation(violations, `Invalid ${violations.map((v) => v.field).join(', ')}`);
}
