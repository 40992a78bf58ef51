#!/usr/bin/env node
// npm run release [-- [<specifier>] [--dry-run] [--projects=identity,web] [--first-release] [--verbose]]
//
// Nx release with the workspace's configuration (nx.json "release": every deployed app versioned on
// its own from conventional commits, a CHANGELOG.md per app, tags <app>@<version>; decision 0222),
// then a summary: each app with its current and next version, and for each released app the Helm
// command that deploys that version (the image tag is the version). Nothing is published: CI builds
// and pushes an app's image when its tag <app>@<version> appears. With --dry-run nothing is written,
// committed or tagged, and no git remote is needed.
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';

const workspace = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
process.chdir(workspace);
process.env.NX_DAEMON ??= 'false';
process.env.NX_TUI ??= 'false';
const require = createRequire(path.join(workspace, 'package.json'));
const { release } = require('nx/release');

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    'dry-run': { type: 'boolean', short: 'd', default: false },
    projects: { type: 'string', short: 'p', multiple: true },
    'first-release': { type: 'boolean', default: false },
    verbose: { type: 'boolean', default: false },
    yes: { type: 'boolean', short: 'y', default: false },
  },
});
if (positionals.length > 1) {
  console.error('usage: npm run release -- [<specifier: patch|minor|major|x.y.z>] [--dry-run] [--projects=a,b] [--first-release] [--verbose]');
  process.exit(2);
}
const dryRun = values['dry-run'];
const projects = values.projects?.flatMap((p) => p.split(',')).filter(Boolean);

const result = await release({
  specifier: positionals[0],
  dryRun,
  verbose: values.verbose,
  firstRelease: values['first-release'],
  ...(projects?.length ? { projects } : {}),
  // Apps are images, not npm packages: never publish, never prompt.
  skipPublish: true,
  yes: true,
});
if (typeof result === 'number') process.exit(result);

/** The summary: one row per app, then the Helm commands for the apps that get a new version. */
const rows = Object.entries(result.projectsVersionData).map(([app, v]) => ({ app, current: v.currentVersion, next: v.newVersion }));
const width = Math.max(3, ...rows.map((r) => r.app.length));
console.log(`\n${dryRun ? 'Would release' : 'Released'} (image tag = version; tag <app>@<version>):`);
console.log(`  ${'app'.padEnd(width)}  current  next`);
for (const { app, current, next } of rows) console.log(`  ${app.padEnd(width)}  ${current.padEnd(7)}  ${next ?? '(no changes)'}`);
const released = rows.filter((r) => r.next);
if (released.length > 0) {
  console.log(`\nOnce CI has pushed the images, deploy each released app (section "Releases" of docs/operations.md):`);
  for (const { app, next } of released) {
    console.log(`  helm upgrade --install ${app} charts/platform-service -n platform -f deploy/values/${app}.yaml --set image.tag=${next} --wait`);
  }
  const sets = released.map(({ app, next }) => `--set ${app}.image.tag=${next}`).join(' ');
  console.log(`  # or, through the umbrella: helm upgrade platform charts/platform -n platform --reuse-values ${sets} --wait`);
}
if (dryRun) console.log('\n--dry-run: nothing was written, committed or tagged.');
