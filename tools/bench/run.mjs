#!/usr/bin/env node
// Runs a benchmark: `npm run bench -- <name>` bundles tools/bench/<name>.ts (with the workspace
// libraries, like an app) and runs it with node. Benchmarks write their figures into
// docs/performance.md; they are never part of `npm test`.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const workspace = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const [name, ...args] = process.argv.slice(2);
const entry = name && path.join(workspace, 'tools/bench', `${name}.ts`);
if (!entry || !existsSync(entry)) {
  console.error('usage: npm run bench -- <gateway-overhead|idle-memory> [args]');
  process.exit(2);
}
const rootPkg = JSON.parse(readFileSync(path.join(workspace, 'package.json'), 'utf8'));
const external = [...Object.keys(rootPkg.dependencies), ...Object.keys(rootPkg.devDependencies)];
const outfile = path.join(workspace, 'tmp/bench', `${name}.js`);
await build({
  entryPoints: [entry],
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
const run = spawnSync(process.execPath, ['--enable-source-maps', outfile, ...args], { stdio: 'inherit', cwd: workspace });
process.exit(run.status ?? 1);
