import { status as GrpcStatus } from '@grpc/grpc-js';
import { ErrorCode } from './error-code';

/** Platform error code → gRPC status. */
export function grpcStatusOf(code: ErrorCode): GrpcStatus {
  switch (code) {
    case ErrorCode.VALIDATION_FAILED:
      return GrpcStatus.INVALID_ARGUMENT;
    case ErrorCode.INVALID_CREDENTIALS:
    case ErrorCode.UNAUTHENTICATED:
      return GrpcStatus.UNAUTHENTICATED;
    case ErrorCode.FORBIDDEN:
    case ErrorCode.ACCOUNT_DISABLED:
      return GrpcStatus.PERMISSION_DENIED;
    case ErrorCode.NOT_FOUND:
      return GrpcStatus.NOT_FOUND;
    case ErrorCode.CONFLICT:
    case ErrorCode.EVENT_FULL:
    case ErrorCode.INVALID_TRANSITION:
      return GrpcStatus.ALREADY_EXISTS;
    case ErrorCode.FAILED_PRECONDITION:
    case ErrorCode.INVITATION_EXPIRED:
    case ErrorCode.INVITATION_USED:
    case ErrorCode.INVITATION_CANCELLED:
      return GrpcStatus.FAILED_PRECONDITION;
    case ErrorCode.RATE_LIMITED:
    case ErrorCode.TOO_MANY_ATTEMPTS:
    case ErrorCode.PAYLOAD_TOO_LARGE:
      return GrpcStatus.RESOURCE_EXHAUSTED;
    case ErrorCode.UNSUPPORTED_MEDIA_TYPE:
      return GrpcStatus.INVALID_ARGUMENT;
    case ErrorCode.RANGE_NOT_SATISFIABLE:
      return GrpcStatus.OUT_OF_RANGE;
    case ErrorCode.UNAVAILABLE:
    case ErrorCode.DEPENDENCY_UNAVAILABLE:
      return GrpcStatus.UNAVAILABLE;
    case ErrorCode.INTERNAL:
      return GrpcStatus.INTERNAL;
    default: {
      const unreachable: never = code;
      throw new Error(`unmapped error code ${String(unreachable)}`);
    }
  }
}

/** The codes that stand for their gRPC status when a service answers the status alone. */
const CANONICAL_CODES = [
  ErrorCode.VALIDATION_FAILED,
  ErrorCode.FAILED_PRECONDITION,
  ErrorCode.UNAUTHENTICATED,
  ErrorCode.FORBIDDEN,
  ErrorCode.NOT_FOUND,
  ErrorCode.CONFLICT,
  ErrorCode.RATE_LIMITED,
] as const;

const CODE_OF_STATUS = new Map<GrpcStatus, ErrorCode>([
  ...CANONICAL_CODES.map((code) => [grpcStatusOf(code), code] as const),
  // Statuses the google.rpc table shares with those (400 and 409), which services may answer directly.
  [GrpcStatus.OUT_OF_RANGE, ErrorCode.VALIDATION_FAILED],
  [GrpcStatus.ABORTED, ErrorCode.CONFLICT],
]);

/**
 * gRPC status → the platform error code a client sees when a service answered a status without
 * naming a code (the inverse of `grpcStatusOf`, coarse where several codes share a status; any
 * other status is INTERNAL).
 */
export function errorCodeOfStatus(code: GrpcStatus): ErrorCode {
  return CODE_OF_STATUS.get(code) ?? ErrorCode.INTERNAL;
}

/** The canonical google.rpc mapping, by HTTP status; any status not listed is 500. */
const HTTP_STATUS_OF: ReadonlyMap<GrpcStatus, number> = new Map(
  (
    [
      [200, [GrpcStatus.OK]],
      [400, [GrpcStatus.INVALID_ARGUMENT, GrpcStatus.FAILED_PRECONDITION, GrpcStatus.OUT_OF_RANGE]],
      [401, [GrpcStatus.UNAUTHENTICATED]],
      [403, [GrpcStatus.PERMISSION_DENIED]],
      [404, [GrpcStatus.NOT_FOUND]],
      [409, [GrpcStatus.ALREADY_EXISTS, GrpcStatus.ABORTED]],
      [429, [GrpcStatus.RESOURCE_EXHAUSTED]],
      [499, [GrpcStatus.CANCELLED]],
      [501, [GrpcStatus.UNIMPLEMENTED]],
      [503, [GrpcStatus.UNAVAILABLE]],
      [504, [GrpcStatus.DEADLINE_EXCEEDED]],
      [500, [GrpcStatus.UNKNOWN, GrpcStatus.INTERNAL, GrpcStatus.DATA_LOSS]],
    ] as const
  ).flatMap(([http, statuses]) => statuses.map((grpc) => [grpc, http] as const)),
);

/** gRPC status → HTTP status, the canonical google.rpc mapping. */
export function httpStatusOf(code: GrpcStatus): number {
  return HTTP_STATUS_OF.get(code) ?? 500;
}

/**
 * Platform codes whose HTTP status is more precise than their gRPC status's canonical one (gRPC has
 * no 410, 413, 415 or 416). The gateway applies it when a service names the code.
 */
const HTTP_STATUS_OF_CODE: ReadonlyMap<string, number> = new Map([
  [ErrorCode.PAYLOAD_TOO_LARGE, 413],
  [ErrorCode.TOO_MANY_ATTEMPTS, 423],
  [ErrorCode.UNSUPPORTED_MEDIA_TYPE, 415],
  [ErrorCode.RANGE_NOT_SATISFIABLE, 416],
  [ErrorCode.INVITATION_EXPIRED, 410],
  [ErrorCode.INVITATION_USED, 410],
  [ErrorCode.INVITATION_CANCELLED, 410],
]);

/** The HTTP status of a failure: by its platform code where that is more precise, else by its gRPC status. */
export function httpStatusOfFailure(grpcStatus: GrpcStatus, code: string | undefined): number {
  return (code !== undefined ? HTTP_STATUS_OF_CODE.get(code) : undefined) ?? httpStatusOf(grpcStatus);
}

/** Metadata keys that carry the platform error code and field violations from a service to the gateway. */
export const ERROR_CODE_KEY = 'x-platform-error-code';
export const ERROR_VIOLATIONS_KEY = 'x-platform-error-violations-bin';
/** Metadata key of a failure's wait in seconds (RATE_LIMITED, TOO_MANY_ATTEMPTS, DEPENDENCY_UNAVAILABLE): the gateway's `Retry-After`. */
export const ERROR_RETRY_AFTER_KEY = 'x-platform-retry-after';
