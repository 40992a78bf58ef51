#!/usr/bin/env node
// Builds one app into dist/<projectRoot>: a single CommonJS bundle of its sources and the workspace
// libraries (resolved through tsconfig paths), with third-party packages left external, plus the
// files it reads at run time (protos, migrations, fixtures) and a package.json that lists exactly
// the production dependencies the bundle imports (what a container image installs).
import { build } from 'esbuild';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { prismaWasmFile } from './prisma-wasm-file.mjs';
import { lineStarts, trimSourceMap } from './trim-source-map.mjs';

const workspace = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const projectRoot = process.argv[2];
if (!projectRoot) {
  console.error('usage: bundle.mjs <projectRoot>');
  process.exit(2);
}
const appDir = path.join(workspace, projectRoot);
const outDir = path.join(workspace, 'dist', projectRoot);
const rootPkg = JSON.parse(readFileSync(path.join(workspace, 'package.json'), 'utf8'));
// An app's package.json holds its release version (Nx release, decision 0222); the bundle's
// package.json carries it into the image.
const appPkgFile = path.join(appDir, 'package.json');
const appPkg = existsSync(appPkgFile)
  ? JSON.parse(readFileSync(appPkgFile, 'utf8'))
  : { name: `@platform/app-${path.basename(appDir)}`, version: rootPkg.version };
const external = Object.keys(rootPkg.dependencies ?? {});

rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });

const result = await build({
  entryPoints: [path.join(appDir, 'src/main.ts')],
  outfile: path.join(outDir, 'main.js'),
  bundle: true,
  platform: 'node',
  target: 'node24',
  format: 'cjs',
  sourcemap: true,
  // Stack traces need positions only; the sources would stay in every process's heap.
  sourcesContent: false,
  tsconfig: path.join(workspace, 'tsconfig.base.json'),
  // Runs first: packages' source maps stay unread (see own-source-maps.mjs).
  inject: [path.join(workspace, 'tools/build/own-source-maps.mjs')],
  external: external.flatMap((name) => [name, `${name}/*`]),
  // Runs before `external`: Prisma's query compiler becomes a .wasm file beside the bundle.
  plugins: [prismaWasmFile(outDir, workspace)],
  metafile: true,
  logLevel: 'warning',
  legalComments: 'none',
  // Pure ASCII: one non-Latin-1 character (an arrow in a comment) makes V8 hold the whole bundle's
  // source as two-byte string, doubling it in every process's heap (1.5 MB more for the gateway).
  charset: 'ascii',
});

// esbuild escapes non-ASCII in code (charset: 'ascii') but keeps some comments (JSDoc in class
// bodies, from the protos too) as written: escape what is left, all of it in comments, so the bundle
// stays one-byte in V8's heap.
const mainFile = path.join(outDir, 'main.js');
const bundled = readFileSync(mainFile, 'utf8');
if (/[^\x00-\x7f]/.test(bundled)) {
  writeFileSync(
    mainFile,
    bundled.replace(/[^\x00-\x7f]/gu, (c) => `\\u{${c.codePointAt(0).toString(16)}}`),
  );
}

// Generated code (ts-proto, Prisma clients) and bundled packages keep bundle positions in stack
// traces, and the rest maps to exact lines: the full mappings would cost each process megabytes of
// heap (see trim-source-map.mjs).
const mapFile = path.join(outDir, 'main.js.map');
const map = JSON.parse(readFileSync(mapFile, 'utf8'));
writeFileSync(mapFile, JSON.stringify(lineStarts(trimSourceMap(map, (source) => /(^|\/)(generated|node_modules)\//.test(source)))));

// The production dependencies this bundle really imports, at the workspace's pinned versions.
const used = new Set();
for (const input of Object.values(result.metafile.inputs)) {
  for (const imp of input.imports ?? []) {
    if (!imp.external) continue;
    const parts = imp.path.split('/');
    const name = imp.path.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
    if (external.includes(name)) used.add(name);
  }
}
const dependencies = Object.fromEntries([...used].sort().map((name) => [name, rootPkg.dependencies[name]]));
writeFileSync(
  path.join(outDir, 'package.json'),
  JSON.stringify({ name: appPkg.name, version: appPkg.version, private: true, main: 'main.js', engines: rootPkg.engines, dependencies }, null, 2) + '\n',
);

const assets = [
  [path.join(workspace, 'proto'), path.join(outDir, 'proto')],
  [path.join(appDir, 'prisma/migrations'), path.join(outDir, 'prisma/migrations')],
  [path.join(appDir, 'migrations'), path.join(outDir, 'migrations')],
  [path.join(appDir, 'fixtures'), path.join(outDir, 'fixtures')],
];
// The released contract baseline and its exceptions (tools/contracts) are for CI, not for images.
const notShipped = new Set([path.join(workspace, 'proto/released'), path.join(workspace, 'proto/breaking-exceptions.yaml')]);
for (const [from, to] of assets) if (existsSync(from)) cpSync(from, to, { recursive: true, filter: (src) => !notShipped.has(src) });
console.log(`built ${path.relative(workspace, outDir)} (${used.size} runtime packages)`);
