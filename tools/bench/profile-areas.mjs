#!/usr/bin/env node
// Self time of a `.cpuprofile` by area: which package, which of Node's own modules, which source
// file of the app (through the bundle's source map). For the profiles a benchmark leaves with
// `PLATFORM_APP_NODE_ARGS="--cpu-prof --cpu-prof-dir=$PWD/tmp/prof"` (docs/performance.md).
// Run: `node tools/bench/profile-areas.mjs tmp/prof [--app gateway] [--top 25]`; a directory reads
// every profile in it, each named by the app whose bundle it ran.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  if (at === -1) return fallback;
  const [value] = args.splice(at, 2).slice(1);
  return value;
};
const onlyApp = option('--app', undefined);
const top = Number(option('--top', '25'));
const target = args[0] ?? 'tmp/prof';
const files = statSync(target).isDirectory()
  ? readdirSync(target)
      .filter((f) => f.endsWith('.cpuprofile'))
      .map((f) => path.join(target, f))
  : [target];

/** Node's own modules, grouped by what they do for a request. */
const NODE_AREAS = [
  [/^node:(internal\/)?(_http_|http$|internal\/http$)/, 'node: HTTP/1 server (_http_*)'],
  [/^node:(internal\/)?http2/, 'node: HTTP/2 (grpc-js transport)'],
  [/^node:(internal\/)?(streams|stream)/, 'node: streams'],
  [/^node:(net|internal\/net|internal\/stream_base_commons|internal\/dgram)/, 'node: net, sockets'],
  [/^node:(async_hooks|internal\/async_hooks|internal\/async_local_storage)/, 'node: async hooks, AsyncLocalStorage'],
  [/^node:(internal\/)?(timers|process\/task_queues)/, 'node: timers, microtasks'],
  [/^node:(internal\/)?crypto/, 'node: crypto'],
  [/^node:(internal\/)?(events|event_target)/, 'node: events'],
  [/^node:(internal\/)?(url|querystring)/, 'node: url, querystring'],
  [/^node:(internal\/)?(buffer|util|validators|errors)/, 'node: buffer, util, validation'],
];

const maps = new Map();
function sourceMapOf(bundle) {
  if (!maps.has(bundle)) {
    const file = `${bundle}.map`;
    maps.set(bundle, existsSync(file) ? new SourceMap(JSON.parse(readFileSync(file, 'utf8'))) : undefined);
  }
  return maps.get(bundle);
}

/** The area of a frame with a script; undefined for V8's and native frames (charged to their caller). */
function areaOf({ url, lineNumber, columnNumber }) {
  if (url === '') return undefined;
  const pkg = /node_modules\/((@[^/]+\/)?[^/]+)\//.exec(url);
  if (pkg) return pkg[1];
  if (url.startsWith('node:')) return NODE_AREAS.find(([pattern]) => pattern.test(url))?.[1] ?? 'node: other';
  const bundle = /dist\/apps\/[^/]+\/main\.js$/.exec(url) && (url.startsWith('file://') ? fileURLToPath(url) : url);
  if (bundle) {
    const entry = sourceMapOf(bundle)?.findEntry(lineNumber, columnNumber);
    const source = entry?.originalSource?.replace(/^(\.\.\/)+/, '').replace(/^.*?\b(apps|libs|tools)\//, '$1/');
    return source ?? 'the app (unmapped)';
  }
  return url.startsWith('file://') || url.startsWith('/') ? url.replace(/^file:\/\//, '') : 'other scripts (eval, wasm)';
}

function appOf(profile) {
  for (const node of profile.nodes) {
    const match = /dist\/apps\/([^/]+)\/main\.js$/.exec(node.callFrame.url);
    if (match) return match[1];
  }
  return 'unknown';
}

const SPECIAL = { '(garbage collector)': 'V8: garbage collector', '(program)': 'V8: program (compiler, runtime, natives)' };

function summarise(file) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const app = appOf(profile);
  if (onlyApp && app !== onlyApp) return;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const areaCache = new Map();
  const areaOfNode = (id) => {
    if (areaCache.has(id)) return areaCache.get(id);
    const node = byId.get(id);
    const special = SPECIAL[node.callFrame.functionName];
    let area = special ?? areaOf(node.callFrame);
    if (area === undefined) area = parent.has(id) ? areaOfNode(parent.get(id)) : 'native';
    areaCache.set(id, area);
    return area;
  };
  const self = new Map();
  const functions = new Map();
  let busy = 0;
  profile.samples.forEach((id, i) => {
    const micros = profile.timeDeltas[i + 1] ?? 0;
    const node = byId.get(id);
    if (node.callFrame.functionName === '(idle)' || node.callFrame.functionName === '(root)') return;
    busy += micros;
    const area = areaOfNode(id);
    self.set(area, (self.get(area) ?? 0) + micros);
    const name = `${node.callFrame.functionName || '(anonymous)'}  [${area}]`;
    functions.set(name, (functions.get(name) ?? 0) + micros);
  });
  const table = (entries) =>
    [...entries]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, micros]) => `| ${name} | ${((100 * micros) / busy).toFixed(1)} % | ${(micros / 1000).toFixed(0)} ms |`)
      .join('\n');
  process.stdout.write(
    `\n## ${app} (${path.basename(file)}): ${(busy / 1e6).toFixed(2)} s busy\n\n| area | self | |\n|---|---|---|\n${table(self)}\n\n| function | self | |\n|---|---|---|\n${table(functions)}\n`,
  );
}

for (const file of files) summarise(file);
