import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';
import { createHealthHandler, sendJson } from './health-handler';
import type { HealthMonitor } from './health-monitor';

export interface AdminServerOptions {
  port: number;
  /** Default `0.0.0.0`: the kubelet and Prometheus reach it from outside the pod. */
  host?: string;
  monitor: HealthMonitor;
  registry: Registry;
}

export interface AdminServer {
  /** The bound port (the given one, or the one chosen for port 0). */
  port: number;
  server: http.Server;
  /** Stops accepting, lets requests in flight finish (at most `graceMs`, default 5 s), closes keep-alive connections. */
  close(graceMs?: number): Promise<void>;
}

/** The whole admin port: `/healthz`, `/readyz`, `/metrics`, and 404 for anything else. */
export function createAdminHandler(monitor: HealthMonitor, registry: Registry): http.RequestListener {
  const health = createHealthHandler(monitor, registry);
  return (req, res) => {
    if (!health(req, res)) sendJson(res, 404, { error: 'not found' });
  };
}

/** Listens with the admin handler; kept off the public port, so probes and metrics are never exposed. */
export async function startAdminServer(options: AdminServerOptions): Promise<AdminServer> {
  const server = http.createServer(createAdminHandler(options.monitor, options.registry));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '0.0.0.0', () => {
      server.off('error', reject);
      resolve();
    });
  });
  return { port: (server.address() as AddressInfo).port, server, close: (graceMs = 5000) => closeServer(server, graceMs) };
}

function closeServer(server: http.Server, graceMs: number): Promise<void> {
  return new Promise<void>((resolve) => {
    // Probes keep their connections alive: each is closed as soon as its request is answered.
    const idle = setInterval(() => server.closeIdleConnections(), 50);
    const force = setTimeout(() => server.closeAllConnections(), graceMs);
    server.close(() => {
      clearInterval(idle);
      clearTimeout(force);
      resolve();
    });
    server.closeIdleConnections();
  });
}
