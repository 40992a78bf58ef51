#!/usr/bin/env node
// Runs the load-test tool: bundles src/cli.ts (or, with `local` first, src/local-stack.ts, which
// starts a local stack to test) with esbuild, like tools/bench/run.mjs, and runs it with node.
//   node tools/loadtest/run.mjs --help
//   node tools/loadtest/run.mjs --base-url http://127.0.0.1:8080 --scenario browse --rate 100
//   node tools/loadtest/run.mjs local --duration 20s --write-docs
import path from 'node:path';
import { runTypeScript, workspace } from '../build/run-ts.mjs';

// Ctrl-C reaches the whole process group: the tool (the child) stops its load and writes the
// report; this parent waits for it rather than dying first and handing the terminal back early.
process.on('SIGINT', () => {});

const local = process.argv[2] === 'local';
const args = process.argv.slice(local ? 3 : 2);
const entry = path.join(workspace, 'tools/loadtest/src', `${local ? 'local-stack' : 'cli'}.ts`);
process.exit(await runTypeScript(entry, args, { outDir: 'loadtest', cwd: process.cwd() }));
