#!/usr/bin/env node
// Writes the lockfile of one built app: the workspace's package-lock.json cut down to the packages
// that the app's generated package.json needs (its production dependencies and their closure, at
// the exact versions and integrity hashes the workspace was tested with). The image installs it
// with `npm ci --omit=dev`.
//
//   node deploy/prune-lockfile.mjs dist/apps/identity            writes dist/apps/identity/package-lock.json
//   node deploy/prune-lockfile.mjs dist/apps/identity --out f    writes f
//   node deploy/prune-lockfile.mjs dist/apps/identity --list     prints the package folders, one a line
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const workspace = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Where Node (and npm) finds `name` from the package at `from`: the nearest node_modules upwards. */
function locate(packages, from, name) {
  for (let dir = from; ; ) {
    const candidate = dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!dir) return undefined;
    const up = dir.lastIndexOf('/node_modules/');
    dir = up === -1 ? '' : dir.slice(0, up);
  }
}

/**
 * The lockfile for `appPkg` (name, version, dependencies) cut from `lock` (lockfileVersion 2 or 3).
 * A package reached only through optionalDependencies stays optional; optional peers that nothing
 * else brings are left out, as npm does.
 */
export function pruneLockfile(lock, appPkg) {
  const all = lock.packages;
  const required = new Map(); // location -> optional?
  const queue = [];
  const visit = (from, name, optional, who) => {
    const at = locate(all, from, name);
    if (!at) {
      if (optional) return;
      throw new Error(`${who} needs ${name}, which the workspace lockfile does not hold`);
    }
    const seen = required.get(at);
    if (seen === false || (seen === true && optional)) return;
    required.set(at, optional);
    queue.push(at);
  };
  for (const name of Object.keys(appPkg.dependencies ?? {})) visit('', name, false, appPkg.name);
  while (queue.length) {
    const at = queue.shift();
    const entry = all[at];
    const optional = required.get(at);
    const target = entry.link ? entry.resolved : at;
    const pkg = all[target] ?? entry;
    for (const name of Object.keys(pkg.dependencies ?? {})) visit(target, name, optional, at);
    for (const name of Object.keys(pkg.optionalDependencies ?? {})) visit(target, name, true, at);
    for (const name of Object.keys(pkg.peerDependencies ?? {})) {
      if (!pkg.peerDependenciesMeta?.[name]?.optional) visit(target, name, optional, at);
    }
  }
  const packages = {
    '': {
      name: appPkg.name,
      version: appPkg.version,
      dependencies: appPkg.dependencies ?? {},
      ...(appPkg.engines ? { engines: appPkg.engines } : {}),
    },
  };
  for (const at of [...required.keys()].sort()) {
    const { dev: _dev, devOptional: _devOptional, optional: _optional, peer: _peer, ...entry } = all[at];
    if (entry.link) throw new Error(`${at} is a workspace link: the bundle should have inlined it`);
    packages[at] = required.get(at) ? { ...entry, optional: true } : entry;
  }
  return { name: appPkg.name, version: appPkg.version, lockfileVersion: lock.lockfileVersion, requires: true, packages };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [appDir, ...flags] = process.argv.slice(2);
  if (!appDir) {
    console.error('usage: prune-lockfile.mjs <built app dir> [--out file] [--list] [--lockfile workspace-lock]');
    process.exit(2);
  }
  const option = (flag, fallback) => (flags.includes(flag) ? flags[flags.indexOf(flag) + 1] : fallback);
  const lock = JSON.parse(readFileSync(option('--lockfile', path.join(workspace, 'package-lock.json')), 'utf8'));
  const appPkg = JSON.parse(readFileSync(path.join(appDir, 'package.json'), 'utf8'));
  const pruned = pruneLockfile(lock, appPkg);
  if (flags.includes('--list')) {
    process.stdout.write(Object.keys(pruned.packages).filter(Boolean).join('\n') + '\n');
  } else {
    const out = option('--out', path.join(appDir, 'package-lock.json'));
    writeFileSync(out, JSON.stringify(pruned, null, 2) + '\n');
    console.log(`wrote ${out} (${Object.keys(pruned.packages).length - 1} packages)`);
  }
}
