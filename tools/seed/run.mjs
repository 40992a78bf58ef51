#!/usr/bin/env node
// `npm run seed -- [--base-url http://127.0.0.1:8080]`: fills a running platform with a demo world
// through its REST API (src/seed.ts), and prints the logins. A second run adds nothing.
import path from 'node:path';
import { runTypeScript, workspace } from '../build/run-ts.mjs';

process.exit(await runTypeScript(path.join(workspace, 'tools/seed/src/seed.ts'), process.argv.slice(2), { outDir: 'seed', cwd: process.cwd() }));
