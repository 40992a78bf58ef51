// The runnable apps: every apps/*/package.json with a "platform" block
//   { "order": 10, "ready": "http://127.0.0.1:${IDENTITY_ADMIN_PORT:-9101}/readyz", "show": "..." }
// Lower order starts first; `ready` is polled until it answers 2xx.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export function expand(template, env) {
  return template.replace(/\$\{(\w+)(?::-([^}]*))?\}/g, (_, name, fallback) => env[name] ?? fallback ?? '');
}

export function discoverApps(workspace) {
  const root = path.join(workspace, 'apps');
  return readdirSync(root)
    .filter((name) => existsSync(path.join(root, name, 'package.json')))
    .map((name) => ({ name, pkg: JSON.parse(readFileSync(path.join(root, name, 'package.json'), 'utf8')) }))
    .filter(({ pkg }) => pkg.platform)
    .map(({ name, pkg }) => ({ name, root: `apps/${name}`, ...pkg.platform }))
    .sort((a, b) => a.order - b.order);
}

export async function waitReady(url, timeoutMs, isAlive) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive()) return false;
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
      if (res.ok) return true;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}
