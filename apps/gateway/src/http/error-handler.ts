import type { ErrorRequestHandler, NextFunction, Request, Response } from 'express';
import { PlatformError } from '@platform/errors';
import type { Route } from '../routing/route-table';
import { isServiceError, problemFromGrpc } from './grpc-to-http';
import { ProblemError, internalProblem, problemFromPlatformError, sendProblem } from './problem';
import { localsOf } from './request-context';

/**
 * The last handler: every failure becomes problem+json. Expected failures keep their message;
 * anything else is logged with its stack and answered with a generic 500 that names the request id.
 */
export function errorHandler(): ErrorRequestHandler {
  return (err: unknown, req: Request, res: Response, _next: NextFunction) => {
    const logger = localsOf(res).logger;
    if (err instanceof ProblemError) return sendProblem(req, res, err.problem);
    if (err instanceof PlatformError) return sendProblem(req, res, problemFromPlatformError(err));
    const route = res.locals['route'] as Route | undefined;
    if (isServiceError(err) && route) {
      const { problem, internal } = problemFromGrpc(err, route);
      if (internal) logger.error({ err, grpcCode: err.code, details: err.details, rpc: route.rpc.path }, 'service call failed');
      else if (problem.status >= 500) logger.warn({ grpcCode: err.code, details: err.details, rpc: route.rpc.path }, 'service call failed');
      return sendProblem(req, res, problem);
    }
    logger.error({ err }, 'unhandled error');
    return sendProblem(req, res, internalProblem());
  };
}
