// Preloaded into an app by the idle-memory benchmark (`node --require tools/bench/memory-probe.cjs`);
// never part of an app. On SIGUSR2 it writes $PLATFORM_MEMORY_PROBE_DIR/<pid>.json: the process's
// memory as V8 and Node see it (process.memoryUsage, heap spaces, code statistics).
//
// With PLATFORM_MEMORY_PROBE_MODULES=1 it also attributes every module the app loads to the npm
// package the app's own code required to get it (google-auth-library counts as firebase-admin),
// with its source size and, when the process runs with --expose-gc, the V8 heap and RSS that
// loading it added (full GC before and after each load from the app). That run is slower and its
// GCs change the heap's shape: the benchmark reads the headline figures from a run without it.
'use strict';
const fs = require('node:fs');
const Module = require('node:module');
const path = require('node:path');
const v8 = require('node:v8');

const outDir = process.env.PLATFORM_MEMORY_PROBE_DIR;
const attribute = process.env.PLATFORM_MEMORY_PROBE_MODULES === '1';
const gc = typeof globalThis.gc === 'function' ? globalThis.gc : undefined;

/** package name -> { modules, sourceBytes, heapBytes, rssBytes, loads } */
const groups = new Map();
/** absolute file -> the group it was counted in */
const groupOfFile = new Map();
let depth = 0;
let current;

function packageOf(file) {
  const at = file.lastIndexOf(`${path.sep}node_modules${path.sep}`);
  if (at < 0) return undefined;
  const parts = file.slice(at + 14).split(path.sep);
  return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
}

function group(name) {
  let g = groups.get(name);
  if (!g) groups.set(name, (g = { modules: 0, sourceBytes: 0, heapBytes: 0, rssBytes: 0, loads: 0 }));
  return g;
}

function measure() {
  gc?.();
  return { heap: v8.getHeapStatistics().used_heap_size, rss: process.memoryUsage.rss() };
}

if (attribute) {
  const load = Module._load;
  Module._load = function probeLoad(request, parent, isMain) {
    if (Module.isBuiltin(request)) return load.apply(this, arguments);
    let file;
    try {
      file = Module._resolveFilename(request, parent, isMain);
    } catch {
      return load.apply(this, arguments);
    }
    if (Module._cache[file]) return load.apply(this, arguments);
    // Loaded from inside a package: counts for whoever brought that package in.
    const name = current ?? groupOfFile.get(parent?.filename) ?? packageOf(file) ?? 'app bundle';
    // The app's own bundle runs for the process's whole life: its requires are the loads to measure.
    if (name === 'app bundle') return load.apply(this, arguments);
    if (depth > 0) {
      groupOfFile.set(file, name);
      return load.apply(this, arguments);
    }
    const before = measure();
    depth++;
    current = name;
    groupOfFile.set(file, name);
    try {
      return load.apply(this, arguments);
    } finally {
      depth--;
      current = undefined;
      const after = measure();
      const g = group(name);
      g.loads++;
      g.heapBytes += after.heap - before.heap;
      g.rssBytes += after.rss - before.rss;
    }
  };
  const compile = Module.prototype._compile;
  Module.prototype._compile = function probeCompile(content, filename) {
    const g = group(groupOfFile.get(filename) ?? packageOf(filename) ?? 'app bundle');
    g.modules++;
    g.sourceBytes += Buffer.byteLength(content);
    return compile.apply(this, arguments);
  };
}

function report() {
  return {
    pid: process.pid,
    node: process.version,
    argv: process.argv.slice(1),
    execArgv: process.execArgv,
    memoryUsage: process.memoryUsage(),
    heap: v8.getHeapStatistics(),
    heapSpaces: Object.fromEntries(v8.getHeapSpaceStatistics().map((s) => [s.space_name, { size: s.space_size, used: s.space_used_size }])),
    code: v8.getHeapCodeStatistics(),
    groups: attribute ? Object.fromEntries(groups) : undefined,
  };
}

if (outDir) {
  process.on('SIGUSR2', () => {
    const file = path.join(outDir, `${process.pid}.json`);
    fs.writeFileSync(`${file}.tmp`, JSON.stringify(report()));
    fs.renameSync(`${file}.tmp`, file);
  });
}
