/**
 * Platform error codes. Each maps to exactly one gRPC status (see grpc-status.ts), and through the
 * canonical google.rpc table to one HTTP status. The code travels to clients in problem+json.
 */
export enum ErrorCode {
  VALIDATION_FAILED = 'VALIDATION_FAILED',
  INVALID_CREDENTIALS = 'INVALID_CREDENTIALS',
  UNAUTHENTICATED = 'UNAUTHENTICATED',
  FORBIDDEN = 'FORBIDDEN',
  ACCOUNT_DISABLED = 'ACCOUNT_DISABLED',
  NOT_FOUND = 'NOT_FOUND',
  CONFLICT = 'CONFLICT',
  /** A registration for an event at capacity without a waiting list (409). */
  EVENT_FULL = 'EVENT_FULL',
  /** A state change its state table does not allow (409). */
  INVALID_TRANSITION = 'INVALID_TRANSITION',
  FAILED_PRECONDITION = 'FAILED_PRECONDITION',
  /** An invitation (or creation invitation) token past its expiry (HTTP 410). */
  INVITATION_EXPIRED = 'INVITATION_EXPIRED',
  /** An invitation token already used: tokens are single use (HTTP 410). */
  INVITATION_USED = 'INVITATION_USED',
  /** An invitation token whose invitation was cancelled or replaced (HTTP 410). */
  INVITATION_CANCELLED = 'INVITATION_CANCELLED',
  RATE_LIMITED = 'RATE_LIMITED',
  /** A secret's tries are spent for now (reset codes of one address in a day): HTTP 423 with Retry-After. */
  TOO_MANY_ATTEMPTS = 'TOO_MANY_ATTEMPTS',
  /** A file over a size limit or an organisation's storage quota (HTTP 413). */
  PAYLOAD_TOO_LARGE = 'PAYLOAD_TOO_LARGE',
  /** A file whose detected type the route does not accept (HTTP 415). */
  UNSUPPORTED_MEDIA_TYPE = 'UNSUPPORTED_MEDIA_TYPE',
  /** A byte range outside the file (HTTP 416). */
  RANGE_NOT_SATISFIABLE = 'RANGE_NOT_SATISFIABLE',
  /** The platform service behind an operation cannot be reached (HTTP 503 with Retry-After). */
  UNAVAILABLE = 'UNAVAILABLE',
  /**
   * A database, cache or message broker the operation needs is unreachable right now (HTTP 503 with
   * Retry-After): an outage of infrastructure, not a fault of the request or a bug.
   */
  DEPENDENCY_UNAVAILABLE = 'DEPENDENCY_UNAVAILABLE',
  INTERNAL = 'INTERNAL',
}
