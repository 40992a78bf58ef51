import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createLogger } from '@platform/telemetry';
import { startWebServer, type RunningWebServer } from './web-server';

const logger = createLogger('web-test', { level: 'silent' });

function builtApp(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'web-root-'));
  mkdirSync(path.join(root, 'assets'));
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(root, 'assets', 'main-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(root, 'manifest.webmanifest'), '{}');
  return root;
}

async function listen(server: http.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

describe('the web server', () => {
  let web: RunningWebServer;
  let upstream: http.Server;
  let seen: { url?: string; host?: string; forwardedFor?: string; body?: string } = {};
  let base: string;

  beforeAll(async () => {
    upstream = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        seen = { url: req.url, host: req.headers.host, forwardedFor: req.headers['x-forwarded-for'] as string | undefined, body };
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"UP"}');
      });
    });
    const upstreamPort = await listen(upstream);
    web = await startWebServer({ port: 0, adminPort: 0, host: '127.0.0.1', root: builtApp(), apiUpstreamUrl: `http://127.0.0.1:${upstreamPort}`, logger });
    base = `http://127.0.0.1:${web.port}`;
  });
  afterAll(async () => {
    await web.stop();
    upstream.close();
  });

  it('answers every page path with the app, never cached', async () => {
    for (const page of ['/', '/login', '/admin/members/42', '/o/acme']) {
      const res = await fetch(base + page);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('id="root"');
      expect(res.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('serves hashed assets for a year and answers 404 for a missing one', async () => {
    const asset = await fetch(`${base}/assets/main-abc123.js`);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await fetch(`${base}/assets/gone-999.js`)).status).toBe(404);
    expect((await fetch(`${base}/robots.txt`)).status).toBe(404);
  });

  it('sends a strict content security policy with the pages', async () => {
    const csp = (await fetch(`${base}/login`)).headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('forwards /api with its body, keeping the host and adding the caller', async () => {
    const res = await fetch(`${base}/api/auth/org/login?x=1`, {
      method: 'POST',
      body: '{"email":"a@b.test"}',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(200);
    expect(seen.url).toBe('/api/auth/org/login?x=1');
    expect(seen.host).toBe(`127.0.0.1:${web.port}`);
    expect(seen.forwardedFor).toContain('127.0.0.1');
    expect(seen.body).toBe('{"email":"a@b.test"}');
  });

  it('does not forward paths that only start like /api', async () => {
    seen = {};
    const res = await fetch(`${base}/apiary`);
    expect(await res.text()).toContain('id="root"');
    expect(seen.url).toBeUndefined();
  });

  it('answers 502 problem+json when the gateway is down', async () => {
    const down = await startWebServer({ port: 0, adminPort: 0, host: '127.0.0.1', root: builtApp(), apiUpstreamUrl: 'http://127.0.0.1:1', logger });
    try {
      const res = await fetch(`http://127.0.0.1:${down.port}/api/auth/health`);
      expect(res.status).toBe(502);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
    } finally {
      await down.stop();
    }
  });

  it('refuses to start without a built app', async () => {
    await expect(startWebServer({ port: 0, adminPort: 0, host: '127.0.0.1', root: os.tmpdir() + '/no-such-build', logger })).rejects.toThrow(
      /no built web app/,
    );
  });
});
