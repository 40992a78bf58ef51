import { status } from '@grpc/grpc-js';
import { ErrorCode } from './error-code';
import { grpcStatusOf, httpStatusOf } from './grpc-status';

describe('status mapping', () => {
  it('maps every platform code to a gRPC status and on to the canonical HTTP status', () => {
    const expected: Record<ErrorCode, number> = {
      VALIDATION_FAILED: 400,
      INVALID_CREDENTIALS: 401,
      UNAUTHENTICATED: 401,
      FORBIDDEN: 403,
      ACCOUNT_DISABLED: 403,
      NOT_FOUND: 404,
      CONFLICT: 409,
      FAILED_PRECONDITION: 400,
      RATE_LIMITED: 429,
      UNAVAILABLE: 503,
      INTERNAL: 500,
    };
    for (const code of Object.values(ErrorCode)) {
      expect([code, httpStatusOf(grpcStatusOf(code))]).toEqual([code, expected[code]]);
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
});
