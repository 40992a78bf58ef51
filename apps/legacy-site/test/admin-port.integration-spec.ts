import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startTestSite, SYNC_KEY, unreachableSite, type TestSite } from './support/harness';

/** The value of one sample of the Prometheus text, or undefined when there is none. */
function sample(metrics: string, name: string, labels: Record<string, string>): number | undefined {
  const line = metrics.split('\n').find((l) => l.startsWith(`${name}{`) && Object.entries(labels).every(([k, v]) => l.includes(`${k}="${v}"`)));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('admin port (/healthz, /readyz, /metrics)', () => {
  let t: TestSite;
  const admin = async (route: string) => {
    const res = await fetch(`${t.adminUrl}${route}`);
    return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
  };

  beforeAll(async () => {
    t = await startTestSite();
  });
  afterAll(async () => {
    await t.stop();
  });

  it('listens on a port of its own', () => {
    expect(new URL(t.adminUrl).port).not.toBe(new URL(t.url).port);
  });

  it('/healthz answers 200 while the process runs', async () => {
    const res = await admin('/healthz');
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text)).toEqual({ status: 'UP', checks: {} });
  });

  it('/readyz answers 200 while its database answers, 503 when it does not (and /healthz stays 200)', async () => {
    const ready = await admin('/readyz');
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.text)).toEqual({ status: 'UP', checks: { database: { status: 'UP', durationMs: expect.any(Number) } } });

    const down = jest.spyOn(t.site.services.settings, 'reachable').mockResolvedValue(false);
    try {
      // Readiness is cached briefly; probe() is the next check after the cache expires.
      await t.site.health.probe();
      const notReady = await admin('/readyz');
      expect(notReady.status).toBe(503);
      expect(JSON.parse(notReady.text)).toMatchObject({ status: 'DOWN', checks: { database: { status: 'DOWN', error: 'unavailable' } } });
      expect((await admin('/healthz')).status).toBe(200);
    } finally {
      down.mockRestore();
    }
    await t.site.health.probe();
    expect((await admin('/readyz')).status).toBe(200);
  });

  it('/metrics counts public API requests by method, route template and status, with their latency and the process metrics', async () => {
    expect((await t.call('GET', '/sync/members?per_page=5')).status).toBe(200);
    expect((await t.call('PUT', '/sync/members/2', { body: { city: 'Cairns' } })).status).toBe(200);
    expect((await t.call('GET', '/nothing/at/all')).status).toBe(404);
    const res = await admin('/metrics');
    expect(res.status).toBe(200);
    expect(res.type).toMatch(/^text\/plain/);
    const counter = 'legacy_site_http_requests_total';
    expect(res.text).toContain(`# TYPE ${counter} counter`);
    expect(sample(res.text, counter, { method: 'GET', route: '/api/v1/sync/members', status: '200', service: 'legacy-site' })).toBeGreaterThanOrEqual(1);
    expect(sample(res.text, counter, { method: 'PUT', route: '/api/v1/sync/members/:id', status: '200' })).toBeGreaterThanOrEqual(1);
    expect(sample(res.text, counter, { method: 'GET', route: 'unmatched', status: '404' })).toBeGreaterThanOrEqual(1);
    expect(res.text).not.toContain('/nothing/at/all');
    expect(
      sample(res.text, 'legacy_site_http_request_duration_seconds_count', { method: 'GET', route: '/api/v1/sync/members', status: '200' }),
    ).toBeGreaterThanOrEqual(1);
    expect(res.text).toContain('process_cpu_user_seconds_total');
    expect(res.text).toContain('nodejs_eventloop_lag_seconds');
  });

  it('answers 404 to anything else', async () => {
    expect((await admin('/api/v1/sync/ping')).status).toBe(404);
  });

  it.each(['/metrics', '/healthz', '/readyz'])('leaves %s off the public port (404 rest_no_route)', async (route) => {
    for (const url of [`${t.url}${route}`, route]) {
      const res = await t.call('GET', url, { key: null });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'rest_no_route', data: { status: 404 } });
    }
  });
});

describe('admin port of a site that is not serving', () => {
  it('is alive but not ready before the site serves, and its database does not answer', async () => {
    const site = unreachableSite();
    const server = http.createServer(site.adminHandler).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      const ready = await fetch(`${base}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ status: 'STARTING', checks: { database: { status: 'DOWN' } } });
    } finally {
      await new Promise((resolve) => server.close(resolve));
      await site.stop();
    }
  });

  it('closes the admin port when the site cannot start', async () => {
    const site = unreachableSite();
    const probe = http.createServer(site.adminHandler).listen(0, '127.0.0.1');
    await new Promise((resolve) => probe.once('listening', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    await expect(site.start(0, '127.0.0.1', port)).rejects.toThrow();
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
    await site.stop();
  });
});

describe('start and stop', () => {
  it('writes the sync key and logins to the start info file, and tells the admin URL in its banner', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'legacy-start-info-'));
    const file = path.join(dir, 'run', 'legacy-site.txt');
    const t = await startTestSite({ config: { startInfoFile: file } });
    try {
      expect(readFileSync(file, 'utf8')).toBe(`sync key ${SYNC_KEY}\napp logins admin / admin-password and fixture members / password123\n`);
      expect(statSync(file).mode & 0o077).toBe(0);
      expect(t.banner).toEqual([
        `${t.api} (ping: ${t.api}/sync/ping)`,
        `admin ${t.adminUrl} (/healthz, /readyz, /metrics)`,
        `sync key ${SYNC_KEY}`,
        'app logins admin / admin-password and fixture members / password123',
      ]);
    } finally {
      await t.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('graceful stop reports draining, then closes both ports', async () => {
    const t = await startTestSite({ seed: { kind: 'none' } });
    expect((await fetch(`${t.adminUrl}/readyz`)).status).toBe(200);
    t.site.health.drain(); // what stop() does first
    expect(await (await fetch(`${t.adminUrl}/readyz`)).json()).toEqual({ status: 'DRAINING', checks: {} });
    expect((await t.call('GET', '/sync/ping')).status).toBe(200);
    await t.stop();
    await expect(fetch(`${t.adminUrl}/healthz`)).rejects.toThrow();
    await expect(fetch(`${t.api}/sync/ping`)).rejects.toThrow();
  });
});
