import { z } from 'zod';

/**
 * Field rules every service's RPCs share, with the platform's documented limits and messages.
 * Rules of one service's own fields (slugs, device ids…) stay in that service.
 */
export const uuid = z.string().uuid('must be a UUID');
/** '' (not given) or a UUID. */
export const optionalUuid = z.union([z.literal(''), uuid]);
/**
 * An optional filter: '' (not given) or one of `values`; anything else is refused naming them
 * (a union of '' and an enum would only say "Invalid input").
 */
export function optionalOneOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(['', ...values] as unknown as readonly ['', ...T], { error: `must be one of ${values.join(', ')}` });
}
/** An email address; an empty one is only "required". */
export const email = z
  .string()
  .trim()
  .min(1, { error: 'is required', abort: true })
  .max(254, 'must be at most 254 characters')
  .email('must be a valid email address');
/** A first or last name of a person. */
export const personName = z.string().trim().min(1, 'is required').max(100, 'must be at most 100 characters');
/** A search term: bounded, and optional ('' means none). */
export const searchTerm = z.string().trim().max(200, 'must be at most 200 characters');
/** A free-form JSON object (google.protobuf.Struct as ts-proto unwraps it). */
export const jsonObject = z.record(z.string(), z.unknown());
