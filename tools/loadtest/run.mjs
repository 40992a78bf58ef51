#!/usr/bin/env node
// Runs the load-test tool: bundles src/cli.ts (or, with `local` first, src/local-stack.ts, which
// starts a local stack to test) with esbuild, like tools/bench/run.mjs, and runs it with node.
//   node tools/loadtest/run.mjs --help
//   node tools/loadtest/run.mjs --base-url http://127.0.0.1:8080 --scenario browse --rate 100
//   node tools/loadtest/run.mjs local --duration 20s --write-docs
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const workspace = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const local = process.argv[2] === 'local';
const args = process.argv.slice(local ? 3 : 2);
const name = local ? 'local-stack' : 'cli';
const rootPkg = JSON.parse(readFileSync(path.join(workspace, 'package.json'), 'utf8'));
const external = [...Object.keys(rootPkg.dependencies), ...Object.keys(rootPkg.devDependencies)];
const outfile = path.join(workspace, 'tmp/loadtest', `${name}.js`);
await build({
  entryPoints: [path.join(workspace, 'tools/loadtest/src', `${name}.ts`)],
  outfile,
  bundle: true,
  platform: 'node',
  target: 'node24',
  format: 'cjs',
  sourcemap: true,
  tsconfig: path.join(workspace, 'tsconfig.base.json'),
  external: external.flatMap((n) => [n, `${n}/*`]),
  logLevel: 'warning',
});
const run = spawnSync(process.execPath, ['--enable-source-maps', outfile, ...args], { stdio: 'inherit', cwd: process.cwd() });
process.exit(run.status ?? 1);
