#!/usr/bin/env node
// Builds the operator CLI for the images: dist/tools/ops/ops.js, one self-contained CommonJS file
// (the workspace libraries and every npm package inlined), so it runs in any app image, whatever
// node_modules that image installed: `kubectl exec deploy/<app> -- node ops.js help`.
import { build } from 'esbuild';
import path from 'node:path';
import { workspace } from '../build/run-ts.mjs';

const outfile = path.join(workspace, 'dist/tools/ops/ops.js');
await build({
  entryPoints: [path.join(workspace, 'tools/ops/src/cli.ts')],
  outfile,
  bundle: true,
  platform: 'node',
  target: 'node24',
  format: 'cjs',
  tsconfig: path.join(workspace, 'tsconfig.base.json'),
  // pg's optional native binding is never installed.
  external: ['pg-native'],
  legalComments: 'none',
  logLevel: 'warning',
});
console.log(`built ${path.relative(workspace, outfile)}`);
