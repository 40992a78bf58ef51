import { DEPENDENCY_RETRY_AFTER_SECONDS } from './dependency-outage';
import { ErrorCode } from './error-code';

export interface FieldViolation {
  field: string;
  message: string;
}

/**
 * An expected failure with a code, a message safe to show to the client, and for validation the
 * offending fields. Anything thrown that is not a PlatformError is an internal error: its detail is
 * logged, never returned.
 */
export class PlatformError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly violations: FieldViolation[] = [],
    /** For RATE_LIMITED, TOO_MANY_ATTEMPTS and DEPENDENCY_UNAVAILABLE: how many seconds until a retry can succeed (the client's `Retry-After`). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'PlatformError';
  }

  static validation(violations: FieldViolation[], message = 'The request is not valid'): PlatformError {
    return new PlatformError(ErrorCode.VALIDATION_FAILED, message, violations);
  }
  static notFound(what: string): PlatformError {
    return new PlatformError(ErrorCode.NOT_FOUND, `${what} not found`);
  }
  static conflict(message: string): PlatformError {
    return new PlatformError(ErrorCode.CONFLICT, message);
  }
  static forbidden(message = 'You are not allowed to do this'): PlatformError {
    return new PlatformError(ErrorCode.FORBIDDEN, message);
  }
  static rateLimited(message: string, retryAfterSeconds: number): PlatformError {
    return new PlatformError(ErrorCode.RATE_LIMITED, message, [], Math.max(1, Math.ceil(retryAfterSeconds)));
  }
  /** A database, cache or broker this operation needs is down: 503, retry after DEPENDENCY_RETRY_AFTER_SECONDS. */
  static dependencyUnavailable(message: string): PlatformError {
    return new PlatformError(ErrorCode.DEPENDENCY_UNAVAILABLE, message, [], DEPENDENCY_RETRY_AFTER_SECONDS);
  }
  static unauthenticated(message = 'Authentication is required'): PlatformError {
    return new PlatformError(ErrorCode.UNAUTHENTICATED, message);
  }
}
