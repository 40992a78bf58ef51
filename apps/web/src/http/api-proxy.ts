import type { RequestHandler } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import type { Logger } from '@platform/telemetry';

/**
 * `/api` forwarded to the gateway as an Ingress would: the Host kept (the gateway names an
 * organisation by it on /api/v1), bodies streamed both ways (uploads, downloads, event streams),
 * the caller's address in `X-Forwarded-For`. An unreachable gateway answers 502 problem+json.
 */
export function apiProxy(upstream: string, logger: Logger): RequestHandler {
  return createProxyMiddleware({
    target: upstream,
    changeOrigin: false,
    xfwd: true,
    pathFilter: (pathname) => pathname === '/api' || pathname.startsWith('/api/'),
    on: {
      error: (err, _req, res) => {
        logger.warn({ err }, 'the gateway did not answer');
        if (!('writeHead' in res) || res.headersSent) {
          res.destroy();
          return;
        }
        res.writeHead(502, { 'content-type': 'application/problem+json' });
        res.end(
          JSON.stringify({ type: 'about:blank', title: 'Bad Gateway', status: 502, detail: 'The API is not reachable right now. Try again in a moment.' }),
        );
      },
    },
  });
}
