// The runnable apps: every app of the service registry (libs/platform/registry/registry.json), in
// start order. `ready` is polled until it answers 2xx; `show` is printed once ready, followed by the
// lines the app wrote to its PLATFORM_START_INFO_FILE, if any (see start.mjs).
import { existsSync, readFileSync } from 'node:fs';
import { grpcServices, grpcUrlEnv, readRegistry, readyUrl, showLine } from '../registry/registry.mjs';

export function expand(template, env) {
  return template.replace(/\$\{(\w+)(?::-([^}]*))?\}/g, (_, name, fallback) => env[name] ?? fallback ?? '');
}

export function discoverApps(workspace) {
  return readRegistry(workspace).map((app) => ({ name: app.name, root: `apps/${app.name}`, order: app.order, ready: readyUrl(app), show: showLine(app) }));
}

/**
 * `<SVC>_GRPC_URL` of every registered service at the gRPC port it will listen on here: its
 * registry port, or the one its `<SVC>_GRPC_PORT` moves it to (so callers follow a moved service).
 */
export function localServiceUrls(workspace, env) {
  return Object.fromEntries(
    grpcServices(readRegistry(workspace)).map((service) => [grpcUrlEnv(service.name), `127.0.0.1:${env[service.ports.grpc.env] ?? service.ports.grpc.port}`]),
  );
}

/**
 * OUTBOUND_ALLOWED_DESTINATIONS for one machine: the mail catcher's SMTP port and the legacy site's
 * HTTP port on loopback (at their registry ports, or where their variables move them), so an
 * organisation can point its SMTP settings at the catcher and a connector at the local site. Nothing
 * else on loopback or the private ranges is allowed (the outbound-destination guard, issue 17).
 */
export function localOutboundDestinations(workspace, env) {
  const apps = readRegistry(workspace);
  const portOf = (name, kind) => {
    const port = apps.find((app) => app.name === name)?.ports?.[kind];
    return port ? (env[port.env] ?? port.port) : undefined;
  };
  const ports = [portOf('mail-catcher', 'smtp'), portOf('legacy-site', 'http')].filter((port) => port !== undefined);
  return ports.flatMap((port) => [`127.0.0.1:${port}`, `localhost:${port}`]).join(',');
}

/**
 * One origin for the whole platform, as the Ingress gives it in a cluster: the web app serves the
 * pages and forwards `/api` to the gateway (WEB_API_UPSTREAM_URL), and the links in emails lead to
 * it (PUBLIC_APP_URL). Variables already set win.
 */
export function localWebSettings(workspace, env) {
  const apps = readRegistry(workspace);
  const httpPort = (name) => {
    const port = apps.find((app) => app.name === name)?.ports?.http;
    return port ? (env[port.env] ?? port.port) : undefined;
  };
  const web = httpPort('web');
  const gateway = httpPort('gateway');
  return {
    ...(gateway !== undefined ? { WEB_API_UPSTREAM_URL: `http://127.0.0.1:${gateway}` } : {}),
    ...(web !== undefined ? { PUBLIC_APP_URL: `http://127.0.0.1:${web}` } : {}),
  };
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
