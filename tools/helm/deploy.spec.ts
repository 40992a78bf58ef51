import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { deployableApps, grpcCallees, grpcCallers } from './support/apps';
import { deployValuesApps, workspace } from './support/helm';

const readYaml = (file: string) => parse(readFileSync(path.join(workspace, file), 'utf8'));

describe('deploy/values', () => {
  it('has a values file for every deployable app of the service registry, and no other', () => {
    expect(deployValuesApps().sort()).toEqual(deployableApps());
  });

  it.each(deployValuesApps())('names its app in %s.yaml', (app) => {
    expect(readYaml(`deploy/values/${app}.yaml`).app).toBe(app);
  });
});

describe('the NetworkPolicy callers', () => {
  const values = (app: string) => readYaml(`deploy/values/${app}.yaml`);
  const grpcServices = deployValuesApps().filter((app) => values(app).ports?.grpc?.enabled === true);

  it('finds the gRPC services', () => {
    expect(grpcServices).toEqual(expect.arrayContaining(['identity', 'notifications', 'organisation']));
  });

  it.each(grpcServices)("lets exactly the apps that call %s reach it (the registry's `calls`, and the gateway)", (service) => {
    const allowed = [...(values(service).networkPolicy?.allowedCallers ?? [])].sort();
    expect({ service, allowedCallers: allowed }).toEqual({ service, allowedCallers: grpcCallers(service) });
  });

  it.each(deployValuesApps())("lets %s reach exactly the services it calls (the registry's `calls`; the gateway calls every service)", (app) => {
    const callees = [...(values(app).networkPolicy?.allowedCallees ?? [])].sort();
    expect({ app, allowedCallees: callees }).toEqual({ app, allowedCallees: grpcCallees(app) });
  });

  it.each(deployValuesApps())('opens the internet only to the apps that send mail, push, store objects or read legacy sites, on their ports (%s)', (app) => {
    const expected: Record<string, number[]> = {
      notifications: [25, 465, 587, 2525, 443],
      organisation: [25, 465, 587, 2525],
      documents: [80, 443],
      connector: [80, 443],
    };
    expect({ app, ports: values(app).networkPolicy?.publicEgressPorts ?? [] }).toEqual({ app, ports: expected[app] ?? [] });
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

  it('holds only node, the app build, its production packages and the operator CLI, run by a non-root user with node main.js', () => {
    const copies = runtime.split('\n').filter((line) => line.startsWith('COPY'));
    expect(copies).toEqual([
      'COPY --from=deps /app/node_modules ./node_modules',
      'COPY --from=build /workspace/dist/apps/${APP}/ ./',
      // Self-contained (tools/ops/bundle.mjs): `kubectl exec deploy/<app> -- node ops.js …`.
      'COPY --from=build /workspace/dist/tools/ops/ops.js ./ops.js',
    ]);
    expect(runtime).toMatch(/^USER 10001:10001$/m);
    expect(runtime.trim().split('\n').at(-1)).toBe('ENTRYPOINT ["node", "main.js"]');
    expect(stages[stages.length - 1]).toBe(runtime);
  });

  it("carries the web app's pages: built into public/ beside its main.js, after the bundle that empties the folder, and copied whole", () => {
    const build = JSON.parse(readFileSync(path.join(workspace, 'apps/web/project.json'), 'utf8')).targets.build.options.command as string;
    const steps = build.split('&&').map((step) => step.trim());
    const bundle = steps.findIndex((step) => step.startsWith('node tools/build/bundle.mjs apps/web'));
    const vite = steps.findIndex((step) => step.replace(/^NODE_ENV=\S+ /, '').startsWith('vite build --config apps/web/client/vite.config.mts'));
    expect(bundle).toBeGreaterThanOrEqual(0);
    expect(vite).toBeGreaterThan(bundle);
    expect(readFileSync(path.join(workspace, 'apps/web/client/vite.config.mts'), 'utf8')).toContain("outDir: path.join(workspace, 'dist/apps/web/public')");
    // WEB_ROOT's default: public/ beside main.js, i.e. /app/public in the image.
    expect(readFileSync(path.join(workspace, 'apps/web/src/config.ts'), 'utf8')).toContain("path.join(__dirname, 'public')");
    expect(runtime).toContain('COPY --from=build /workspace/dist/apps/${APP}/ ./');
  });

  it.each(deployableApps())('is built for %s before the image runtime test runs', (app) => {
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
