#!/usr/bin/env node
// Runs a benchmark: `npm run bench -- <name>` bundles tools/bench/<name>.ts (with the workspace
// libraries, like an app) and runs it with node. Benchmarks write their figures into
// docs/performance.md; only `cpu-per-request --short` runs in `npm test` (a check against its baseline).
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { runTypeScript, workspace } from '../build/run-ts.mjs';

const [name, ...args] = process.argv.slice(2);
const entry = name && path.join(workspace, 'tools/bench', `${name}.ts`);
if (!entry || !existsSync(entry)) {
  const names = readdirSync(path.join(workspace, 'tools/bench'))
    .filter((f) => f.endsWith('.ts') && f !== 'report.ts')
    .map((f) => f.slice(0, -3));
  console.error(`usage: npm run bench -- <${names.join('|')}> [args]`);
  process.exit(2);
}
process.exit(await runTypeScript(entry, args, { outDir: 'bench' }));
