import type { Request, RequestHandler, Response } from 'express';
import type { Counter, Histogram, Registry } from 'prom-client';
import { counter, createMetricsRegistry, histogram } from '@platform/telemetry';

/** Label of requests no route matched (unknown paths and methods, OPTIONS): keeps the label set bounded. */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * The site's Prometheus metrics, served on the admin port: requests answered and their latency by
 * method, route template (`/api/v1/sync/members/:id`, never the raw path) and status, plus the
 * default process metrics of `createMetricsRegistry`.
 */
export class SiteMetrics {
  readonly registry: Registry;
  readonly requests: Counter<string>;
  readonly duration: Histogram<string>;

  constructor(registry: Registry = createMetricsRegistry('legacy-site')) {
    this.registry = registry;
    const labels = ['method', 'route', 'status'];
    this.requests = counter(registry, 'legacy_site_http_requests_total', 'HTTP requests answered, by route and status', labels);
    this.duration = histogram(registry, 'legacy_site_http_request_duration_seconds', 'Time to answer an HTTP request', labels);
  }

  observe(method: string, route: string, status: number, seconds: number): void {
    const labels = { method, route, status: String(status) };
    this.requests.inc(labels);
    this.duration.observe(labels, seconds);
  }
}

/** Put first in a router mounted under a path, so the route label carries the mount path. */
export const rememberRouteBase: RequestHandler = (req, res, next) => {
  res.locals['routeBase'] = req.baseUrl;
  next();
};

/** The template of the route that answered, with its mount path, or `unmatched`. */
export function routeLabel(req: Request, res: Response): string {
  const path: unknown = (req.route as { path?: unknown } | undefined)?.path;
  if (typeof path !== 'string') return UNMATCHED_ROUTE;
  const base = typeof res.locals['routeBase'] === 'string' ? (res.locals['routeBase'] as string) : '';
  return `${base}${path}`;
}

/** Records every answered request (first middleware of the public app). */
export function requestMetrics(metrics: SiteMetrics): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      metrics.observe(req.method, routeLabel(req, res), res.statusCode, Number(process.hrtime.bigint() - started) / 1e9);
    });
    next();
  };
}
