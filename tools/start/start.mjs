#!/usr/bin/env node
// `npm start`: finds (or starts) PostgreSQL, Redis and NATS, builds every app, starts them in
// order (each service applies its migrations before it serves), waits until each is ready and
// prints what is up. Ctrl-C stops everything it started.
//
// Each app is told PLATFORM_START_INFO_FILE (.local/run/<app>.txt); an app that has something to
// tell the developer (the legacy site: its sync key and logins) writes it there before it reports
// ready, and its lines are printed under the app's own line.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { discoverApps, expand, localOutboundDestinations, localServiceUrls, localWebSettings, startInfo, waitReady } from './apps.mjs';
import { ensureServers } from './servers.mjs';

const workspace = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
process.chdir(workspace);
const logDir = path.join(workspace, '.local/logs');
mkdirSync(logDir, { recursive: true });
const runDir = path.join(workspace, '.local/run');
mkdirSync(runDir, { recursive: true });
// Tenant-given SMTP hosts and site URLs may reach the mail catcher and the legacy site, and nothing
// else local (OUTBOUND_ALLOWED_DESTINATIONS in the environment replaces this).
const env = {
  ...localServiceUrls(workspace, process.env),
  ...localWebSettings(workspace, process.env),
  OUTBOUND_ALLOWED_DESTINATIONS: localOutboundDestinations(workspace, process.env),
  ...process.env,
  NODE_ENV: process.env.NODE_ENV ?? 'development',
};
const children = [];
let servers = [];
let stopping = false;

async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping…');
  for (const child of [...children].reverse()) child.process.kill('SIGTERM');
  await Promise.all(children.map((c) => new Promise((r) => (c.process.exitCode !== null ? r() : c.process.once('exit', r)))));
  for (const server of servers.reverse()) server.stop();
  process.exit(code);
}
process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));

const started = Date.now();
console.log('Association platform: starting\n\nServers:');
try {
  servers = await ensureServers({ env });
} catch (err) {
  servers = err.started ?? [];
  console.error(`\n${err.message}`);
  for (const s of servers) s.stop();
  process.exit(1);
}

console.log('\nBuilding (Nx caches this after the first start)…');
const build = spawnSync('npx', ['nx', 'run-many', '-t', 'build', '--outputStyle=static'], {
  stdio: ['ignore', 'pipe', 'pipe'],
  env: { ...env, NX_DAEMON: 'false', NX_TUI: 'false' },
  encoding: 'utf8',
});
if (build.status !== 0) {
  console.error(build.stdout.slice(-4000), build.stderr.slice(-4000));
  await stopAll(1);
}

console.log('\nApps:');
for (const app of discoverApps(workspace)) {
  const log = path.join(logDir, `${app.name}.log`);
  const out = openSync(log, 'w');
  const info = path.join(runDir, `${app.name}.txt`);
  rmSync(info, { force: true }); // never show a previous run's values
  // The node flags the image gives (deploy/Dockerfile NODE_OPTIONS), then PLATFORM_APP_NODE_ARGS
  // (more flags for every app, as in the test stack: `--cpu-prof`, `--heapsnapshot-signal=SIGUSR2`).
  const extraArgs = env.PLATFORM_APP_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const nodeArgs = ['--enable-source-maps', '--max-semi-space-size=4', ...extraArgs];
  const child = spawn(process.execPath, [...nodeArgs, path.join('dist', app.root, 'main.js')], {
    env: { ...env, PLATFORM_START_INFO_FILE: info },
    stdio: ['ignore', out, out],
  });
  const entry = { app, process: child };
  children.push(entry);
  child.once('exit', (code) => {
    if (!stopping) {
      console.error(`  ${app.name} exited with code ${code}; last lines of ${path.relative(workspace, log)}:`);
      console.error(readFileSync(log, 'utf8').split('\n').slice(-15).join('\n'));
      void stopAll(1);
    }
  });
  const url = expand(app.ready, env);
  if (!(await waitReady(url, 90_000, () => child.exitCode === null))) {
    if (!stopping) {
      console.error(`  ${app.name} did not become ready at ${url}; see ${path.relative(workspace, log)}`);
      await stopAll(1);
    }
  }
  console.log(`  ${app.name.padEnd(14)} ready   ${expand(app.show ?? url, env)}`);
  for (const line of startInfo(info)) console.log(`${' '.repeat(25)}${line}`);
}

const seconds = ((Date.now() - started) / 1000).toFixed(1);
console.log(`
Up in ${seconds} s. Logs: .local/logs/<app>.log

  Web app          ${env.PUBLIC_APP_URL}/            (members; sign in at /login)
  Admin console    ${env.PUBLIC_APP_URL}/admin       (platform administrators: /login?as=system)
  API              ${env.PUBLIC_APP_URL}/api         (the gateway itself: http://127.0.0.1:${env.GATEWAY_PORT ?? 8081}/api)
  API docs         ${env.PUBLIC_APP_URL}/api/docs
  Platform admin   ${env.PLATFORM_ADMIN_EMAIL ?? 'admin@platform.local'} / ${env.PLATFORM_ADMIN_PASSWORD ? '(PLATFORM_ADMIN_PASSWORD)' : 'change-me-now'}   (development defaults; set PLATFORM_ADMIN_EMAIL and PLATFORM_ADMIN_PASSWORD)

Press Ctrl-C to stop.`);
