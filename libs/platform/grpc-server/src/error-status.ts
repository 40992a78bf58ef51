import { Metadata, status, type ServiceError } from '@grpc/grpc-js';
import { databaseOutageOf } from '@platform/db';
import {
  ERROR_CODE_KEY,
  ERROR_RETRY_AFTER_KEY,
  ERROR_VIOLATIONS_KEY,
  ErrorCode,
  PlatformError,
  grpcStatusOf,
  natsOutageOf,
  redisOutageOf,
} from '@platform/errors';
import type { Logger } from '@platform/telemetry';

/**
 * Turns anything a handler threw into a gRPC error. A PlatformError keeps its message and code
 * (in trailing metadata for the gateway); a database, Redis or NATS that cannot be reached is
 * UNAVAILABLE with DEPENDENCY_UNAVAILABLE and a retry-after (an outage, not a bug); anything else
 * is logged with its stack and answered as a generic INTERNAL error.
 */
export function toServiceError(err: unknown, logger: Logger): Partial<ServiceError> {
  if (err instanceof PlatformError) return fromPlatformError(err);
  const outage = dependencyOutageOf(err);
  if (outage) {
    // Expected while the dependency is down: one line, no stack; readiness reports the outage too.
    logger.warn({ dependency: outage.dependency, reason: outage.reason, error: err instanceof Error ? err.message : String(err) }, 'dependency unavailable');
    return fromPlatformError(PlatformError.dependencyUnavailable(`The ${outage.dependency} this operation needs is unavailable right now. Try again shortly.`));
  }
  if (isServiceError(err) && err.code === status.UNAVAILABLE && firstString(err.metadata, ERROR_CODE_KEY) === ErrorCode.DEPENDENCY_UNAVAILABLE) {
    // A service this one called has lost its own dependency: the client sees that outage, not a 500.
    logger.warn({ code: err.code, details: err.details }, 'downstream dependency unavailable');
    return fromPlatformError(
      PlatformError.dependencyUnavailable(err.details || 'A service this operation needs is missing a dependency right now. Try again shortly.'),
    );
  }
  const metadata = new Metadata();
  if (isServiceError(err)) {
    // A downstream gRPC failure: pass its status on, but not its internals.
    const passOn = err.code === status.UNAVAILABLE || err.code === status.DEADLINE_EXCEEDED || err.code === status.CANCELLED;
    logger.warn({ err, code: err.code }, 'downstream call failed');
    if (passOn) return { code: err.code, details: 'A platform service is not available', metadata };
  } else {
    logger.error({ err }, 'unhandled error in handler');
  }
  metadata.set(ERROR_CODE_KEY, ErrorCode.INTERNAL);
  return { code: status.INTERNAL, details: 'Internal error', metadata };
}

function fromPlatformError(err: PlatformError): Partial<ServiceError> {
  const metadata = new Metadata();
  metadata.set(ERROR_CODE_KEY, err.code);
  if (err.violations.length > 0) metadata.set(ERROR_VIOLATIONS_KEY, Buffer.from(JSON.stringify(err.violations), 'utf8'));
  if (err.retryAfterSeconds !== undefined) metadata.set(ERROR_RETRY_AFTER_KEY, String(err.retryAfterSeconds));
  return { code: grpcStatusOf(err.code), details: err.message, metadata };
}

/** What a client is told is down: the database, the cache (Redis) or the message broker (NATS). */
function dependencyOutageOf(err: unknown): { dependency: string; reason: string } | undefined {
  const database = databaseOutageOf(err);
  if (database) return { dependency: 'database', reason: database };
  const redis = redisOutageOf(err);
  if (redis) return { dependency: 'cache', reason: redis };
  const nats = natsOutageOf(err);
  if (nats) return { dependency: 'message broker', reason: nats };
  return undefined;
}

function firstString(metadata: Metadata | undefined, key: string): string | undefined {
  const [value] = metadata?.get(key) ?? [];
  return value === undefined ? undefined : String(value);
}

export function isServiceError(err: unknown): err is ServiceError {
  return err instanceof Error && typeof (err as Partial<ServiceError>).code === 'number' && 'metadata' in err;
}
