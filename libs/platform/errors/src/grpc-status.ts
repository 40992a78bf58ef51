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
      return GrpcStatus.ALREADY_EXISTS;
    case ErrorCode.FAILED_PRECONDITION:
      return GrpcStatus.FAILED_PRECONDITION;
    case ErrorCode.RATE_LIMITED:
      return GrpcStatus.RESOURCE_EXHAUSTED;
    case ErrorCode.UNAVAILABLE:
      return GrpcStatus.UNAVAILABLE;
    case ErrorCode.INTERNAL:
      return GrpcStatus.INTERNAL;
    default: {
      const unreachable: never = code;
      throw new Error(`unmapped error code ${String(unreachable)}`);
    }
  }
}

/**
 * gRPC status → the platform error code a client sees when a service answered a status without
 * naming a code (the inverse of `grpcStatusOf`, coarse where several codes share a status).
 */
export function errorCodeOfStatus(code: GrpcStatus): ErrorCode {
  switch (code) {
    case GrpcStatus.INVALID_ARGUMENT:
    case GrpcStatus.OUT_OF_RANGE:
      return ErrorCode.VALIDATION_FAILED;
    case GrpcStatus.FAILED_PRECONDITION:
      return ErrorCode.FAILED_PRECONDITION;
    case GrpcStatus.UNAUTHENTICATED:
      return ErrorCode.UNAUTHENTICATED;
    case GrpcStatus.PERMISSION_DENIED:
      return ErrorCode.FORBIDDEN;
    case GrpcStatus.NOT_FOUND:
      return ErrorCode.NOT_FOUND;
    case GrpcStatus.ALREADY_EXISTS:
    case GrpcStatus.ABORTED:
      return ErrorCode.CONFLICT;
    case GrpcStatus.RESOURCE_EXHAUSTED:
      return ErrorCode.RATE_LIMITED;
    default:
      return ErrorCode.INTERNAL;
  }
}

/** gRPC status → HTTP status, the canonical google.rpc mapping. */
export function httpStatusOf(code: GrpcStatus): number {
  switch (code) {
    case GrpcStatus.OK:
      return 200;
    case GrpcStatus.INVALID_ARGUMENT:
    case GrpcStatus.FAILED_PRECONDITION:
    case GrpcStatus.OUT_OF_RANGE:
      return 400;
    case GrpcStatus.UNAUTHENTICATED:
      return 401;
    case GrpcStatus.PERMISSION_DENIED:
      return 403;
    case GrpcStatus.NOT_FOUND:
      return 404;
    case GrpcStatus.ALREADY_EXISTS:
    case GrpcStatus.ABORTED:
      return 409;
    case GrpcStatus.RESOURCE_EXHAUSTED:
      return 429;
    case GrpcStatus.CANCELLED:
      return 499;
    case GrpcStatus.UNIMPLEMENTED:
      return 501;
    case GrpcStatus.UNAVAILABLE:
      return 503;
    case GrpcStatus.DEADLINE_EXCEEDED:
      return 504;
    case GrpcStatus.UNKNOWN:
    case GrpcStatus.INTERNAL:
    case GrpcStatus.DATA_LOSS:
      return 500;
    default:
      return 500;
  }
}

/** Metadata keys that carry the platform error code and field violations from a service to the gateway. */
export const ERROR_CODE_KEY = 'x-platform-error-code';
export const ERROR_VIOLATIONS_KEY = 'x-platform-error-violations-bin';
