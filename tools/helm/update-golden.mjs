#!/usr/bin/env node
// Rewrites the golden renders of the charts (tools/helm/golden/*.yaml) from the current charts and
// values, by running the chart tests with UPDATE_GOLDEN=1. Review the diff before committing it.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { workspace } from './tool-packages.mjs';

const jest = path.join(workspace, 'node_modules/jest/bin/jest.js');
// Only the golden tests: the rest of the suite checks behaviour and must not stop a rewrite.
const result = spawnSync(process.execPath, [jest, '-c', 'tools/helm/jest.config.js', 'tools/helm/charts.spec.ts', '-t', 'as the committed golden file'], {
  cwd: workspace,
  stdio: 'inherit',
  env: { ...process.env, UPDATE_GOLDEN: '1' },
});
process.exit(result.status ?? 1);
