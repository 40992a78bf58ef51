import { spawnSync } from 'node:child_process';
import path from 'node:path';

const workspace = path.resolve(__dirname, '../..');

describe('the configuration reference', () => {
  it('docs/configuration.md and .env.example match every app’s configuration shape (npm run config:reference rewrites them)', () => {
    const run = spawnSync(process.execPath, [path.join(workspace, 'tools/registry/config-reference.mjs'), '--check'], { cwd: workspace, encoding: 'utf8' });
    expect({ status: run.status, stderr: run.stderr.trim() }).toEqual({ status: 0, stderr: '' });
  }, 60_000);
});
