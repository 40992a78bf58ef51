import { status } from '@grpc/grpc-js';
import { ErrorCode } from './error-code';
import { errorCodeOfStatus, grpcStatusOf, httpStatusOf, httpStatusOfFailure } from './grpc-status';

describe('status mapping', () => {
  it('maps every platform code to a gRPC status and on to its HTTP status (precise where gRPC has none)', () => {
    const expected: Record<ErrorCode, number> = {
      VALIDATION_FAILED: 400,
      INVALID_CREDENTIALS: 401,
      UNAUTHENTICATED: 401,
      FORBIDDEN: 403,
      ACCOUNT_DISABLED: 403,
      NOT_FOUND: 404,
      CONFLICT: 409,
      EVENT_FULL: 409,
      INVALID_TRANSITION: 409,
      FAILED_PRECONDITION: 400,
      INVITATION_EXPIRED: 410,
      INVITATION_USED: 410,
      INVITATION_CANCELLED: 410,
      RATE_LIMITED: 429,
      TOO_MANY_ATTEMPTS: 423,
      PAYLOAD_TOO_LARGE: 413,
      UNSUPPORTED_MEDIA_TYPE: 415,
      RANGE_NOT_SATISFIABLE: 416,
      UNAVAILABLE: 503,
      DEPENDENCY_UNAVAILABLE: 503,
      INTERNAL: 500,
    };
    for (const code of Object.values(ErrorCode)) {
      expect([code, httpStatusOfFailure(grpcStatusOf(code), code)]).toEqual([code, expected[code]]);
    }
  });

  it('follows the google.rpc table for codes services may return directly', () => {
    expect(httpStatusOf(status.ABORTED)).toBe(409);
    expect(httpStatusOf(status.OUT_OF_RANGE)).toBe(400);
    expect(httpStatusOf(status.CANCELLED)).toBe(499);
    expect(httpStatusOf(status.DEADLINE_EXCEEDED)).toBe(504);
    expect(httpStatusOf(status.UNIMPLEMENTED)).toBe(501);
    expect(httpStatusOf(status.DATA_LOSS)).toBe(500);
  });

  it('names the code of a status a service answered without one: the inverse of grpcStatusOf, INTERNAL otherwise', () => {
    expect(errorCodeOfStatus(status.INVALID_ARGUMENT)).toBe(ErrorCode.VALIDATION_FAILED);
    expect(errorCodeOfStatus(status.OUT_OF_RANGE)).toBe(ErrorCode.VALIDATION_FAILED);
    expect(errorCodeOfStatus(status.FAILED_PRECONDITION)).toBe(ErrorCode.FAILED_PRECONDITION);
    expect(errorCodeOfStatus(status.UNAUTHENTICATED)).toBe(ErrorCode.UNAUTHENTICATED);
    expect(errorCodeOfStatus(status.PERMISSION_DENIED)).toBe(ErrorCode.FORBIDDEN);
    expect(errorCodeOfStatus(status.NOT_FOUND)).toBe(ErrorCode.NOT_FOUND);
    expect(errorCodeOfStatus(status.ALREADY_EXISTS)).toBe(ErrorCode.CONFLICT);
    expect(errorCodeOfStatus(status.ABORTED)).toBe(ErrorCode.CONFLICT);
    expect(errorCodeOfStatus(status.RESOURCE_EXHAUSTED)).toBe(ErrorCode.RATE_LIMITED);
    for (const other of [status.UNAVAILABLE, status.INTERNAL, status.UNKNOWN, status.DEADLINE_EXCEEDED, status.CANCELLED, status.UNIMPLEMENTED]) {
      expect(errorCodeOfStatus(other)).toBe(ErrorCode.INTERNAL);
    }
  });
});
