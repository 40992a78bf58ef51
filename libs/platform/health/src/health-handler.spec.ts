import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHealthHandler } from './health-handler';
import { HealthMonitor } from './health-monitor';

describe('the health handler inside an existing server', () => {
  let server: http.Server;
  let base: string;
  const monitor = new HealthMonitor([]);

  beforeAll(async () => {
    const health = createHealthHandler(monitor);
    server = http.createServer((req, res) => {
      const path = (req.url ?? '/').replace(/\/+$/, '');
      // The host server keeps its own routes and may pass a path it has already parsed (an alias here).
      if (health(req, res, path === '/livez' ? '/healthz' : path)) return;
      res.writeHead(200, { 'content-type': 'text/plain' }).end(`own route ${path}`);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('answers the health paths and leaves every other path to the server', async () => {
    expect((await fetch(`${base}/readyz`)).status).toBe(503);
    monitor.markStarted();
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'UP', checks: {} });
    expect(await (await fetch(`${base}/livez`)).json()).toEqual({ status: 'UP', checks: {} });
    expect(await (await fetch(`${base}/api/v1/messages`)).text()).toBe('own route /api/v1/messages');
  });

  it('leaves /metrics to the server when it has no registry', async () => {
    expect(await (await fetch(`${base}/metrics`)).text()).toBe('own route /metrics');
  });
});
