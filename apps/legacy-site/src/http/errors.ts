import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from '@platform/telemetry';
import { internalErrorBody, LegacyError, LegacyErrorCode } from '../domain/errors';

/** Every unmatched route and method: the CMS's `rest_no_route` 404 (its default routes are off). */
export const noRoute: RequestHandler = (_req, res) => {
  const error = LegacyError.noRoute();
  res.status(error.status).json(error.toBody());
};

function bodyParserError(error: unknown): LegacyError | undefined {
  if (typeof error !== 'object' || error === null || !('type' in error)) return undefined;
  switch ((error as { type: unknown }).type) {
    case 'entity.parse.failed':
      return new LegacyError(LegacyErrorCode.INVALID_JSON, 'Invalid JSON body passed.');
    case 'entity.too.large':
      return LegacyError.invalidParam('body', 'The request body is too large.');
    case 'charset.unsupported':
    case 'encoding.unsupported':
      return LegacyError.invalidParam('body', 'The request body encoding is not supported.');
    default:
      return undefined;
  }
}

/** Maps errors to `{code, message, data: {status}}`; anything unexpected is logged and answered 500. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    const known = error instanceof LegacyError ? error : bodyParserError(error);
    if (known) {
      res.status(known.status).json(known.toBody());
      return;
    }
    logger.error({ err: error, method: req.method, path: req.path }, 'unhandled error');
    res.status(500).json(internalErrorBody());
  };
}
