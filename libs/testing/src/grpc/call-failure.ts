import type { ServiceError } from '@grpc/grpc-js';
import { ERROR_VIOLATIONS_KEY } from '@platform/errors';

/** The error of a call expected to fail, or undefined when it succeeded. */
export const failure = (call: Promise<unknown>): Promise<ServiceError | undefined> =>
  call.then(
    () => undefined,
    (err: ServiceError) => err,
  );

/** The field violations a validation error carries (what the gateway renders as `errors[]`). */
export function violationsOf(err: ServiceError | undefined): { field: string; message: string }[] {
  const [raw] = err?.metadata?.get(ERROR_VIOLATIONS_KEY) ?? [];
  return raw ? (JSON.parse(Buffer.isBuffer(raw) ? raw.toString('utf8') : raw) as { field: string; message: string }[]) : [];
}
