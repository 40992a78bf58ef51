#!/usr/bin/env node
// The previous released build of the apps, for the version-skew test (decision 0234): which commit
// each app was last released from, and that commit's apps built beside this checkout.
//
//   node tools/release/previous-build.mjs            builds them and prints a JSON map app -> dist folder
//
// An app's previous release is its newest tag `<app>@<version>` (Nx release's tag pattern, decision
// 0222) before HEAD; without one (a clone that holds no tags), the commit tools/release/released.json
// names. Each distinct commit is checked out once as a git worktree in the system's temporary folder
// (`git worktree add --detach`), sharing this checkout's node_modules, and its apps are built there
// with Nx (generate, build: what an image holds). A folder already built for that commit is reused.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const workspace = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The apps released on their own whose previous build the skew test runs: the services and the gateway. */
export const SKEW_APPS = ['identity', 'organisation', 'content', 'events', 'documents', 'notifications', 'connector', 'gateway'];

const git = (...args) => execFileSync('git', args, { cwd: workspace, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
const tryGit = (...args) => {
  try {
    return git(...args);
  } catch {
    return undefined;
  }
};

/** The commit (full id) and the name (tag, or the recorded release) of `app`'s previous release. */
export function previousRelease(app) {
  const head = git('rev-parse', 'HEAD');
  // The newest tag of the app reachable from HEAD; when it is HEAD itself (just released), the one before.
  let tag = tryGit('describe', '--tags', '--abbrev=0', '--match', `${app}@*`, 'HEAD');
  if (tag && git('rev-parse', `${tag}^{commit}`) === head) tag = tryGit('describe', '--tags', '--abbrev=0', '--match', `${app}@*`, 'HEAD~1');
  if (tag) return { commit: git('rev-parse', `${tag}^{commit}`), name: tag };
  const recorded = JSON.parse(readFileSync(path.join(workspace, 'tools/release/released.json'), 'utf8'));
  const commit = tryGit('rev-parse', '--verify', '--quiet', `${recorded.commit}^{commit}`);
  if (!commit)
    throw new Error(
      `No tag ${app}@* and the recorded release ${recorded.commit} (tools/release/released.json) is not in this clone's history: ` +
        'the version-skew test needs the history (a full clone, not a shallow one).',
    );
  return { commit, name: `${app}@${recorded.version} (${recorded.commit.slice(0, 7)}, tools/release/released.json)` };
}

/**
 * Runs `work` holding a lock (a directory, created atomically) so that two test processes asking at
 * once build a commit once; a lock older than ten minutes is a crashed holder's, and is taken over.
 */
function withLock(lock, work) {
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (Date.now() - statSync(lock, { throwIfNoEntry: false })?.mtimeMs > 600_000) rmSync(lock, { recursive: true, force: true });
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
    }
  }
  try {
    return work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** Builds `commit`'s apps in a worktree of their own (once) and answers its dist/apps folder. */
export function buildCommit(commit, apps = SKEW_APPS) {
  const repoKey = createHash('sha256').update(workspace).digest('hex').slice(0, 8);
  const tree = path.join(os.tmpdir(), `platform-release-${repoKey}-${commit.slice(0, 12)}`);
  return withLock(`${tree}.lock`, () => build(commit, apps, tree));
}

function build(commit, apps, tree) {
  const dist = path.join(tree, 'dist/apps');
  const marker = path.join(tree, '.previous-build.json');
  if (existsSync(marker) && JSON.parse(readFileSync(marker, 'utf8')).apps.join() === apps.join()) return dist;
  if (!existsSync(path.join(tree, '.git'))) {
    tryGit('worktree', 'prune');
    git('worktree', 'add', '--detach', '--force', tree, commit);
  }
  // The dependencies of HEAD serve the older commit: its own lockfile must agree on what it uses.
  if (!existsSync(path.join(tree, 'node_modules'))) symlinkSync(path.join(workspace, 'node_modules'), path.join(tree, 'node_modules'), 'dir');
  const changed = tryGit('diff', '--name-only', commit, 'HEAD', '--', 'package-lock.json');
  if (changed) console.error(`note: package-lock.json changed since ${commit.slice(0, 7)}; building it with this checkout's node_modules`);
  execFileSync(path.join(workspace, 'node_modules/.bin/nx'), ['run-many', '-t', 'build', '-p', apps.join(','), '--outputStyle=static', '--skip-nx-cache'], {
    cwd: tree,
    // Nx's output on stderr: stdout carries only the answer (JSON).
    stdio: ['ignore', 2, 2],
    env: { ...process.env, NX_DAEMON: 'false', NX_TUI: 'false', NX_NO_CLOUD: 'true' },
  });
  for (const app of apps) if (!existsSync(path.join(dist, app, 'main.js'))) throw new Error(`${commit.slice(0, 7)}: ${app} did not build (${dist})`);
  writeFileSync(marker, JSON.stringify({ commit, apps }));
  return dist;
}

/** Every skew app's previous release, built: app -> { release, dist }. */
export function previousBuilds(apps = SKEW_APPS) {
  const releases = Object.fromEntries(apps.map((app) => [app, previousRelease(app)]));
  const dists = new Map();
  for (const { commit } of Object.values(releases)) if (!dists.has(commit)) dists.set(commit, buildCommit(commit, apps));
  return Object.fromEntries(apps.map((app) => [app, { release: releases[app].name, commit: releases[app].commit, dist: dists.get(releases[app].commit) }]));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log(JSON.stringify(previousBuilds(), null, 2));
}
