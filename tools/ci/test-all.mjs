#!/usr/bin/env node
// `npm test`: every check of every project through Nx (lint, typecheck, unit, integration and
// end-to-end tests, chart tests), then one summary line of all Jest results.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const workspace = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const reports = path.join(workspace, 'tmp/test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const targets = process.argv.slice(2).length ? process.argv.slice(2) : ['lint', 'typecheck', 'test', 'test:integration', 'test:e2e'];
const run = spawnSync('npx', ['nx', 'run-many', '-t', ...targets, '--outputStyle=static', '--parallel=2'], {
  cwd: workspace,
  stdio: 'inherit',
  env: { ...process.env, NX_DAEMON: 'false', NX_TUI: 'false', NX_NO_CLOUD: 'true' },
});

let passed = 0;
let failed = 0;
let skipped = 0;
if (existsSync(reports)) {
  for (const file of readdirSync(reports).filter((f) => f.endsWith('.json'))) {
    const report = JSON.parse(readFileSync(path.join(reports, file), 'utf8'));
    passed += report.numPassedTests ?? 0;
    failed += report.numFailedTests ?? 0;
    skipped += report.numPendingTests ?? 0;
  }
}
console.log(`\nAll tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(run.status ?? 1);
