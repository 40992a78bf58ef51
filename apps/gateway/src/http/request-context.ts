import { randomUUID } from 'node:crypto';
import { context, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { contextFromHeaders, type Logger } from '@platform/telemetry';
import type { GatewayMetrics } from '../observability/gateway-metrics';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The request id: the client's `X-Request-Id` when it is a sane token, otherwise a new UUID. */
export function requestIdOf(header: string | undefined): string {
  return header && REQUEST_ID.test(header) ? header : randomUUID();
}

/** Per-request state kept in `res.locals`. */
export interface RequestLocals {
  requestId: string;
  logger: Logger;
  /** The matched route's label (`POST /api/auth/org/login`), for metrics and logs. */
  routeLabel?: string;
}

export const localsOf = (res: Response): RequestLocals => res.locals as RequestLocals;

/**
 * Gives every request an id (echoed in `X-Request-Id`, carried to services, logs and problems) and
 * a logger bound to it, and records its metrics and an access log line when it is answered. The
 * request runs in an HTTP SERVER span (continuing the client's `traceparent`, if it sent one),
 * named by its route template once the route is known; the gRPC calls it makes are its children.
 */
export function requestContext(logger: Logger, metrics: GatewayMetrics): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    const requestId = requestIdOf(req.get('x-request-id'));
    const parent = contextFromHeaders(req.headers);
    const span = trace.getTracer('gateway').startSpan(
      req.method,
      {
        kind: SpanKind.SERVER,
        attributes: { 'http.request.method': req.method, 'url.path': req.path, 'platform.request_id': requestId },
      },
      parent,
    );
    const spanContext = trace.setSpan(parent, span);
    res.locals['requestId'] = requestId;
    // Made when first used: a pino child costs a few microseconds, and at LOG_LEVEL=warn most
    // requests never log (docs/decisions/0232-cpu-per-request.md).
    let requestLogger: Logger | undefined;
    Object.defineProperty(res.locals, 'logger', {
      get: () => (requestLogger ??= logger.child({ requestId })),
      set: (value: Logger) => void (requestLogger = value),
      enumerable: true,
      configurable: true,
    });
    res.setHeader('X-Request-Id', requestId);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.on('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = localsOf(res).routeLabel ?? 'unmatched';
      metrics.observe(req.method, route, res.statusCode, seconds);
      if (!logger.isLevelEnabled('info')) return;
      context.with(spanContext, () =>
        localsOf(res).logger.info({ method: req.method, path: req.path, route, status: res.statusCode, durationMs: Math.round(seconds * 1e4) / 10 }, 'request'),
      );
    });
    res.on('close', () => {
      const route = localsOf(res).routeLabel;
      if (route) {
        span.updateName(route);
        span.setAttribute('http.route', route.slice(route.indexOf(' ') + 1));
      }
      span.setAttribute('http.response.status_code', res.statusCode);
      if (!res.writableFinished) span.setStatus({ code: SpanStatusCode.ERROR, message: 'connection closed before the answer was sent' });
      else if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    });
    context.with(spanContext, next);
  };
}
