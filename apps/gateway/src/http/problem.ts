import { STATUS_CODES } from 'node:http';
import type { Request, Response } from 'express';
import { DEPENDENCY_RETRY_AFTER_SECONDS, ErrorCode, type FieldViolation, PlatformError, grpcStatusOf, httpStatusOfFailure } from '@platform/errors';

/** Codes of failures the gateway answers itself (the services' codes are ErrorCode). */
export enum GatewayErrorCode {
  ROUTE_NOT_FOUND = 'ROUTE_NOT_FOUND',
  METHOD_NOT_ALLOWED = 'METHOD_NOT_ALLOWED',
  MALFORMED_REQUEST = 'MALFORMED_REQUEST',
  PAYLOAD_TOO_LARGE = 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE = 'UNSUPPORTED_MEDIA_TYPE',
  ACCOUNT_LOCKED = 'ACCOUNT_LOCKED',
  SESSION_REVOKED = 'SESSION_REVOKED',
  TIMEOUT = 'TIMEOUT',
  ORIGIN_NOT_ALLOWED = 'ORIGIN_NOT_ALLOWED',
}

/** An RFC 9457 problem before it is rendered (the request id and instance come from the request). */
export interface Problem {
  status: number;
  code: string;
  detail: string;
  title?: string;
  errors?: FieldViolation[];
  headers?: Record<string, string>;
}

/** A problem thrown inside the request pipeline, rendered by the error handler. */
export class ProblemError extends Error {
  constructor(readonly problem: Problem) {
    super(problem.detail);
    this.name = 'ProblemError';
  }
}

export const problemTypeOf = (code: string): string => `/api/docs#problem-${code.toLowerCase().replace(/_/g, '-')}`;

export const titleOf = (status: number): string => STATUS_CODES[status] ?? 'Error';

/** A PlatformError (validation, authentication, authorisation) as a problem. */
export function problemFromPlatformError(err: PlatformError): Problem {
  const status = httpStatusOfFailure(grpcStatusOf(err.code), err.code);
  return {
    status,
    code: err.code,
    detail: err.message,
    errors: err.code === ErrorCode.VALIDATION_FAILED ? err.violations : undefined,
    headers:
      status === 401 ? { 'WWW-Authenticate': 'Bearer' } : err.retryAfterSeconds !== undefined ? { 'Retry-After': String(err.retryAfterSeconds) } : undefined,
  };
}

export const internalProblem = (): Problem => ({
  status: 500,
  code: ErrorCode.INTERNAL,
  detail: 'An unexpected error occurred. Quote the request id when reporting it.',
});

/**
 * A database, cache or broker the request needs is down (the gateway's Redis, or a service's
 * database): 503 with `Retry-After`, the service's wait when it gave one.
 */
export const dependencyUnavailableProblem = (detail: string, retryAfterSeconds = DEPENDENCY_RETRY_AFTER_SECONDS): Problem => ({
  status: 503,
  code: ErrorCode.DEPENDENCY_UNAVAILABLE,
  detail,
  headers: { 'Retry-After': String(retryAfterSeconds) },
});

/** The problem+json document. */
export function renderProblem(problem: Problem, instance: string, requestId: string): Record<string, unknown> {
  const body: Record<string, unknown> = {
    type: problemTypeOf(problem.code),
    title: problem.title ?? titleOf(problem.status),
    status: problem.status,
    detail: problem.detail,
    instance,
    code: problem.code,
    requestId,
  };
  if (problem.errors && problem.errors.length > 0) body['errors'] = problem.errors;
  return body;
}

export function sendProblem(req: Request, res: Response, problem: Problem): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  const requestId = String(res.locals['requestId'] ?? '');
  for (const [name, value] of Object.entries(problem.headers ?? {})) res.setHeader(name, value);
  res.status(problem.status);
  res.setHeader('Content-Type', 'application/problem+json; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.send(JSON.stringify(renderProblem(problem, req.path, requestId)));
}
