#!/usr/bin/env node
// The operator CLI: `npm run ops -- <command>` bundles src/cli.ts with the workspace libraries and
// runs it (see `npm run ops -- help` and docs/operations.md).
import path from 'node:path';
import { runTypeScript, workspace } from '../build/run-ts.mjs';

process.exit(await runTypeScript(path.join(workspace, 'tools/ops/src/cli.ts'), process.argv.slice(2), { outDir: 'ops', cwd: process.cwd() }));
