import type http from 'node:http';
import type { Registry } from 'prom-client';
import type { HealthMonitor } from './health-monitor';
import { readinessHttpStatus } from './health-report';

/** Liveness, readiness and Prometheus metrics: the same paths on every app (the Helm probes use them). */
export const HEALTH_PATHS = { liveness: '/healthz', readiness: '/readyz', metrics: '/metrics' } as const;

/**
 * Answers a request for one of the health paths and returns true; returns false, answering
 * nothing, for any other path, so a server of its own can answer it. `path` is the request's path
 * when the server has already parsed it (default: from `req.url`, without the query).
 */
export type HealthRequestHandler = (req: http.IncomingMessage, res: http.ServerResponse, path?: string) => boolean;

/** The health paths, for use inside an existing server; `/metrics` only when a registry is given. */
export function createHealthHandler(monitor: HealthMonitor, registry?: Registry): HealthRequestHandler {
  return (req, res, path = pathOf(req)) => {
    const answer = answerFor(path, monitor, registry);
    if (!answer) return false;
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('allow', 'GET, HEAD');
      sendJson(res, 405, { error: 'method not allowed' });
      return true;
    }
    answer(res);
    return true;
  };
}

function answerFor(path: string, monitor: HealthMonitor, registry: Registry | undefined): ((res: http.ServerResponse) => void) | undefined {
  switch (path) {
    case HEALTH_PATHS.liveness:
      return (res) => sendJson(res, 200, monitor.liveness());
    case HEALTH_PATHS.readiness:
      return (res) => void monitor.readiness().then((report) => sendJson(res, readinessHttpStatus(report), report));
    case HEALTH_PATHS.metrics:
      return registry
        ? (res) =>
            void registry.metrics().then(
              (body) => res.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' }).end(body),
              () => sendJson(res, 500, { error: 'metrics unavailable' }),
            )
        : undefined;
    default:
      return undefined;
  }
}

function pathOf(req: http.IncomingMessage): string {
  return (req.url ?? '/').split('?')[0] ?? '/';
}

export function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify(body));
}
