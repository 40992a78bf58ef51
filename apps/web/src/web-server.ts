import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { HealthMonitor, startAdminServer, type AdminServer } from '@platform/health';
import { createMetricsRegistry, type Logger } from '@platform/telemetry';
import { apiProxy } from './http/api-proxy';
import { securityHeaders } from './http/security-headers';
import { staticSite } from './http/static-site';

export interface WebServerOptions {
  port: number;
  adminPort: number;
  host: string;
  root: string;
  apiUpstreamUrl?: string;
  logger: Logger;
}

export interface RunningWebServer {
  port: number;
  adminPort: number;
  stop(): Promise<void>;
}

/** The web app's server: the built pages and, without an Ingress, `/api` forwarded to the gateway. */
export async function startWebServer(options: WebServerOptions): Promise<RunningWebServer> {
  const app = express();
  app.disable('x-powered-by');
  // Before anything reads a body: the proxy streams requests through untouched.
  if (options.apiUpstreamUrl) app.use(apiProxy(options.apiUpstreamUrl, options.logger));
  app.use(securityHeaders());
  app.use(staticSite(options.root));
  app.use((_req, res) => res.status(404).type('text/plain').send('Not found'));

  const server = http.createServer(app);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  // No dependency of its own: ready once it listens (the gateway behind /api has its own probes).
  const monitor = new HealthMonitor([], { logger: options.logger });
  const admin: AdminServer = await startAdminServer({
    port: options.adminPort,
    monitor,
    registry: createMetricsRegistry('web'),
  });
  monitor.markStarted();
  return {
    port: (server.address() as AddressInfo).port,
    adminPort: admin.port,
    stop: async () => {
      monitor.drain();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
        setTimeout(() => server.closeAllConnections(), 2000).unref();
      });
      await admin.close();
    },
  };
}
