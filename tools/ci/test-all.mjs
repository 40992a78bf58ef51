#!/usr/bin/env node
// `npm test`: every check of the workspace (formatting, lint, typecheck, unit, integration and
// end-to-end tests, chart and generator tests), scheduled on the machine's cores, then one summary
// line of all Jest results. `npm test -- <targets>` runs those Nx targets of every project instead.
import { spawnSync } from 'node:child_process';
import { runScheduled } from './schedule.mjs';
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

const bin = (name) => path.join(workspace, 'node_modules/.bin', name);
const env = {
  ...process.env,
  NX_DAEMON: 'false',
  NX_TUI: 'false',
  NX_NO_CLOUD: 'true',
  // Node keeps the compiled code of every module it loads here: the ~100 app processes the suites
  // start, and every tool, compile each package once instead of at every start.
  NODE_COMPILE_CACHE: path.join(workspace, 'tmp/node-compile-cache'),
};
const prettier = [path.join(workspace, 'node_modules/prettier/bin/prettier.cjs'), '--check', '--log-level=warn', '.'];
const jest = (config, report, ...more) => [bin('jest'), '-c', config, '--json', `--outputFile=tmp/test-reports/${report}.json`, ...more];

let failedSteps = [];
const targets = process.argv.slice(2);
if (targets.length) {
  // `npm test -- lint typecheck`: those Nx targets of every project, two tasks at a time.
  const run = spawnSync(bin('nx'), ['run-many', '-t', ...targets, '--outputStyle=static', '--parallel=2'], { cwd: workspace, stdio: 'inherit', env });
  if (run.status !== 0) failedSteps.push(`nx run-many -t ${targets.join(',')}`);
} else {
  // First what every test needs: generated code (Prisma clients, proto stubs) and the built apps
  // the end-to-end, chart and generator tests start.
  const prepared = spawnSync(bin('nx'), ['run-many', '-t', 'generate,build', '--outputStyle=static', '--parallel=2'], {
    cwd: workspace,
    stdio: 'inherit',
    env,
  });
  if (prepared.status !== 0) {
    console.error('Generating code or building the apps failed: no test can run.');
    process.exit(prepared.status ?? 1);
  }
  // Then every check, on the machine's two cores (docs/ci.md has the figures): the test runs one
  // after another, each with two Jest workers, the longest first; the single-process checks in the
  // background, on the CPU the test runs leave idle and then on all of it. Lint
  // and typecheck skip their `generate` dependencies, done above: Nx restoring generated code from
  // its cache would delete it for a moment under the tests that read it.
  const outcomes = await runScheduled(
    [
      { name: 'end-to-end tests', cores: 2, command: process.execPath, args: jest('apps/platform-e2e/jest.e2e.config.js', 'platform-e2e-e2e') },
      // Playwright on Debian's Chromium against stacks with the web app in front (apps/web/test,
      // decisions 0219 and 0231).
      { name: 'browser tests', cores: 2, command: process.execPath, args: jest('apps/web/jest.e2e.config.js', 'web-e2e') },
      { name: 'integration tests', cores: 2, command: process.execPath, args: jest('tools/ci/jest.integration.config.js', 'integration', '--maxWorkers=2') },
      {
        name: 'unit tests',
        cores: 2,
        command: process.execPath,
        args: jest('tools/ci/jest.unit.config.js', 'unit', '--maxWorkers=2'),
        // The telemetry library's exporters load an ES module (its project.json sets the same).
        env: { NODE_OPTIONS: '--experimental-vm-modules' },
      },
      // CPU per request of the gateway and of the whole stack, each divided by a reference server's
      // measured in the same rounds, against tools/bench/cpu-per-request.baseline.json: more than
      // 30 % above it fails (issue 27, decision 0232). On both cores, alone, after the tests.
      { name: 'cpu per request', cores: 2, command: process.execPath, args: ['tools/bench/run.mjs', 'cpu-per-request', '--short'] },
      {
        name: 'generator test',
        cores: 1,
        background: true,
        command: process.execPath,
        args: jest('tools/registry/jest.integration.config.js', 'registry-tools-integration'),
      },
      { name: 'lint', cores: 1, background: true, command: bin('nx'), args: ['run', 'workspace:lint', '--excludeTaskDependencies', '--outputStyle=static'] },
      {
        name: 'typecheck',
        cores: 1,
        background: true,
        command: bin('nx'),
        args: ['run', 'workspace:typecheck', '--excludeTaskDependencies', '--outputStyle=static'],
      },
      { name: 'formatting', cores: 1, background: true, command: process.execPath, args: prettier },
      // Every proto against the released baseline with buf's FILE rules (decision 0221).
      { name: 'contract check', cores: 1, background: true, command: process.execPath, args: ['tools/contracts/check.mjs'] },
    ],
    { cores: 2, cwd: workspace, env },
  );
  console.log('\nSteps (start and length in seconds):');
  for (const o of outcomes.sort((a, b) => a.startedAt - b.startedAt))
    console.log(
      `  ${o.name.padEnd(20)} ${String(Math.round(o.startedAt)).padStart(4)} +${String(Math.round(o.seconds)).padStart(4)}  ${o.code === 0 ? 'ok' : 'FAILED'}`,
    );
  failedSteps = outcomes.filter((o) => o.code !== 0).map((o) => o.name);
}

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
if (failedSteps.includes('formatting')) console.log('\nFormatting: the files listed above are not laid out as `npm run format` lays them out.');
console.log(`\nAll tests: ${passed} passed, ${failed} failed, ${skipped} skipped${failedSteps.length ? `; failed: ${failedSteps.join(', ')}` : ''}`);
process.exit(failedSteps.length ? 1 : 0);
