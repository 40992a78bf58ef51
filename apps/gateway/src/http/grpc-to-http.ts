import { type ServiceError, status as GrpcStatus } from '@grpc/grpc-js';
import {
  ERROR_CODE_KEY,
  ERROR_RETRY_AFTER_KEY,
  ERROR_VIOLATIONS_KEY,
  ErrorCode,
  type FieldViolation,
  errorCodeOfStatus,
  httpStatusOfFailure,
} from '@platform/errors';
import { type MessageSchema, findField } from '../protos/message-schema';
import type { Route } from '../routing/route-table';
import { GatewayErrorCode, type Problem, dependencyUnavailableProblem, internalProblem } from './problem';

export const isServiceError = (err: unknown): err is ServiceError =>
  err instanceof Error && typeof (err as Partial<ServiceError>).code === 'number' && 'metadata' in err;

/**
 * A failed RPC as a problem. The HTTP status comes from the gRPC status (canonical google.rpc
 * table); the code and field violations from the trailing metadata the service kit sets. Messages
 * are shown only when the service marked the error as a platform error (it set a code): anything
 * else (transport errors, INTERNAL) gets a generic detail, and `internal` tells the caller to log it.
 */
export function problemFromGrpc(err: ServiceError, route: Route): { problem: Problem; internal: boolean } {
  const code = firstString(err, ERROR_CODE_KEY);
  const status = httpStatusOfFailure(err.code, code);
  const service = route.service.key ?? route.service.fullName;
  switch (err.code) {
    case GrpcStatus.UNAVAILABLE:
      // The service answered, but a database (or cache, broker) it needs is down: its message and wait.
      if (code === ErrorCode.DEPENDENCY_UNAVAILABLE) {
        const detail = err.details || `The ${service} service cannot reach a dependency right now. Try again shortly.`;
        return { problem: dependencyUnavailableProblem(detail, retryAfterOf(err)), internal: false };
      }
      return {
        problem: {
          status,
          code: ErrorCode.UNAVAILABLE,
          detail: `The ${service} service is not available. Try again shortly.`,
          headers: { 'Retry-After': '1' },
        },
        internal: false,
      };
    case GrpcStatus.DEADLINE_EXCEEDED:
      return { problem: { status, code: GatewayErrorCode.TIMEOUT, detail: `The ${service} service did not answer in time.` }, internal: false };
    case GrpcStatus.UNIMPLEMENTED:
      return { problem: { status, code: 'NOT_IMPLEMENTED', detail: 'This operation is not implemented yet.' }, internal: false };
    case GrpcStatus.CANCELLED:
      return { problem: { status, code: 'CANCELLED', detail: 'The request was cancelled.' }, internal: false };
    default:
      break;
  }
  if (status >= 500 || !code) {
    if (status >= 500) return { problem: internalProblem(), internal: true };
    // A 4xx without a platform code did not come from a handler: do not show its text.
    return { problem: { status, code: errorCodeOfStatus(err.code), detail: 'The request could not be processed.' }, internal: true };
  }
  const violations = readViolations(err, route.request);
  return {
    problem: {
      status,
      code,
      detail: err.details || 'The request could not be processed.',
      errors: violations.length > 0 ? violations : undefined,
      headers: headersOf(err, code, status),
    },
    internal: false,
  };
}

/**
 * Headers a failure carries: the challenge of every 401 (RFC 9110 requires one: a failed sign-in
 * too), the wait of a 429 or 423 (a whole number of seconds from the service).
 */
function headersOf(err: ServiceError, code: string, status: number): Record<string, string> | undefined {
  if (status === 401 || code === ErrorCode.UNAUTHENTICATED) return { 'WWW-Authenticate': 'Bearer' };
  const retryAfter = retryAfterOf(err);
  const waits = code === ErrorCode.RATE_LIMITED || code === ErrorCode.TOO_MANY_ATTEMPTS;
  if (waits && retryAfter !== undefined) return { 'Retry-After': String(retryAfter) };
  return undefined;
}

/** The wait a service gave in its trailers, when it is a whole number of seconds the header can carry. */
function retryAfterOf(err: ServiceError): number | undefined {
  const retryAfter = firstString(err, ERROR_RETRY_AFTER_KEY);
  return retryAfter !== undefined && /^[1-9][0-9]{0,6}$/.test(retryAfter) ? Number(retryAfter) : undefined;
}

function firstString(err: ServiceError, key: string): string | undefined {
  const [value] = err.metadata?.get(key) ?? [];
  if (value === undefined) return undefined;
  return typeof value === 'string' ? value : value.toString('utf8');
}

/** Violations from the binary metadata, with field names turned into the REST (JSON) names. */
function readViolations(err: ServiceError, request: MessageSchema): FieldViolation[] {
  const [raw] = err.metadata?.get(ERROR_VIOLATIONS_KEY) ?? [];
  if (raw === undefined) return [];
  try {
    const parsed: unknown = JSON.parse(typeof raw === 'string' ? raw : raw.toString('utf8'));
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter((v): v is FieldViolation => typeof v?.field === 'string' && typeof v?.message === 'string')
      .map((v) => ({ field: jsonPath(request, v.field), message: v.message }));
  } catch {
    return [];
  }
}

/** `websiteUrl` → `website_url`, `address.postalCode` → `address.postalCode`, unknown paths unchanged. */
export function jsonPath(schema: MessageSchema, path: string): string {
  let current: MessageSchema | undefined = schema;
  return path
    .split('.')
    .map((part) => {
      const field = current ? findField(current, part) : undefined;
      current = field?.type.kind === 'message' ? field.type.schema : undefined;
      return field ? field.jsonName : part;
    })
    .join('.');
}
