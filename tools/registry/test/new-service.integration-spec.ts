import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { freePorts, workspaceCopy } from './support/workspace-copy';

/**
 * The promise of `npm run new-service`: in a copy of this workspace, a generated service in the
 * whole shape (here calling organisation and consuming one of its subjects) builds, lints,
 * typechecks and passes its tests, every derived file agrees with the registry, the charts render
 * it, and `npm start` runs it behind the gateway, with no other file edited by hand.
 */
const NAME = 'kitcheck';
/** A subject of the catalogue that organisation, the service it calls, publishes. */
const SUBJECT = 'organisation.member.profile-changed';
const env = { ...process.env, NX_DAEMON: 'false', NX_TUI: 'false', CI: 'true', ...sharedNxCache() };
let copy: string;

/**
 * The copy shares this workspace's Nx cache: what the generated service does not change (the other
 * apps' Prisma clients, the libraries' generated code) is restored instead of made again. Nx keeps a
 * workspace's cache under a directory named after its path, which only Nx itself computes.
 */
function sharedNxCache(): NodeJS.ProcessEnv {
  if (process.env['NX_CACHE_DIRECTORY']) return {};
  try {
    const { cacheDir } = require('nx/src/utils/cache-directory') as { cacheDir: string };
    return { NX_CACHE_DIRECTORY: cacheDir };
  } catch {
    return {};
  }
}

function run(command: string, args: string[], extraEnv: NodeJS.ProcessEnv = {}) {
  const result = spawnSync(command, args, { cwd: copy, env: { ...env, ...extraEnv }, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { code: result.status, output: `${result.stdout ?? ''}${result.stderr ?? ''}` };
}
const tail = (text: string) => text.split('\n').slice(-60).join('\n');

beforeAll(() => {
  copy = workspaceCopy();
  const made = run(process.execPath, [
    'tools/registry/new-service.mjs',
    NAME,
    '--calls',
    'organisation',
    '--consumes',
    SUBJECT,
    '--description',
    'the service kit check',
  ]);
  expect({ code: made.code, output: made.code === 0 ? '' : tail(made.output) }).toEqual({ code: 0, output: '' });
});

afterAll(() => {
  if (copy) rmSync(copy, { recursive: true, force: true });
});

describe('npm run new-service', () => {
  it('writes the service, its proto, its registry entry and an e2e test through the gateway', () => {
    for (const file of [
      `apps/${NAME}/src/main.ts`,
      `apps/${NAME}/src/service.ts`,
      `apps/${NAME}/src/config.ts`,
      `apps/${NAME}/src/rpc/service-info.ts`,
      `apps/${NAME}/src/store/db.ts`,
      `apps/${NAME}/prisma/schema.prisma`,
      `apps/${NAME}/test/${NAME}.integration-spec.ts`,
      `apps/platform-e2e/src/${NAME}.e2e-spec.ts`,
      `proto/platform/${NAME}/v1/${NAME}.proto`,
      `deploy/values/${NAME}.yaml`,
    ]) {
      expect({ file, exists: existsSync(path.join(copy, file)) }).toEqual({ file, exists: true });
    }
    const registry = JSON.parse(readFileSync(path.join(copy, 'libs/platform/registry/registry.json'), 'utf8'));
    expect(registry.apps.find((app: { name: string }) => app.name === NAME)).toMatchObject({
      kind: 'service',
      calls: ['organisation'],
      consumes: [SUBJECT],
      publishes: [],
    });
  });

  it('writes the whole shape: a use case, a rule, a query, the port and client of its callee, a consumer with its table and prune job', () => {
    for (const file of [
      `apps/${NAME}/README.md`,
      `apps/${NAME}/src/deps.ts`,
      `apps/${NAME}/src/app/service-info.ts`,
      `apps/${NAME}/src/app/service-info.spec.ts`,
      `apps/${NAME}/src/domain/service-status.ts`,
      `apps/${NAME}/src/domain/service-status.spec.ts`,
      `apps/${NAME}/src/store/database-time.ts`,
      `apps/${NAME}/src/store/received-messages.ts`,
      `apps/${NAME}/src/clients/ports.ts`,
      `apps/${NAME}/src/clients/organisation.ts`,
      `apps/${NAME}/src/messages/member-profile-changed-consumer.ts`,
      `apps/${NAME}/src/jobs/prune-received-messages.ts`,
    ]) {
      expect({ file, exists: existsSync(path.join(copy, file)) }).toEqual({ file, exists: true });
    }
    const migrations = readdirSync(path.join(copy, `apps/${NAME}/prisma/migrations`)).filter((entry) => entry.endsWith('_received_messages'));
    expect(migrations).toHaveLength(1);
    // The migration written with the model is the one Prisma would write for it.
    const check = run(process.execPath, ['tools/prisma/new-migration.mjs', `apps/${NAME}`, '--check']);
    expect({ code: check.code, output: check.code === 0 ? '' : tail(check.output) }).toEqual({ code: 0, output: '' });
  });

  it('leaves every file the registry derives in agreement with it, the configuration reference included', () => {
    const check = run(process.execPath, ['tools/registry/sync.mjs', '--check']);
    expect({ code: check.code, output: check.output }).toEqual({ code: 0, output: '' });
    const reference = run(process.execPath, ['tools/registry/config-reference.mjs', '--check']);
    expect({ code: reference.code, output: reference.output }).toEqual({ code: 0, output: '' });
    expect(readFileSync(path.join(copy, 'docs/configuration.md'), 'utf8')).toContain(`## ${NAME}`);
  });

  it('makes a service that builds, lints, typechecks and passes its unit and integration tests', () => {
    const result = run('npx', ['nx', 'run-many', '-t', 'build,test,test:integration', '-p', NAME, '--outputStyle=static']);
    expect({ code: result.code, output: result.code === 0 ? '' : tail(result.output) }).toEqual({ code: 0, output: '' });
    // Lint and typecheck are the workspace's targets, whose globs take in every app: here the new
    // app's files alone, with the same settings (its lint through the workspace's program).
    const lint = run(process.execPath, ['node_modules/eslint/bin/eslint.js', '--max-warnings=0', `apps/${NAME}`]);
    expect({ code: lint.code, output: lint.code === 0 ? '' : tail(lint.output) }).toEqual({ code: 0, output: '' });
    const types = run(process.execPath, ['node_modules/typescript/bin/tsc', '-p', `apps/${NAME}/tsconfig.json`, '--noEmit']);
    expect({ code: types.code, output: types.code === 0 ? '' : tail(types.output) }).toEqual({ code: 0, output: '' });
  });

  it('renders in the charts: its own release, the umbrella chart and the NetworkPolicy of the service it calls', () => {
    const result = run(process.execPath, ['node_modules/jest/bin/jest.js', '-c', 'tools/helm/jest.config.js']);
    expect({ code: result.code, output: result.code === 0 ? '' : tail(result.output) }).toEqual({ code: 0, output: '' });
    const organisation = readFileSync(path.join(copy, 'deploy/values/organisation.yaml'), 'utf8');
    expect(organisation).toMatch(new RegExp(`allowedCallers: \\[.*\\b${NAME}\\b.*\\]`));
    expect(readFileSync(path.join(copy, 'tools/helm/golden/platform-defaults.yaml'), 'utf8')).toContain(`name: ${NAME}`);
  });

  it('starts under npm start and answers its route through the gateway', async () => {
    const id = randomBytes(3).toString('hex');
    const database = process.env['TEST_DATABASE_URL'] ?? 'postgresql://postgres@127.0.0.1:5432/test';
    const registry = JSON.parse(readFileSync(path.join(copy, 'libs/platform/registry/registry.json'), 'utf8')) as {
      apps: Array<{ name: string; ports: Record<string, { env: string }>; schema?: { env: string } }>;
    };
    // Every port and schema of the registry moved out of the way of anything else running here.
    const portEnvs = registry.apps.flatMap((app) => Object.values(app.ports).map((p) => p.env));
    const ports = await freePorts(portEnvs.length);
    const stackEnv: NodeJS.ProcessEnv = Object.fromEntries(portEnvs.map((name, i) => [name, String(ports[i])]));
    const schemas = registry.apps.filter((app) => app.schema).map((app) => [app.schema!.env, `kit_${id}_${app.name.replace(/-/g, '_')}`] as const);
    Object.assign(stackEnv, Object.fromEntries(schemas), {
      DATABASE_URL: database,
      STREAM_NAME: `KIT_${id}`,
      SUBJECT_PREFIX: `kit${id}`,
      REDIS_KEY_PREFIX: `kit${id}:`,
      SMTP_PORT: stackEnv['MAIL_CATCHER_SMTP_PORT'],
      BCRYPT_COST: '4',
      LEGACY_SEED: 'tiny',
      PLATFORM_ADMIN_EMAIL: 'kit-admin@platform.test',
      PLATFORM_ADMIN_PASSWORD: 'kit admin password',
    });
    const gateway = `http://127.0.0.1:${stackEnv['GATEWAY_PORT']}`;
    let output = '';
    const start: ChildProcess = spawn(process.execPath, ['tools/start/start.mjs'], {
      cwd: copy,
      env: { ...env, ...stackEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    start.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    start.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => start.once('exit', resolve));
    try {
      const up = await Promise.race([
        new Promise<boolean>((resolve) => {
          const timer = setInterval(() => output.includes('Press Ctrl-C to stop.') && (clearInterval(timer), resolve(true)), 250);
        }),
        exited.then(() => false),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 600_000)),
      ]);
      expect({ up, output: up ? '' : tail(output) }).toEqual({ up: true, output: '' });
      expect(output).toMatch(new RegExp(`${NAME}\\s+ready\\s+gRPC 127\\.0\\.0\\.1:${stackEnv[`${NAME.toUpperCase()}_GRPC_PORT`]}`));

      const login = await fetch(`${gateway}/api/auth/system/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: stackEnv['PLATFORM_ADMIN_EMAIL'], password: stackEnv['PLATFORM_ADMIN_PASSWORD'] }),
      });
      expect(login.status).toBe(200);
      const { accessToken } = (await login.json()) as { accessToken: string };
      const info = await fetch(`${gateway}/api/${NAME}/service-info`, { headers: { authorization: `Bearer ${accessToken}` } });
      const body: unknown = await info.json();
      expect({ status: info.status, body }).toMatchObject({ status: 200, body: { service: NAME } });
      // Through its port and the kit's client, the use case finds organisation serving.
      expect(body).toMatchObject({ dependencies: [{ service: 'organisation', serving: true }], status: 'SERVING' });
      expect((await fetch(`${gateway}/api/${NAME}/service-info`)).status).toBe(401);
    } finally {
      start.kill('SIGINT');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 30_000))]);
      if (start.exitCode === null) start.kill('SIGKILL');
      const client = new pg.Client({ connectionString: database });
      await client.connect();
      try {
        for (const [, schema] of schemas) await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      } finally {
        await client.end();
      }
    }
  });
});
