import registryFile from '../registry.json';

/** What an app is: a gRPC service with its own schema, the REST edge, the legacy-site stand-in, or a development-only tool. */
export type AppKind = 'service' | 'gateway' | 'web' | 'site' | 'dev-tool';

export interface PortEntry {
  port: number;
  /** The environment variable that overrides it. */
  env: string;
}

export interface AppEntry {
  name: string;
  kind: AppKind;
  description: string;
  /** Start order under `npm start` (lower first). */
  order: number;
  ports: Partial<Record<'grpc' | 'admin' | 'http' | 'smtp', PortEntry>>;
  /** Its Postgres schema and the variable that overrides it. */
  schema?: { name: string; env: string };
  /** The gRPC services it calls (the gateway calls every service). */
  calls?: string[];
  /** The domain-message subjects it publishes (through its outbox, or directly for the gateway); none: no outbox relay. */
  publishes?: string[];
  /** The domain-message subjects it consumes. */
  consumes?: string[];
  /** The port whose /readyz tells that it is ready (default: admin). */
  ready?: 'admin' | 'http';
  /** What `npm start` prints once it is ready; `{grpc}`, `{http}`… stand for its ports. */
  show?: string;
}

export const REGISTRY: readonly AppEntry[] = (registryFile as { apps: AppEntry[] }).apps;

/** The registry entry of `name`; throws for an app that is not registered. */
export function appEntry(name: string): AppEntry {
  const entry = REGISTRY.find((app) => app.name === name);
  if (!entry) throw new Error(`app '${name}' is not in the service registry (libs/platform/registry/registry.json)`);
  return entry;
}

/** Every gRPC service (kind `service`), in start order. */
export const grpcServices = (): AppEntry[] => REGISTRY.filter((app) => app.kind === 'service');

/** `notifications` → `NOTIFICATIONS_GRPC_URL`, the variable a caller reads to reach it. */
export const grpcUrlEnv = (service: string): string => `${service.toUpperCase().replace(/-/g, '_')}_GRPC_URL`;

/** Where a service listens on one machine (`npm start`, tests): `127.0.0.1:<its gRPC port>`. */
export function defaultGrpcUrl(service: string): string {
  const grpc = appEntry(service).ports.grpc;
  if (!grpc) throw new Error(`app '${service}' has no gRPC port`);
  return `127.0.0.1:${grpc.port}`;
}

/** The services `app` calls: its `calls`, or every service for the gateway. */
export function calleesOf(app: AppEntry): string[] {
  return app.kind === 'gateway' ? grpcServices().map((s) => s.name) : (app.calls ?? []);
}

/** The deployable apps that call `service` over gRPC, sorted (its NetworkPolicy callers). */
export function callersOf(service: string): string[] {
  return REGISTRY.filter((app) => app.kind !== 'dev-tool' && app.name !== service && calleesOf(app).includes(service))
    .map((app) => app.name)
    .sort();
}

/**
 * What an app's configuration must default to, by variable: its ports, its schema and the local
 * address of each service it calls. Each app's config spec compares its defaults with this.
 */
export function registryDefaults(app: string): Record<string, number | string> {
  const entry = appEntry(app);
  const defaults: Record<string, number | string> = {};
  for (const { port, env } of Object.values(entry.ports)) defaults[env] = port;
  if (entry.schema) defaults[entry.schema.env] = entry.schema.name;
  if (entry.kind !== 'gateway') for (const service of calleesOf(entry)) defaults[grpcUrlEnv(service)] = defaultGrpcUrl(service);
  return defaults;
}

/**
 * How an app's configuration (read with an empty environment) disagrees with the registry: a
 * default that differs, a registered variable it does not read, or a `<SVC>_GRPC_URL` it reads for
 * a service the registry does not say it calls. Empty when they agree.
 */
export function configDisagreements(app: string, config: Record<string, unknown>): string[] {
  const wanted = registryDefaults(app);
  const problems = Object.entries(wanted)
    .filter(([env, value]) => config[env] !== value)
    .map(([env, value]) => `${env} is ${JSON.stringify(config[env])}, the registry says ${JSON.stringify(value)}`);
  if (appEntry(app).kind !== 'gateway') {
    for (const env of Object.keys(config).filter((key) => key.endsWith('_GRPC_URL') && !(key in wanted))) {
      problems.push(`${env} is read, but the registry does not list that service in ${app}'s calls`);
    }
  }
  return problems;
}
