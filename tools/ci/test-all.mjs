#!/usr/bin/env node
// `npm test`: every check of every project through Nx (lint, typecheck, unit, integration and
// end-to-end tests, chart tests), then one summary line of all Jest results.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const workspace = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

// Through npm, `node` is the workspace's own (node_modules/.bin/node, from the node-linux-* package):
// say which one runs, so that every log shows it.
console.log(`Node ${process.version} (${process.execPath})`);
if (Number(process.versions.node.split('.')[0]) < 24) {
  console.error(
    'The workspace runs on Node 24 or later (package.json engines). Run `npm test` after `npm ci`: npm puts the Node ' +
      'the workspace installs (node_modules/.bin/node) first on PATH. Where no node-<os>-<arch> package fits, install Node 24.',
  );
  process.exit(1);
}

const reports = path.join(workspace, 'tmp/test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

// The tests talk to the real PostgreSQL, Redis and NATS: start any that is installed but not
// running (left running afterwards, like .ci/run does), or stop here naming what is missing.
const servers = spawnSync(process.execPath, [path.join(workspace, 'tools/start/servers.mjs'), '--detached'], { cwd: workspace, stdio: 'inherit' });
if (servers.status !== 0) process.exit(servers.status ?? 1);

// Layout first: a file the formatter would change fails the run (npm run format fixes it).
const format = spawnSync(process.execPath, [path.join(workspace, 'node_modules/prettier/bin/prettier.cjs'), '--check', '--log-level=warn', '.'], {
  cwd: workspace,
  stdio: 'inherit',
});
const formatted = format.status === 0;
if (!formatted) console.error('Formatting: the files above are not laid out as `npm run format` lays them out.');

const targets = process.argv.slice(2).length ? process.argv.slice(2) : ['lint', 'typecheck', 'test', 'test:integration', 'test:e2e'];
const run = spawnSync('npx', ['nx', 'run-many', '-t', ...targets, '--outputStyle=static', '--parallel=2'], {
  cwd: workspace,
  stdio: 'inherit',
  env: { ...process.env, NX_DAEMON: 'false', NX_TUI: 'false', NX_NO_CLOUD: 'true' },
});

let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];
if (existsSync(reports)) {
  for (const file of readdirSync(reports).filter((f) => f.endsWith('.json'))) {
    const report = JSON.parse(readFileSync(path.join(reports, file), 'utf8'));
    passed += report.numPassedTests ?? 0;
    failed += report.numFailedTests ?? 0;
    skipped += report.numPendingTests ?? 0;
    for (const suite of report.testResults ?? []) {
      const where = path.relative(workspace, suite.name ?? '');
      const failedTests = (suite.assertionResults ?? []).filter((t) => t.status === 'failed');
      for (const t of failedTests) failures.push({ where, title: t.fullName, message: t.failureMessages?.[0] ?? '' });
      if (!failedTests.length && suite.status === 'failed') failures.push({ where, title: '(suite failed to run)', message: suite.message ?? '' });
    }
  }
}
// Repeat every failure at the end, where a CI log's tail is read.
for (const f of failures) {
  const excerpt = f.message
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .slice(0, 12)
    .join('\n    ');
  console.log(`\nFAILED ${f.where} › ${f.title}\n    ${excerpt}`);
}
console.log(`\nAll tests: ${passed} passed, ${failed} failed, ${skipped} skipped${formatted ? '' : '; formatting check FAILED'}`);
process.exit(formatted ? (run.status ?? 1) : 1);
