import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { MessagingNames } from '@platform/messaging';
import { organisationV1 } from '@platform/proto';
import { calleesOf, REGISTRY, type AppEntry } from '@platform/registry';
import { createTestSchema, type TestSchema } from '../db/test-schema';
import { fakeGrpcService, type FakeGrpcService } from '../grpc/fake-grpc-service';
import { createTestMessaging } from '../messaging';
import { createTestRedis } from '../redis/test-redis';
import { appTestEnv, UNREACHABLE_GRPC_URL, type PortKind } from '../registry/app-env';
import { freePort, startApp, workspaceRoot, type AppProcess } from './app-process';
import { startContractProxy, type ContractProxy, type ContractReport } from './contract-proxy';

export const STACK_ADMIN = { email: 'stack-admin@platform.test', password: 'stack admin password' };
export const STACK_JWT_SECRET = 'stack-test-secret-0123456789abcdefghijkl';
/** The stack services' service-token secret (the gateway is not given it). */
export const STACK_SERVICE_JWT_SECRET = 'stack-test-service-secret-0123456789abcdef';
/** The sync key of the stack's legacy site (started with the connector). */
export const STACK_LEGACY_SYNC_KEY = 'stack-legacy-sync-key-0123456789';

/** The stand-in organisation service: it answers the membership lookup identity makes at login, from `memberships`. */
export interface StackOrganisations extends FakeGrpcService<typeof organisationV1.OrganisationServiceService> {
  /** Memberships answered for an account id. */
  memberships: Map<string, organisationV1.AccountMembership[]>;
}

export interface PlatformStack {
  /** `http://127.0.0.1:<port>` of the gateway, or of the validating proxy in front of it (`contractCheck`). */
  baseUrl: string;
  /** `http://127.0.0.1:<port>` of the gateway itself, with or without a validating proxy. */
  gatewayUrl: string;
  identityGrpcUrl: string;
  /** Where every registered service is reached: started, stood in for, or (left out) unreachable. */
  grpcUrls: Record<string, string>;
  /** The ports of every app started, by app and kind. */
  ports: Record<string, Partial<Record<PortKind, number>>>;
  /** The stand-in organisation service, unless `organisation: 'real'`. */
  organisations?: StackOrganisations;
  /** `http://127.0.0.1:<port>` of the web app (pages, and `/api` forwarded to the gateway), with `web: true`. */
  webUrl?: string;
  /** `http://127.0.0.1:<port>` of the mail catcher's API, when notifications run. */
  mailUrl?: string;
  /** The mail catcher's SMTP port (the platform's SMTP server), when notifications run. */
  smtpPort?: number;
  /** `http://127.0.0.1:<port>` of the legacy site (its sync key STACK_LEGACY_SYNC_KEY, seed `tiny`), when the connector runs. */
  legacySiteUrl?: string;
  /** Each started service's own schema (by app name), for a test that must change what no route can (an expiry). */
  schemas: Record<string, { schema: string; connectionString: string }>;
  /** The stack's own JetStream stream and subject prefix, to read the events it publishes. */
  names: MessagingNames;
  streamName: string;
  subjectPrefix: string;
  /**
   * Starts one more replica of a started app on ports of its own, with the same settings (its
   * database schema, stream and keys): a second gateway behind a balancer, a rolling restart. The
   * stack stops it too, unless the caller already did.
   */
  startReplica(app: string): Promise<AppReplica>;
  /**
   * Stops a started app (not its replicas): SIGTERM (default) and its drain, or SIGKILL for a
   * crash (no drain, no cleanup: what a killed pod leaves behind). Its ports, schema and data stay
   * for `startAgain`; until then its callers find nothing listening.
   */
  stopApp(app: string, options?: { signal?: 'SIGTERM' | 'SIGKILL' }): Promise<void>;
  /** Starts an app stopped by `stopApp` again, on its own ports with the same settings (a supervisor's restart), and waits until it is ready. */
  startAgain(app: string): Promise<void>;
  stop(): Promise<void>;
}

/** A further replica of an app of the stack: its own ports, stopped (SIGTERM, drain) by `stop()`. */
export interface AppReplica extends AppProcess {
  ports: Partial<Record<PortKind, number>>;
}

export interface PlatformStackOptions {
  bcryptCost?: number;
  /** Variables for every app. */
  env?: NodeJS.ProcessEnv;
  /** Variables for one app, by app name, over all others: `{ identity: { DATABASE_URL: proxy.urlOf(…) } }` stages an outage through a TcpProxy. */
  appEnv?: Record<string, NodeJS.ProcessEnv>;
  /** `real` starts the built organisation service; `fake` (default) serves its membership lookup from the test. */
  organisation?: 'fake' | 'real';
  /** Also start the built notifications service and the mail catcher it sends through (default: left out). */
  notifications?: boolean;
  /** Further registered services to start (content, events…); the others answer as unreachable. */
  services?: string[];
  /**
   * Put Stoplight Prism (proxy mode) with the gateway's OpenAPI document between the tests and the
   * gateway: `baseUrl` is then the proxy's, and `stop()` fails when any answer was off the document.
   * Default: on when STACK_CONTRACT_CHECK is `prism` (the e2e suite sets it), off otherwise.
   */
  contractCheck?: boolean;
  /**
   * Also start the web app (apps/web) in front of the gateway, as `npm start` runs it: `webUrl`
   * serves the pages and forwards `/api`, and the links in emails point at it (PUBLIC_APP_URL).
   */
  web?: boolean;
  /**
   * Where some apps' builds are, by app name: a folder holding `<app>/main.js` (another version's
   * `dist/apps`, as the version-skew test runs a previous release beside HEAD). Default: this
   * workspace's `dist/apps`.
   */
  builds?: Record<string, string>;
  /** How long each app may take to be ready (default 60 s): more for builds started cold on a loaded machine. */
  readyTimeoutMs?: number;
}

/** What the stack adds to the registry for some apps: the dev tools they need, and settings for a test. */
interface StackSpecifics {
  needs?: string[];
  env?(stack: { options: PlatformStackOptions; port(app: string, kind: PortKind): number; redisPrefix: string }): NodeJS.ProcessEnv;
}

/**
 * Organisations' SMTP settings may point at the stack's mail catcher, as `npm start` allows it, and
 * at nothing else local (the outbound-destination guard); none when the stack runs no catcher.
 */
function catcherAllowance(port: (app: string, kind: PortKind) => number): NodeJS.ProcessEnv {
  try {
    return { OUTBOUND_ALLOWED_DESTINATIONS: `127.0.0.1:${port('mail-catcher', 'smtp')}` };
  } catch {
    return {};
  }
}

/**
 * The connector, and documents copying its images and files (copy-images), may reach the stack's
 * legacy site, as `npm start` allows it, and nothing else local; none when the stack runs no site.
 */
function siteAllowance(port: (app: string, kind: PortKind) => number): NodeJS.ProcessEnv {
  try {
    return { OUTBOUND_ALLOWED_DESTINATIONS: `127.0.0.1:${port('legacy-site', 'http')}` };
  } catch {
    return {};
  }
}

/** Links in emails lead to the stack's web app when it runs one (PUBLIC_APP_URL), as under `npm start`. */
function appUrl(port: (app: string, kind: PortKind) => number): NodeJS.ProcessEnv {
  try {
    return { PUBLIC_APP_URL: `http://127.0.0.1:${port('web', 'http')}` };
  } catch {
    return {};
  }
}

const SPECIFICS: Record<string, StackSpecifics> = {
  identity: {
    env: ({ options }) => ({
      BCRYPT_COST: String(options.bcryptCost ?? 4),
      PLATFORM_ADMIN_EMAIL: STACK_ADMIN.email,
      PLATFORM_ADMIN_PASSWORD: STACK_ADMIN.password,
    }),
  },
  // Its Redis keys (join-request rate limits) are the stack's own too: one run never limits another.
  organisation: { env: ({ port, redisPrefix }) => ({ ...catcherAllowance(port), REDIS_KEY_PREFIX: `${redisPrefix}organisation:` }) },
  notifications: {
    needs: ['mail-catcher'],
    env: ({ port }) => ({
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(port('mail-catcher', 'smtp')),
      EMAIL_POLL_MS: '100',
      ...catcherAllowance(port),
      ...appUrl(port),
    }),
  },
  // The web app forwards /api to the gateway itself, as the Ingress does in a cluster.
  web: { env: ({ port }) => ({ WEB_HOST: '127.0.0.1', WEB_API_UPSTREAM_URL: `http://127.0.0.1:${port('gateway', 'http')}` }) },
  documents: { env: ({ port }) => siteAllowance(port) },
  // The connector's peer: the legacy site with the small `tiny` seed (LEGACY_SEED in `env` picks another).
  connector: {
    needs: ['legacy-site'],
    env: ({ port }) => ({
      ...siteAllowance(port),
      CONNECTOR_RUNNER_INTERVAL_MS: '200',
      CONNECTOR_SCHEDULER_INTERVAL_MS: '1000',
      CONNECTOR_SITE_BACKOFF_MS: '100',
    }),
  },
  'legacy-site': { env: () => ({ LEGACY_SEED: 'tiny', LEGACY_SYNC_KEY: STACK_LEGACY_SYNC_KEY, LEGACY_SITE_TIMEZONE: '+10:00' }) },
  // Every suite calls from 127.0.0.1, far beyond what one person does: the abuse limits are lifted
  // unless a suite turns them on (`env: { GATEWAY_ABUSE_LIMITS: 'on' }`, as the limits e2e does).
  gateway: { env: ({ redisPrefix }) => ({ REDIS_KEY_PREFIX: redisPrefix, GATEWAY_ABUSE_LIMITS: 'off' }) },
};

export interface StackPlan {
  /** The registered apps started as processes, in start order. */
  apps: AppEntry[];
  /** The registered services a server in the test stands in for. */
  standIns: string[];
}

/** The services every stack has a say on: identity always runs, organisation and notifications by their options. */
const CORE_SERVICES = ['identity', 'organisation', 'notifications'];

/**
 * Which apps a stack runs, from the registry: identity, the gateway, organisation (or its stand-in)
 * and notifications as the options say, and any further registered service the options name (a
 * suite starts only what it drives), plus the dev tools a started app needs, in the registry's
 * start order.
 */
export function planStack(options: PlatformStackOptions = {}, registry: readonly AppEntry[] = REGISTRY): StackPlan {
  const standIns = options.organisation === 'real' ? [] : ['organisation'];
  const leftOut = options.notifications || options.services?.includes('notifications') ? [] : ['notifications'];
  const unknown = (options.services ?? []).filter((name) => !registry.some((app) => app.name === name && app.kind === 'service'));
  if (unknown.length) throw new Error(`the stack cannot start ${unknown.join(', ')}: not a registered service`);
  const asked = (app: AppEntry) => CORE_SERVICES.includes(app.name) || (options.services ?? []).includes(app.name);
  const wanted = registry.filter(
    (app) =>
      (app.kind === 'gateway' || (app.kind === 'web' && options.web === true) || (app.kind === 'service' && asked(app))) &&
      !standIns.includes(app.name) &&
      !leftOut.includes(app.name),
  );
  const needed = new Set(wanted.flatMap((app) => SPECIFICS[app.name]?.needs ?? []));
  return {
    apps: registry.filter((app) => wanted.includes(app) || needed.has(app.name)).sort((a, b) => a.order - b.order),
    standIns: standIns.filter((name) => registry.some((app) => app.name === name)),
  };
}

/** Where an app tells that it is ready: `/readyz` on its admin port, or on its http port for `"ready": "http"`. */
export function readyUrl(app: AppEntry, ports: Partial<Record<PortKind, number>>): string {
  const port = ports[app.ready ?? 'admin'];
  if (port === undefined) throw new Error(`${app.name} has no ${app.ready ?? 'admin'} port to tell its readiness on`);
  return `http://127.0.0.1:${port}/readyz`;
}

async function startStandInOrganisation(): Promise<StackOrganisations> {
  const memberships = new Map<string, organisationV1.AccountMembership[]>();
  const fake = await fakeGrpcService(
    organisationV1.OrganisationServiceService,
    { listAccountMemberships: (request) => ({ memberships: memberships.get(request.accountId) ?? [] }) },
    { serviceToken: 'any' },
  );
  return Object.assign(fake, { memberships });
}

/**
 * Starts the platform from the service registry, each app built (`dist/apps/<name>/main.js`, what
 * an image runs) as a process on free ports, each service on a schema of its own, all on a stream,
 * subjects and Redis key prefix of the stack's own. The organisation service is the built one
 * (`organisation: 'real'`) or a gRPC server in the test standing in for it.
 */
export async function startPlatformStack(label: string, options: PlatformStackOptions = {}): Promise<PlatformStack> {
  const plan = planStack(options);
  const messaging = createTestMessaging(`stack${label}`);
  const redis = createTestRedis(`stack:${label}`);
  const schemas: TestSchema[] = [];
  const schemasByApp: PlatformStack['schemas'] = {};
  const processes: AppProcess[] = [];
  /** The first process of each app (not its replicas), by app name: what stopApp and startAgain act on. */
  const mains = new Map<string, AppProcess>();
  const organisations = plan.standIns.includes('organisation') ? await startStandInOrganisation() : undefined;
  let contract: ContractProxy | undefined;
  const stop = async () => {
    await contract?.stop();
    for (const app of [...processes].reverse()) await app.stop();
    await organisations?.stop();
    for (const schema of schemas) await schema.drop();
    await messaging.cleanup();
    await redis.cleanup();
  };
  try {
    const ports: Record<string, Partial<Record<PortKind, number>>> = {};
    for (const app of plan.apps) {
      const own: Partial<Record<PortKind, number>> = {};
      for (const kind of Object.keys(app.ports) as PortKind[]) own[kind] = await freePort();
      ports[app.name] = own;
    }
    const port = (app: string, kind: PortKind): number => {
      const found = ports[app]?.[kind];
      if (found === undefined) throw new Error(`the stack runs no ${app} with a ${kind} port`);
      return found;
    };
    const grpcUrls: Record<string, string> = {};
    for (const service of REGISTRY.filter((app) => app.kind === 'service')) {
      const grpc = ports[service.name]?.grpc;
      grpcUrls[service.name] = grpc !== undefined ? `127.0.0.1:${grpc}` : UNREACHABLE_GRPC_URL;
    }
    if (organisations) grpcUrls['organisation'] = organisations.address;

    const envs = new Map<string, (own: Partial<Record<PortKind, number>>) => NodeJS.ProcessEnv>();
    for (const app of plan.apps) {
      const schema = app.schema ? await createTestSchema(`stack_${app.name}_${label}`) : undefined;
      if (schema) schemas.push(schema);
      if (schema) schemasByApp[app.name] = { schema: schema.schema, connectionString: schema.connectionString };
      const callees = Object.fromEntries(calleesOf(app).map((name) => [name, grpcUrls[name] ?? UNREACHABLE_GRPC_URL]));
      const envOf = (own: Partial<Record<PortKind, number>>): NodeJS.ProcessEnv => ({
        ...appTestEnv(app, { ports: own, schema, messaging, callees }),
        JWT_SECRET: STACK_JWT_SECRET,
        // Only the services hold the service-token key; the gateway verifies user tokens alone.
        ...(app.kind === 'service' ? { SERVICE_JWT_SECRET: STACK_SERVICE_JWT_SECRET } : {}),
        ...SPECIFICS[app.name]?.env?.({ options, port, redisPrefix: redis.prefix }),
        ...options.env,
        ...options.appEnv?.[app.name],
      });
      envs.set(app.name, envOf);
    }
    // All apps start at once: none waits for another to be ready (a service reaches its callees
    // lazily), so a stack is up in the time of its slowest app, not the sum of all.
    const starts = await Promise.allSettled(
      plan.apps.map((app) => {
        const own = ports[app.name] ?? {};
        const envOf = envs.get(app.name);
        if (!envOf) throw new Error(`no settings for ${app.name}`);
        return startApp(app.name, envOf(own), readyUrl(app, own), options.readyTimeoutMs, options.builds?.[app.name]);
      }),
    );
    starts.forEach((start, i) => {
      if (start.status !== 'fulfilled') return;
      processes.push(start.value);
      mains.set((plan.apps[i] as AppEntry).name, start.value);
    });
    const failed = starts.find((start): start is PromiseRejectedResult => start.status === 'rejected');
    if (failed) throw failed.reason;
    const startReplica = async (name: string): Promise<AppReplica> => {
      const app = plan.apps.find((a) => a.name === name);
      const envOf = envs.get(name);
      if (!app || !envOf) throw new Error(`the stack runs no ${name}`);
      const own: Partial<Record<PortKind, number>> = {};
      for (const kind of Object.keys(app.ports) as PortKind[]) own[kind] = await freePort();
      const replica = await startApp(name, envOf(own), readyUrl(app, own), options.readyTimeoutMs, options.builds?.[name]);
      processes.push(replica);
      return { ...replica, ports: own };
    };
    const stopped = new Set<string>();
    const stopApp = async (name: string, { signal = 'SIGTERM' }: { signal?: 'SIGTERM' | 'SIGKILL' } = {}): Promise<void> => {
      const running = mains.get(name);
      if (!running) throw new Error(`the stack runs no ${name}`);
      if (stopped.has(name)) throw new Error(`${name} is stopped already`);
      await running.stop(signal);
      stopped.add(name);
    };
    const startAgain = async (name: string): Promise<void> => {
      const app = plan.apps.find((a) => a.name === name);
      const envOf = envs.get(name);
      const before = mains.get(name);
      if (!app || !envOf || !before) throw new Error(`the stack runs no ${name}`);
      if (!stopped.has(name)) throw new Error(`${name} is running: stop it first (stopApp)`);
      const again = await startApp(name, envOf(ports[name] ?? {}), readyUrl(app, ports[name] ?? {}), options.readyTimeoutMs, options.builds?.[name]);
      processes[processes.indexOf(before)] = again;
      mains.set(name, again);
      stopped.delete(name);
    };
    const withMail = ports['mail-catcher'] !== undefined;
    const gatewayUrl = `http://127.0.0.1:${port('gateway', 'http')}`;
    if (options.contractCheck ?? process.env['STACK_CONTRACT_CHECK'] === 'prism') contract = await startContractProxy(`stack-${label}`, gatewayUrl);
    return {
      baseUrl: contract?.url ?? gatewayUrl,
      gatewayUrl,
      identityGrpcUrl: grpcUrls['identity'] ?? UNREACHABLE_GRPC_URL,
      grpcUrls,
      ports,
      organisations,
      webUrl: ports['web'] !== undefined ? `http://127.0.0.1:${port('web', 'http')}` : undefined,
      mailUrl: withMail ? `http://127.0.0.1:${port('mail-catcher', 'http')}` : undefined,
      smtpPort: withMail ? port('mail-catcher', 'smtp') : undefined,
      legacySiteUrl: ports['legacy-site'] !== undefined ? `http://127.0.0.1:${port('legacy-site', 'http')}` : undefined,
      schemas: schemasByApp,
      startReplica,
      stopApp,
      startAgain,
      names: messaging.names,
      streamName: messaging.names.stream,
      subjectPrefix: messaging.names.subjectPrefix,
      stop: async () => {
        const report = contract?.report();
        await stop();
        if (report) judgeContract(label, report);
      },
    };
  } catch (err) {
    await stop().catch(() => undefined);
    throw err;
  }
}

/**
 * Writes what the stack's validating proxy saw to tmp/test-reports/contract/<label>.json and fails
 * on any answer off the document. Request-side findings are recorded, not failed: suites send bad
 * input on purpose (the gateway must answer it with a declared problem, which the answer's check covers).
 */
function judgeContract(label: string, report: ContractReport): void {
  const dir = path.join(workspaceRoot(), 'tmp/test-reports/contract');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `${label}.json`), `${JSON.stringify(report, null, 2)}\n`);
  const offDocument = report.violations.filter((v) => v.side === 'response');
  if (offDocument.length === 0) return;
  const lines = offDocument.map((v) => `  ${v.method} ${v.path} → ${v.status}: ${v.location} ${v.message}`);
  throw new Error(`${offDocument.length} answer(s) off the OpenAPI document (Prism, stack ${label}):\n${lines.join('\n')}`);
}
