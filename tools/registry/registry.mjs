// The service registry as the build tools read it (libs/platform/registry/registry.json; the apps
// read it through @platform/registry). Everything outside an app's own folder that names its ports,
// schema, callers or start order is derived from this file: see sync.mjs.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const workspace = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const REGISTRY_FILE = 'libs/platform/registry/registry.json';

/** The registry's apps, in start order. */
export function readRegistry(root = workspace) {
  const { apps } = JSON.parse(readFileSync(path.join(root, REGISTRY_FILE), 'utf8'));
  return [...apps].sort((a, b) => a.order - b.order);
}

export function writeRegistry(apps, root = workspace) {
  const file = path.join(root, REGISTRY_FILE);
  const current = JSON.parse(readFileSync(file, 'utf8'));
  writeFileSync(file, JSON.stringify({ ...current, apps }, null, 2) + '\n');
}

/** Apps that ship as images and have chart values (all but development-only tools). */
export const deployable = (apps) => apps.filter((app) => app.kind !== 'dev-tool');
export const grpcServices = (apps) => apps.filter((app) => app.kind === 'service');

/** The services an app calls: its `calls`, or every service for the gateway. */
export const calleesOf = (apps, app) => (app.kind === 'gateway' ? grpcServices(apps).map((s) => s.name) : (app.calls ?? []));

/** The deployable apps that call `service` (its NetworkPolicy callers), sorted. */
export const callersOf = (apps, service) =>
  deployable(apps)
    .filter((app) => app.name !== service && calleesOf(apps, app).includes(service))
    .map((app) => app.name)
    .sort();

export const grpcUrlEnv = (service) => `${service.toUpperCase().replace(/-/g, '_')}_GRPC_URL`;

/** Where `npm start` polls for readiness, with the port overridable by its variable. */
export function readyUrl(app) {
  const port = app.ports[app.ready ?? 'admin'];
  return `http://127.0.0.1:\${${port.env}:-${port.port}}/readyz`;
}

/** What `npm start` prints for an app once it is ready. */
export function showLine(app) {
  const template = app.show ?? (app.ports.grpc ? 'gRPC 127.0.0.1:{grpc}' : 'http://127.0.0.1:{http}');
  return template.replace(/\{(\w+)\}/g, (_, kind) => `\${${app.ports[kind].env}:-${app.ports[kind].port}}`);
}
