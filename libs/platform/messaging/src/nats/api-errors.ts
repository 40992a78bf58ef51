import { JetStreamApiError } from '@nats-io/jetstream';

/** JetStream API error codes this library reacts to (see nats-server's errors.json). */
export const ApiCode = {
  ConsumerNotFound: 10014,
  StreamNameInUse: 10058,
  StreamNotFound: 10059,
  ConsumerAlreadyExists: 10148,
} as const;

export function isApiError(err: unknown, code: number): boolean {
  return err instanceof JetStreamApiError && err.code === code;
}
