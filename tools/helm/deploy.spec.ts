import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { deployableApps, grpcCallers, undeployedApps } from './support/apps';
import { deployValuesApps, workspace } from './support/helm';

const readYaml = (file: string) => parse(readFileSync(path.join(workspace, file), 'utf8'));

describe('deploy/values', () => {
  it('has a "platform" block and a values file for every application under apps/ (but e2e tests and development tools)', () => {
    expect(undeployedApps(workspace)).toEqual([]);
  });

  it('reports an application without a "platform" block or without a values file', () => {
    const fake = mkdtempSync(path.join(os.tmpdir(), 'helm-apps-'));
    const app = (name: string, pkg: object, project: object | undefined) => {
      mkdirSync(path.join(fake, 'apps', name), { recursive: true });
      writeFileSync(path.join(fake, 'apps', name, 'package.json'), JSON.stringify({ name: `@platform/app-${name}`, ...pkg }));
      if (project) writeFileSync(path.join(fake, 'apps', name, 'project.json'), JSON.stringify({ name, ...project }));
    };
    const application = (tags: string[]) => ({ projectType: 'application', tags });
    try {
      app('identity', { platform: { order: 10, ready: 'http://x/readyz' } }, application(['type:app']));
      app('billing', { platform: { order: 20, ready: 'http://x/readyz' } }, application(['type:app']));
      // As tools/workspace/new-project.mjs makes it: no "platform" block yet.
      app('events', {}, application(['scope:events', 'type:app']));
      app('inferred', {}, undefined);
      app('mail-catcher', { platform: { order: 1, ready: 'http://x/readyz', deploy: false } }, application(['type:app']));
      app('platform-e2e', {}, application(['scope:e2e', 'type:e2e']));
      app('shared-ui', {}, { projectType: 'library', tags: ['type:lib'] });
      mkdirSync(path.join(fake, 'deploy/values'), { recursive: true });
      writeFileSync(path.join(fake, 'deploy/values/identity.yaml'), 'app: identity\n');

      expect(deployableApps(fake).map((a) => a.name)).toEqual(['billing', 'events', 'identity', 'inferred']);
      const problems = undeployedApps(fake);
      expect(problems).toHaveLength(3);
      expect(problems[0]).toMatch(/^apps\/billing has no deploy\/values\/billing\.yaml: add chart values/);
      for (const [i, name] of [[1, 'events'], [2, 'inferred']] as const) {
        expect(problems[i]).toContain(`apps/${name} has no "platform" block in its package.json: add one`);
        expect(problems[i]).toContain(`chart values in deploy/values/${name}.yaml`);
      }
    } finally {
      rmSync(fake, { recursive: true, force: true });
    }
  });

  it.each(deployValuesApps())('names its app in %s.yaml', (app) => {
    expect(readYaml(`deploy/values/${app}.yaml`).app).toBe(app);
  });
});

describe('the NetworkPolicy callers', () => {
  const values = (app: string) => readYaml(`deploy/values/${app}.yaml`);
  const grpcServices = deployValuesApps().filter((app) => values(app).ports?.grpc?.enabled === true);

  it('finds the gRPC services and what calls them', () => {
    expect(grpcServices).toEqual(expect.arrayContaining(['identity', 'notifications', 'organisation']));
    // The gateway routes to every <SVC>_GRPC_URL it is given, so it calls every service.
    expect(readFileSync(path.join(workspace, 'apps/gateway/src/config.ts'), 'utf8')).toMatch(/_GRPC_URL\$/);
  });

  it.each(grpcServices)('lets exactly the apps that call %s reach it (apps/<app>/src/config.ts reads <SVC>_GRPC_URL, and the gateway)', (service) => {
    const allowed = [...(values(service).networkPolicy?.allowedCallers ?? [])].sort();
    expect({ service, allowedCallers: allowed }).toEqual({ service, allowedCallers: grpcCallers(workspace, service) });
  });

  it('derives the callers from the config files of the deployable apps', () => {
    const fake = mkdtempSync(path.join(os.tmpdir(), 'helm-callers-'));
    const app = (name: string, config: string, platform: object = { order: 1, ready: 'http://x/readyz' }) => {
      mkdirSync(path.join(fake, 'apps', name, 'src'), { recursive: true });
      writeFileSync(path.join(fake, 'apps', name, 'package.json'), JSON.stringify({ name: `@platform/app-${name}`, platform }));
      writeFileSync(path.join(fake, 'apps', name, 'project.json'), JSON.stringify({ name, projectType: 'application', tags: ['type:app'] }));
      writeFileSync(path.join(fake, 'apps', name, 'src/config.ts'), config);
    };
    try {
      app('gateway', 'const GRPC_URL = /^([A-Z][A-Z0-9_]*)_GRPC_URL$/;');
      app('identity', "ORGANISATION_GRPC_URL: z.string().default('127.0.0.1:50052'),");
      app('organisation', 'IDENTITY_GRPC_URL: z.string(),\nNOTIFICATIONS_GRPC_URL: z.string(),');
      app('billing-reports', 'ORGANISATION_GRPC_URL: z.string(), LEGACY_IDENTITY_GRPC_URL: z.string(),');
      app('mail-catcher', 'IDENTITY_GRPC_URL: z.string(),', { order: 1, ready: 'http://x/readyz', deploy: false });
      expect(grpcCallers(fake, 'identity')).toEqual(['gateway', 'organisation']);
      expect(grpcCallers(fake, 'organisation')).toEqual(['billing-reports', 'gateway', 'identity']);
      expect(grpcCallers(fake, 'billing-reports')).toEqual(['gateway']);
    } finally {
      rmSync(fake, { recursive: true, force: true });
    }
  });

  it.each(deployValuesApps())('lets only apps that exist reach %s', (app) => {
    const unknown = (values(app).networkPolicy?.allowedCallers ?? []).filter((caller: string) => !deployValuesApps().includes(caller));
    expect({ app, unknownCallers: unknown }).toEqual({ app, unknownCallers: [] });
  });
});

describe('the umbrella chart', () => {
  const chart = readYaml('charts/platform/Chart.yaml');
  const values = readYaml('charts/platform/values.yaml');

  it.each(deployValuesApps())('installs %s from the platform-service chart', (app) => {
    expect(chart.dependencies).toContainEqual({ name: 'platform-service', alias: app, version: chart.version, condition: `${app}.enabled` });
  });

  it.each(deployValuesApps())('gives %s exactly the values of its own release', (app) => {
    const { enabled, ...block } = values[app];
    expect(typeof enabled).toBe('boolean');
    expect(block).toEqual(readYaml(`deploy/values/${app}.yaml`));
  });

  it('has PostgreSQL, Redis and NATS as optional dependencies, off by default', () => {
    for (const name of ['postgresql', 'redis', 'nats']) {
      expect(chart.dependencies).toContainEqual({ name, version: '0.1.0', condition: `${name}.enabled` });
      expect(values[name].enabled).toBe(false);
    }
  });
});

describe('the image', () => {
  const dockerfile = readFileSync(path.join(workspace, 'deploy/Dockerfile'), 'utf8');
  const stages = dockerfile.split(/^FROM /m).slice(1);
  const runtime = stages.find((s) => / AS runtime$/m.test(s.split('\n')[0])) ?? '';

  it('builds one app chosen by the APP build argument, with its own lockfile', () => {
    expect(dockerfile).toMatch(/^ARG APP$/m);
    expect(dockerfile).toContain('npx nx run "$APP:build"');
    expect(dockerfile).toContain('node deploy/prune-lockfile.mjs "dist/apps/$APP"');
  });

  it('installs production dependencies only', () => {
    expect(dockerfile).toMatch(/npm ci --omit=dev/);
  });

  it('holds only node, the app build and its production packages, run by a non-root user with node main.js', () => {
    const copies = runtime.split('\n').filter((line) => line.startsWith('COPY'));
    expect(copies).toEqual(['COPY --from=deps /app/node_modules ./node_modules', 'COPY --from=build /workspace/dist/apps/${APP}/ ./']);
    expect(runtime).toMatch(/^USER 10001:10001$/m);
    expect(runtime.trim().split('\n').at(-1)).toBe('ENTRYPOINT ["node", "main.js"]');
    expect(stages[stages.length - 1]).toBe(runtime);
  });

  it.each(deployableApps(workspace).map((app) => app.name))('is built for %s before the image runtime test runs', (app) => {
    const project = JSON.parse(readFileSync(path.join(workspace, 'tools/helm/project.json'), 'utf8'));
    const builds = project.targets['test:integration'].dependsOn.find((d: { target?: string }) => d.target === 'build');
    expect(builds.projects).toContain(app);
  });
});

describe('deploy/prune-lockfile.mjs', () => {
  const lock = JSON.parse(readFileSync(path.join(workspace, 'package-lock.json'), 'utf8'));

  it('keeps exactly the closure of the app dependencies, at the workspace versions', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'prune-'));
    try {
      writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'app', version: '1.0.0', dependencies: { pg: '^8.16.0' } }));
      execFileSync(process.execPath, [path.join(workspace, 'deploy/prune-lockfile.mjs'), dir], { stdio: 'pipe' });
      const pruned = JSON.parse(readFileSync(path.join(dir, 'package-lock.json'), 'utf8'));
      const names = Object.keys(pruned.packages).filter(Boolean);
      expect(names).toEqual(expect.arrayContaining(['node_modules/pg', 'node_modules/pg-pool', 'node_modules/pg-protocol', 'node_modules/pg-types']));
      expect(names).not.toContain('node_modules/jest');
      expect(pruned.packages[''].dependencies).toEqual({ pg: '^8.16.0' });
      for (const name of names) {
        expect(pruned.packages[name].version).toBe(lock.packages[name].version);
        expect(pruned.packages[name].integrity).toBe(lock.packages[name].integrity);
        expect(pruned.packages[name].dev).toBeUndefined();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
