import { Metadata, status, type ServiceError } from '@grpc/grpc-js';
import { ERROR_CODE_KEY, ERROR_RETRY_AFTER_KEY, ERROR_VIOLATIONS_KEY, ErrorCode, PlatformError, grpcStatusOf } from '@platform/errors';
import type { Logger } from '@platform/telemetry';

/**
 * Turns anything a handler threw into a gRPC error. A PlatformError keeps its message and code
 * (in trailing metadata for the gateway); anything else is logged with its stack and answered as a
 * generic INTERNAL error.
 */
export function toServiceError(err: unknown, logger: Logger): Partial<ServiceError> {
  const metadata = new Metadata();
  if (err instanceof PlatformError) {
    metadata.set(ERROR_CODE_KEY, err.code);
    if (err.violations.length > 0) metadata.set(ERROR_VIOLATIONS_KEY, Buffer.from(JSON.stringify(err.violations), 'utf8'));
    if (err.retryAfterSeconds !== undefined) metadata.set(ERROR_RETRY_AFTER_KEY, String(err.retryAfterSeconds));
    return { code: grpcStatusOf(err.code), details: err.message, metadata };
  }
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

export function isServiceError(err: unknown): err is ServiceError {
  return err instanceof Error && typeof (err as Partial<ServiceError>).code === 'number' && 'metadata' in err;
}
