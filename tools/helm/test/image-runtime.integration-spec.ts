import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { credentials, Metadata } from '@grpc/grpc-js';
import { healthV1 } from '@platform/proto';
import { createTestMessaging, createTestSchema, freePort, type TestMessaging, type TestSchema } from '@platform/testing';
import { parse } from 'yaml';
import { runnableApps } from '../support/apps';
import { find, helmOk, parseManifests, workspace, type Manifest } from '../support/helm';

// What deploy/Dockerfile puts in an image, run the way the chart runs it: the app's build output in
// a directory of its own, with only the production packages of its pruned lockfile (copied from
// the workspace's node_modules instead of downloaded), as uid 10001 that can write nothing but its
// /tmp; then the pod's init container (migrations), the server, and the chart's own probes.

/** Stand-ins for the keys of the Secrets the values files reference (secretName/key). */
const TEST_SECRETS: Record<string, string> = {
  'identity-bootstrap-admin/email': 'image-test-admin@example.org',
  'identity-bootstrap-admin/password': 'image-test-password-1',
  'legacy-site/jwt-secret': 'image-test-legacy-jwt-secret-0123456789',
  'legacy-site/admin-password': 'image-test-legacy-admin-password',
  'legacy-site/sync-key': 'image-test-sync-key-0123',
  'notifications-smtp/host': '127.0.0.1',
  'notifications-smtp/username': '',
  'notifications-smtp/password': '',
  'notifications-smtp/from': 'Image Test <image-test@example.org>',
  // No push credentials: the service starts, logs that push is off, and fills inboxes.
  'notifications-fcm/service-account.json': '',
};
/** Settings a test changes for speed, per app. */
const TEST_OVERRIDES: Record<string, Record<string, string>> = { 'legacy-site': { LEGACY_SEED: 'tiny' }, identity: { BCRYPT_COST: '4' } };
const PORT_NAMES = { grpc: 'grpc', http: 'http', admin: 'http-admin' } as const;
const APP_UID = 10001;

interface Pod {
  dir: string;
  tmp: string;
  env: NodeJS.ProcessEnv;
  portOf: Record<string, number>;
  spec: Manifest;
}

const runAsAppUser = process.getuid?.() === 0 && spawnSync('setpriv', ['--version']).status === 0;

function command(pod: Pod, args: string[]): [string, string[]] {
  const node = [process.execPath, 'main.js', ...args];
  return runAsAppUser ? ['setpriv', [`--reuid=${APP_UID}`, `--regid=${APP_UID}`, '--clear-groups', '--', ...node]] : [node[0]!, node.slice(1)];
}

function ensureBuilt(app: string): string {
  const dist = path.join(workspace, 'dist/apps', app);
  if (!existsSync(path.join(dist, 'main.js'))) {
    execFileSync('npx', ['nx', 'run', `${app}:build`, '--outputStyle=static'], {
      cwd: workspace,
      stdio: 'pipe',
      env: { ...process.env, NX_DAEMON: 'false', NX_TUI: 'false' },
    });
  }
  return dist;
}

/**
 * Copies a tree as hard links (fast, and the originals stay root-owned and read-only to the app
 * user); `skip` leaves out sub-folders by name.
 */
function linkTree(from: string, to: string, skip: string[] = []): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) {
      if (!skip.includes(entry.name)) linkTree(source, target, skip);
    } else if (entry.isSymbolicLink()) {
      symlinkSync(readlinkSync(source), target);
    } else {
      try {
        linkSync(source, target);
      } catch {
        copyFileSync(source, target); // another filesystem
      }
    }
  }
}

/** The image's /app: the build output plus the packages its pruned lockfile lists, nothing else. */
function assembleImage(app: string, root: string): string {
  const dir = path.join(root, 'app');
  linkTree(ensureBuilt(app), dir);
  execFileSync(process.execPath, [path.join(workspace, 'deploy/prune-lockfile.mjs'), dir], { stdio: 'pipe' });
  const lock = JSON.parse(readFileSync(path.join(dir, 'package-lock.json'), 'utf8'));
  for (const [location, entry] of Object.entries<{ optional?: boolean }>(lock.packages)) {
    if (!location) continue;
    const from = path.join(workspace, location);
    if (!existsSync(from)) {
      if (entry.optional) continue; // another platform's optional package
      throw new Error(`${location} is in the lockfile but not installed in the workspace`);
    }
    // Nested node_modules are lockfile entries of their own, linked when needed.
    linkTree(from, path.join(dir, location), ['node_modules']);
  }
  return dir;
}

async function preparePod(app: string, root: string, schema: TestSchema, messaging: TestMessaging): Promise<Pod> {
  const values = parse(readFileSync(path.join(workspace, `deploy/values/${app}.yaml`), 'utf8'));
  const manifests = parseManifests(helmOk(['template', app, 'charts/platform-service', '-f', `deploy/values/${app}.yaml`]));
  const spec = find(manifests, 'Deployment', app)['spec'].template.spec;
  const dir = assembleImage(app, root);
  const tmp = path.join(root, 'tmp');
  mkdirSync(tmp);
  chmodSync(root, 0o755);
  chmodSync(tmp, 0o1777);

  const portOf: Record<string, number> = {};
  const portEnv: Record<string, string> = {};
  for (const [key, name] of Object.entries(PORT_NAMES)) {
    const port = values.ports[key];
    if (!port.enabled) continue;
    portOf[name] = await freePort();
    if (port.env) portEnv[port.env] = String(portOf[name]);
  }
  const env: NodeJS.ProcessEnv = {
    PATH: process.env['PATH'],
    HOME: tmp,
    TMPDIR: tmp,
    // platform-config and platform-secrets (envFrom)
    DATABASE_URL: schema.connectionString,
    NATS_URL: messaging.env.NATS_URL,
    REDIS_URL: process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379',
    STREAM_NAME: messaging.env.STREAM_NAME,
    SUBJECT_PREFIX: messaging.env.SUBJECT_PREFIX,
    JWT_ISSUER: 'association-platform',
    JWT_SECRET: 'image-test-jwt-secret-0123456789abcdef0123',
    SECRETS_KEY: 'a0b1c2d3e4f5061728394a5b6c7d8e9fa0b1c2d3e4f5061728394a5b6c7d8e9f',
    LOG_LEVEL: 'warn',
  };
  // platform-service-tokens (envFrom of the services only, never the gateway)
  const envFromSecrets = ((spec.containers[0].envFrom ?? []) as Manifest[]).map((from) => from['secretRef']?.name);
  if (envFromSecrets.includes('platform-service-tokens')) env['SERVICE_JWT_SECRET'] = 'image-test-service-jwt-secret-0123456789abc';
  for (const entry of spec.containers[0].env as Manifest[]) {
    const ref = entry['valueFrom']?.secretKeyRef;
    const value = ref ? TEST_SECRETS[`${ref.name}/${ref.key}`] : entry['value'];
    if (value === undefined) throw new Error(`${app}: give the test a value for Secret ${ref.name} key ${ref.key}`);
    env[entry['name']] = entry['name'].endsWith('_SCHEMA') ? schema.schema : value;
  }
  Object.assign(env, portEnv, TEST_OVERRIDES[app]);
  return { dir, tmp, env, portOf, spec };
}

function start(pod: Pod, args: string[]): { child: ChildProcess; output: () => string; exit: Promise<number | null> } {
  const [file, argv] = command(pod, args);
  const child = spawn(file, argv, { cwd: pod.dir, env: pod.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exit };
}

/** One probe of the rendered pod spec, as the kubelet runs it. */
async function probe(pod: Pod, spec: Manifest): Promise<boolean> {
  if (spec['grpc']) {
    const client = new healthV1.HealthClient(`127.0.0.1:${pod.portOf['grpc']}`, credentials.createInsecure());
    try {
      return await new Promise<boolean>((resolve) =>
        client.check({ service: spec['grpc'].service ?? '' }, new Metadata(), { deadline: Date.now() + 1000 }, (err, res) =>
          resolve(!err && res?.status === healthV1.HealthCheckResponse_ServingStatus.SERVING),
        ),
      );
    } finally {
      client.close();
    }
  }
  const { path: urlPath, port } = spec['httpGet'];
  try {
    const res = await fetch(`http://127.0.0.1:${pod.portOf[port]}${urlPath}`, { signal: AbortSignal.timeout(1000) });
    return res.status >= 200 && res.status < 400;
  } catch {
    return false;
  }
}

/** The promise's value, or 'timeout' after `ms` (the timer is cleared either way). */
async function within<T>(promise: Promise<T>, ms: number): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), ms)));
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function eventually(check: () => Promise<boolean>, timeoutMs: number, alive: () => boolean): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && alive()) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

describe('the image of each runnable app', () => {
  it.each(runnableApps())(
    '%s runs from its build output and production packages alone, migrates, passes its probes and stops on SIGTERM',
    async (app) => {
      const root = mkdtempSync(path.join(os.tmpdir(), `image-${app}-`));
      const schema = await createTestSchema(`image_${app}`);
      const messaging = createTestMessaging(`image${app}`);
      try {
        // Node resolves packages upwards: nothing above the image directory may lend it any.
        for (let dir = root; dir !== path.dirname(dir); dir = path.dirname(dir)) expect(existsSync(path.join(path.dirname(dir), 'node_modules'))).toBe(false);
        const pod = await preparePod(app, root, schema, messaging);

        for (const init of pod.spec.initContainers ?? []) {
          const run = start(pod, init.args);
          const code = await within(run.exit, 60_000);
          if (code !== 0) run.child.kill('SIGKILL');
          expect({ init: init.name, code, output: code === 0 ? '' : run.output() }).toEqual({ init: init.name, code: 0, output: '' });
        }

        const server = start(pod, []);
        const alive = () => server.child.exitCode === null;
        try {
          const container = pod.spec.containers[0];
          const startupMs = Math.min(container.startupProbe.periodSeconds * container.startupProbe.failureThreshold * 1000, 45_000);
          const started = await eventually(() => probe(pod, container.startupProbe), startupMs, alive);
          expect({ started, output: started ? '' : server.output() }).toEqual({ started: true, output: '' });
          expect(await eventually(() => probe(pod, container.readinessProbe), 10_000, alive)).toBe(true);
          expect(await probe(pod, container.livenessProbe)).toBe(true);
          if (app === 'web') {
            // Its pages travel in the image (public/ beside main.js): the built page and its script.
            const get = (urlPath: string) => fetch(`http://127.0.0.1:${pod.portOf['http']}${urlPath}`, { signal: AbortSignal.timeout(2000) });
            const page = await get('/');
            const html = await page.text();
            const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
            expect({ status: page.status, type: page.headers.get('content-type'), script: Boolean(script) }).toEqual({
              status: 200,
              type: 'text/html; charset=utf-8',
              script: true,
            });
            expect((await get(script ?? '/assets/none.js')).status).toBe(200);
          }
        } finally {
          server.child.kill('SIGTERM');
        }
        const grace = pod.spec.terminationGracePeriodSeconds * 1000;
        const code = await within(server.exit, grace);
        if (code === 'timeout') server.child.kill('SIGKILL');
        expect({ stopped: code, output: code === 0 ? '' : server.output() }).toEqual({ stopped: 0, output: '' });
      } finally {
        await schema.drop();
        await messaging.cleanup();
        rmSync(root, { recursive: true, force: true });
      }
    },
    120_000,
  );
});
