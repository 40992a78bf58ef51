import { spawnSync } from 'node:child_process';
import path from 'node:path';

const workspace = path.resolve(__dirname, '../../..');

describe('the generated schema', () => {
  it('src/generated/schema.ts matches the OpenAPI document the protos describe (npx nx run api-client:schema rewrites it)', () => {
    const run = spawnSync(process.execPath, [path.join(workspace, 'tools/openapi/client-schema.mjs'), '--check'], { cwd: workspace, encoding: 'utf8' });
    expect({ status: run.status, stderr: run.stderr.trim() }).toEqual({ status: 0, stderr: '' });
  }, 120_000);
});
