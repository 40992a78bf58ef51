// The runnable apps: every apps/*/package.json with a "platform" block
//   { "order": 10, "ready": "http://127.0.0.1:${IDENTITY_ADMIN_PORT:-9101}/readyz", "show": "..." }
// Lower order starts first; `ready` is polled until it answers 2xx; `show` is printed once ready,
// followed by the lines the app wrote to its PLATFORM_START_INFO_FILE, if any (see start.mjs).
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

/** The lines an app wrote to its PLATFORM_START_INFO_FILE before it reported ready (none when it wrote nothing). */
export function startInfo(file) {
  if (!existsSync(file)) return [];
  try {
    return readFileSync(file, 'utf8')
      .split('\n')
      .map((line) => line.trimEnd())
      .filter(Boolean)
      .slice(0, 10);
  } catch {
    return [];
  }
}
