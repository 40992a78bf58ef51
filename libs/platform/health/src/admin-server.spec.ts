import { Registry, Counter } from 'prom-client';
import { startAdminServer, type AdminServer } from './admin-server';
import { HealthMonitor } from './health-monitor';

describe('the admin HTTP server', () => {
  let admin: AdminServer;
  let base: string;
  let monitor: HealthMonitor;
  let dependencyUp: boolean;
  const registry = new Registry();
  new Counter({ name: 'widgets_made_total', help: 'Widgets made', registers: [registry] }).inc(3);

  beforeEach(async () => {
    dependencyUp = true;
    monitor = new HealthMonitor([{ name: 'postgres', check: async () => dependencyUp }], { cacheMs: 0 });
    monitor.markStarted();
    admin = await startAdminServer({ port: 0, host: '127.0.0.1', monitor, registry });
    base = `http://127.0.0.1:${admin.port}`;
  });
  afterEach(async () => {
    await admin.close();
  });

  const get = async (path: string, init?: RequestInit) => {
    const res = await fetch(`${base}${path}`, init);
    return { status: res.status, type: res.headers.get('content-type'), text: await res.text(), headers: res.headers };
  };

  it('answers /healthz 200 UP', async () => {
    const res = await get('/healthz');
    expect(res.status).toBe(200);
    expect(res.type).toBe('application/json');
    expect(JSON.parse(res.text)).toEqual({ status: 'UP', checks: {} });
  });

  it('answers /readyz 200 with each check while the dependencies answer, 503 DOWN when one does not', async () => {
    const ready = await get('/readyz');
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.text)).toEqual({ status: 'UP', checks: { postgres: { status: 'UP', durationMs: expect.any(Number) } } });
    dependencyUp = false;
    const down = await get('/readyz');
    expect(down.status).toBe(503);
    expect(JSON.parse(down.text)).toMatchObject({ status: 'DOWN', checks: { postgres: { status: 'DOWN', error: 'unavailable' } } });
    expect((await get('/healthz')).status).toBe(200);
  });

  it('answers /readyz 503 STARTING before the process serves', async () => {
    await admin.close();
    monitor = new HealthMonitor([]);
    admin = await startAdminServer({ port: 0, host: '127.0.0.1', monitor, registry });
    base = `http://127.0.0.1:${admin.port}`;
    const res = await get('/readyz');
    expect(res.status).toBe(503);
    expect(JSON.parse(res.text)).toEqual({ status: 'STARTING', checks: {} });
  });

  it('answers /readyz 503 DRAINING from the drain on, while /healthz stays 200', async () => {
    monitor.drain();
    const res = await get('/readyz');
    expect(res.status).toBe(503);
    expect(JSON.parse(res.text)).toEqual({ status: 'DRAINING', checks: {} });
    expect((await get('/healthz')).status).toBe(200);
  });

  it('serves the registry on /metrics as Prometheus text', async () => {
    const res = await get('/metrics');
    expect(res.status).toBe(200);
    expect(res.type).toBe(registry.contentType);
    expect(res.text).toContain('widgets_made_total 3');
  });

  it('ignores the query string', async () => {
    expect((await get('/healthz?verbose=1')).status).toBe(200);
  });

  it('answers 404 to an unknown path, and 405 to a method other than GET or HEAD', async () => {
    const missing = await get('/nothing');
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.text)).toEqual({ error: 'not found' });
    const posted = await get('/readyz', { method: 'POST' });
    expect(posted.status).toBe(405);
    expect(posted.headers.get('allow')).toBe('GET, HEAD');
    expect((await get('/healthz', { method: 'HEAD' })).status).toBe(200);
  });

  it('stops accepting connections once closed', async () => {
    await get('/healthz');
    await admin.close();
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
    admin = await startAdminServer({ port: 0, host: '127.0.0.1', monitor, registry });
  });
});
