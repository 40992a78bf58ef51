import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';
import type { HealthMonitor } from './health';

/**
 * The admin HTTP port of a service: `/healthz` (liveness: the process answers, whatever its
 * dependencies do, so a database outage never restarts every pod), `/readyz` (readiness: the
 * dependencies answer) and `/metrics` (Prometheus).
 */
export async function startAdminHttp(port: number, health: HealthMonitor, registry: Registry, host = '0.0.0.0'): Promise<http.Server & { port: number }> {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/healthz') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"UP"}');
    } else if (path === '/readyz') {
      const ready = health.isServing();
      res
        .writeHead(ready ? 200 : 503, { 'content-type': 'application/json' })
        .end(JSON.stringify({ status: ready ? 'UP' : 'DOWN', failing: health.failures() }));
    } else if (path === '/metrics') {
      registry.metrics().then(
        (body) => res.writeHead(200, { 'content-type': registry.contentType }).end(body),
        () => res.writeHead(500).end(),
      );
    } else {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"status":404}');
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return Object.assign(server, { port: (server.address() as AddressInfo).port });
}
