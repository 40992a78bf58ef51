// Idle memory of the built apps, as `npm start` runs them: resident set size (RSS) 20 s after the
// whole stack is ready, and where it goes.
//  1. Plain run: every service of the registry, the gateway, the mail catcher and the legacy site
//     start as processes (`node --enable-source-maps --max-semi-space-size=4 dist/apps/<app>/main.js`,
//     NODE_ENV=development, each service on a schema of its own; each compacts its heap 10 s after
//     start-up, as every app's main does: libs/platform/health compact-after-start.ts); 20 s after the last is ready, RSS
//     is read from /proc/<pid>/status and each app reports V8's view of its memory (heap, code,
//     external) through tools/bench/memory-probe.cjs, preloaded with --require: it does nothing
//     until asked.
//  2. Attribution run (skip it with --no-attribution): the same, with the probe also attributing
//     each module loaded to the npm package that brought it in, and the heap and RSS that loading it
//     added (GC before and after). Its own GCs change the heap, so only its per-package figures are used.
// Needs the apps built: `npx nx run-many -t build`. Run: `npm run bench -- idle-memory
// [--no-attribution] [--compare <label>=<results.json> ...]` (--compare: a previous run's
// tmp/bench/idle-memory.json, copied aside; PLATFORM_APP_NODE_ARGS sets other node flags).
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startPlatformStack, workspaceRoot } from '@platform/testing';
import { appPids, procStatus } from './processes';
import { machineLine, writeSection, runBench } from './report';

const SETTLE_MS = 20_000;
const SERVICES = ['identity', 'organisation', 'notifications', 'content', 'events', 'documents', 'connector'] as const;
const APPS = [...SERVICES, 'gateway', 'mail-catcher', 'legacy-site'] as const;
type AppName = (typeof APPS)[number];
/** RSS goals in MB: every service under 150, the gateway under 100 (the mail catcher and the legacy site are development tools: measured, no goal). */
const GOAL_MB: Partial<Record<AppName, number>> = { ...Object.fromEntries(SERVICES.map((s) => [s, 150])), gateway: 100 };

interface ProbeReport {
  node: string;
  memoryUsage: NodeJS.MemoryUsage;
  heap: { used_heap_size: number; total_heap_size: number };
  heapSpaces: Record<string, { size: number; used: number }>;
  code: { code_and_metadata_size: number; bytecode_and_metadata_size: number };
  groups?: Record<string, { modules: number; sourceBytes: number; heapBytes: number; rssBytes: number; loads: number }>;
}

interface AppMemory {
  /** From /proc/<pid>/status, bytes. */
  rss: number;
  rssAnon: number;
  rssFile: number;
  peakRss: number;
  probe: ProbeReport;
}

interface Results {
  node: string;
  /** Node flags of the apps besides --enable-source-maps (APP_NODE_ARGS). */
  nodeArgs: string[];
  machine: string;
  apps: Partial<Record<AppName, AppMemory>>;
  /** Per app, per package that brought modules in (attribution run). */
  packages: Partial<Record<AppName, NonNullable<ProbeReport['groups']>>>;
  /** Heap used at idle in the attribution run (the reference for its per-package figures). */
  attributedHeapUsed: Partial<Record<AppName, number>>;
}

/**
 * The node flags every app gets: those npm start and the image give (tools/start/start.mjs,
 * deploy/Dockerfile NODE_OPTIONS; startApp adds --enable-source-maps), or, to compare V8 settings,
 * PLATFORM_APP_NODE_ARGS when the benchmark starts (`--no-enable-source-maps` turns that one off).
 */
const APP_NODE_ARGS = process.env['PLATFORM_APP_NODE_ARGS']?.split(' ').filter(Boolean) ?? ['--max-semi-space-size=4'];

const mb = (bytes: number): string => (bytes / 2 ** 20).toFixed(1);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function probeReports(pids: Map<AppName, number>, dir: string): Promise<Map<AppName, ProbeReport>> {
  for (const pid of pids.values()) process.kill(pid, 'SIGUSR2');
  const reports = new Map<AppName, ProbeReport>();
  const deadline = Date.now() + 10_000;
  while (reports.size < pids.size && Date.now() < deadline) {
    for (const [app, pid] of pids) {
      const file = path.join(dir, `${pid}.json`);
      if (!reports.has(app) && existsSync(file)) reports.set(app, JSON.parse(readFileSync(file, 'utf8')) as ProbeReport);
    }
    await sleep(100);
  }
  if (reports.size < pids.size) throw new Error(`no memory report from ${[...pids.keys()].filter((a) => !reports.has(a)).join(', ')}`);
  return reports;
}

/** Starts the stack with the probe preloaded, waits until it has idled SETTLE_MS, and reads every app. */
async function measure(attribute: boolean): Promise<Map<AppName, AppMemory>> {
  const dir = path.join(workspaceRoot(), 'tmp/bench/idle-memory', attribute ? 'attribution' : 'plain');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  // startApp passes its environment on to every app, with PLATFORM_APP_NODE_ARGS as node flags.
  process.env['PLATFORM_MEMORY_PROBE_DIR'] = dir;
  process.env['PLATFORM_MEMORY_PROBE_MODULES'] = attribute ? '1' : '0';
  process.env['PLATFORM_APP_NODE_ARGS'] = [
    ...APP_NODE_ARGS,
    ...(attribute ? ['--expose-gc'] : []),
    '--require',
    path.join(workspaceRoot(), 'tools/bench/memory-probe.cjs'),
  ].join(' ');
  const stack = await startPlatformStack('idle', {
    organisation: 'real',
    notifications: true,
    services: SERVICES.filter((s) => !['identity', 'organisation', 'notifications'].includes(s)),
    bcryptCost: 12,
    env: { NODE_ENV: 'development', LOG_LEVEL: 'info' },
  });
  try {
    await sleep(SETTLE_MS);
    const pids = appPids(APPS);
    const status = [...pids].map(([app, pid]) => [app, procStatus(pid)] as const);
    const reports = await probeReports(pids, dir);
    return new Map(status.map(([app, memory]) => [app, { ...memory, probe: reports.get(app) as ProbeReport }] as const));
  } finally {
    await stack.stop();
  }
}

/** What the probe calls the app's own bundle. */
const APP_BUNDLE = 'app bundle';

/** Package groups shown in the breakdown, in this order; a package falls in the first that matches. */
const CATEGORIES: [string, (pkg: string) => boolean][] = [
  ['Prisma (client, query compiler wasm) and pg', (p) => p.startsWith('@prisma/') || p === 'pg'],
  ['OpenTelemetry', (p) => p.startsWith('@opentelemetry/')],
  ['gRPC and protobuf', (p) => p.startsWith('@grpc/') || p === 'protobufjs' || p.startsWith('@bufbuild/')],
  ['firebase-admin', (p) => p === 'firebase-admin'],
  ['NATS', (p) => p.startsWith('@nats-io/')],
  ['Express', (p) => p === 'express'],
  ['ioredis', (p) => p === 'ioredis'],
  ['nodemailer', (p) => p === 'nodemailer'],
  ['pino, prom-client', (p) => p === 'pino' || p === 'prom-client'],
  ['zod', (p) => p === 'zod'],
  [APP_BUNDLE, (p) => p === APP_BUNDLE],
  ['other packages', () => true],
];

interface CategoryCost {
  heap: number;
  rss: number;
  source: number;
  packages: string[];
}

function byCategory(groups: NonNullable<ProbeReport['groups']>): Map<string, CategoryCost> {
  const out = new Map<string, CategoryCost>();
  for (const [pkg, g] of Object.entries(groups)) {
    const name = CATEGORIES.find(([, matches]) => matches(pkg))?.[0] ?? 'other packages';
    const c = out.get(name) ?? { heap: 0, rss: 0, source: 0, packages: [] };
    out.set(name, c);
    c.heap += g.heapBytes;
    c.rss += g.rssBytes;
    c.source += g.sourceBytes;
    if (g.modules > 0 || g.loads > 0) c.packages.push(pkg);
  }
  return out;
}

const verdict = (app: AppName, rss: number): string => {
  const goal = GOAL_MB[app];
  if (goal === undefined) return '(no goal)';
  return rss / 2 ** 20 < goal ? `under ${goal} MB: met` : `under ${goal} MB: NOT met`;
};

function rssTable(results: Results, apps: AppName[]): string {
  const rows = apps.map((app) => {
    const m = results.apps[app] as AppMemory;
    const u = m.probe.memoryUsage;
    const code = m.probe.code.code_and_metadata_size + m.probe.code.bytecode_and_metadata_size;
    const young = m.probe.heapSpaces['new_space']?.size ?? 0;
    return `| ${app} | **${mb(m.rss)}** | ${verdict(app, m.rss)} | ${mb(u.heapUsed)} / ${mb(u.heapTotal)} | ${mb(young)} | ${mb(code)} | ${mb(u.external)} | ${mb(m.rssAnon)} / ${mb(m.rssFile)} | ${mb(m.peakRss)} |`;
  });
  return `| app | RSS (MB) | goal | V8 heap used / total | young generation (committed) | code (bytecode + machine code) | external (buffers, wasm memory) | RSS anonymous / file-backed | peak RSS during start-up |
|---|---:|---|---:|---:|---:|---:|---:|---:|
${rows.join('\n')}`;
}

function compareTable(results: Results, apps: AppName[], compare: [string, Results][]): string {
  if (compare.length === 0) return '';
  const rssOf = (r: Results, app: AppName) => {
    const m = r.apps[app];
    return m ? mb(m.rss) : '–';
  };
  const label = (name: string, r: Results) => `${name} (Node ${r.node}${r.nodeArgs?.length ? ` ${r.nodeArgs.join(' ')}` : ''})`;
  return `
RSS (MB) against earlier runs of this benchmark:

| app | ${compare.map(([name, r]) => label(name, r)).join(' | ')} | ${label('this run', results)} | goal |
|---|${compare.map(() => '---:|').join('')}---:|---:|
${apps.map((app) => `| ${app} | ${compare.map(([, r]) => rssOf(r, app)).join(' | ')} | **${rssOf(results, app)}** | ${GOAL_MB[app] ?? '–'} |`).join('\n')}
`;
}

function packagesBlock(results: Results, apps: AppName[]): string {
  const measured = apps.filter((app) => results.packages[app]);
  if (measured.length === 0) return '(No attribution run: `--no-attribution`.)';
  const categories = new Map(measured.map((app) => [app, byCategory(results.packages[app] ?? {})] as const));
  const of = (app: AppName, name: string) => categories.get(app)?.get(name) ?? { heap: 0, rss: 0, source: 0, packages: [] };
  const shown = CATEGORIES.map(([name]) => name).filter((name) => name !== APP_BUNDLE && measured.some((app) => of(app, name).source > 0));
  const rows = shown.map(
    (name) => `| ${name} | ${measured.map((app) => (of(app, name).source > 0 ? `${mb(of(app, name).heap)} / ${mb(of(app, name).rss)}` : '–')).join(' | ')} |`,
  );
  const loaded = (app: AppName) => shown.reduce((sum, name) => sum + of(app, name).heap, 0);
  const rest = measured.map((app) => mb((results.attributedHeapUsed[app] ?? 0) - loaded(app)));
  const bundles = measured.map((app) => mb(of(app, APP_BUNDLE).source));
  const lists = shown
    .map((name) => [name, [...new Set(measured.flatMap((app) => of(app, name).packages))].sort()] as const)
    .filter(([name, pkgs]) => pkgs.length > 1 || (pkgs.length === 1 && pkgs[0] !== name))
    .map(([name, pkgs]) => `- ${name}: ${pkgs.join(', ')}`);
  return `What the packages cost (attribution run): the V8 heap / RSS (MB) that loading each group of modules
added, measured around every \`require\` the app's own code makes, with a full GC before and after;
a package's dependencies count for it (google-auth-library for firebase-admin). RSS includes compiled
WebAssembly and native addons; what runs later (Prisma compiles its query compiler's wasm on the first
query) counts for the app itself.

| loaded | ${measured.join(' | ')} |
|---|${measured.map(() => '---:|').join('')}
${rows.join('\n')}
| the app itself: its bundle (workspace code, generated clients), connections, caches, garbage not yet collected (heap) | ${rest.join(' | ')} |
| (source size of the bundle, MB) | ${bundles.join(' | ')} |

${lists.join('\n')}`;
}

function markdown(results: Results, compare: [string, Results][]): string {
  const apps = APPS.filter((a) => results.apps[a]);
  const flags = results.nodeArgs.length ? `, with \`${results.nodeArgs.join(' ')}\`` : '';
  return `## Idle memory

Machine: ${results.machine}. The built apps run as \`npm start\` runs them (\`node --enable-source-maps
dist/apps/<app>/main.js\`${flags}, NODE_ENV=development, LOG_LEVEL=info, bcrypt cost 12), each service on a
schema of its own: every service, the gateway, the mail catcher and the legacy site (the connector's
peer, with its small seed), as \`npm start\` runs them; each app compacts its heap once 10 s after
start-up (\`compactAfterStart\`, libs/platform/health). Figures are read ${SETTLE_MS / 1000} s after the last
app is ready, nothing else happening.

${rssTable(results, apps)}
${compareTable(results, apps, compare)}
${packagesBlock(results, apps)}

RSS beyond the V8 heap is Node itself (its binary's pages, file-backed), libuv and V8 threads, the
wasm code and memory, native addons and allocator slack.

Run: \`npx nx run-many -t build && npm run bench -- idle-memory\`.`;
}

function parseArgs(argv: string[]): { compare: [string, Results][]; attribution: boolean } {
  const compare: [string, Results][] = [];
  let attribution = true;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--no-attribution') {
      attribution = false;
      continue;
    }
    if (argv[i] !== '--compare') throw new Error(`unknown argument ${argv[i]}`);
    const [label, file] = (argv[++i] ?? '').split('=');
    if (!label || !file) throw new Error('--compare <label>=<results.json>');
    compare.push([label, JSON.parse(readFileSync(path.resolve(file), 'utf8')) as Results]);
  }
  return { compare, attribution };
}

async function main(): Promise<void> {
  const { compare, attribution } = parseArgs(process.argv.slice(2));
  const plain = await measure(false);
  const attributed = attribution ? await measure(true) : new Map<AppName, AppMemory>();
  const results: Results = {
    node: plain.values().next().value?.probe.node ?? process.version,
    nodeArgs: APP_NODE_ARGS,
    machine: machineLine(),
    apps: Object.fromEntries(plain),
    packages: Object.fromEntries([...attributed].map(([app, m]) => [app, m.probe.groups ?? {}])),
    attributedHeapUsed: Object.fromEntries([...attributed].map(([app, m]) => [app, m.probe.heap.used_heap_size])),
  };
  const out = path.join(workspaceRoot(), 'tmp/bench/idle-memory.json');
  writeFileSync(out, JSON.stringify(results, null, 2));
  for (const app of APPS) {
    const m = results.apps[app];
    if (m)
      process.stdout.write(
        `${app.padEnd(14)} RSS ${mb(m.rss).padStart(6)} MB  heap ${mb(m.probe.memoryUsage.heapUsed)} / ${mb(m.probe.memoryUsage.heapTotal)} MB\n`,
      );
  }
  process.stdout.write(`results: ${path.relative(workspaceRoot(), out)}\n`);
  writeSection('idle-memory', markdown(results, compare));
}

runBench(main);
