import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadProtoSource } from '../protos/proto-source';
import { RouteTable } from '../routing/route-table';
import { breakingChanges, unacknowledged } from './breaking-changes';
import { API_INFO, buildOpenApi } from './openapi';

const CONTRACT_DIR = path.join(__dirname, '..', '..', 'openapi');
const VALIDATOR = require.resolve('@seriousme/openapi-schema-validator/bin/validate-api-cli.js');

/**
 * The published contract: the document the gateway serves (and `nx run gateway:openapi` writes)
 * is valid OpenAPI 3.1 for a well-kept validator, and breaks nothing of the last released copy
 * (apps/gateway/openapi/released.json) that the changelog does not acknowledge.
 */
describe('the OpenAPI document as a contract', () => {
  const document = buildOpenApi(RouteTable.fromProtos(loadProtoSource()), API_INFO);

  it('validates against the OpenAPI 3.1 schemas', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'openapi-'));
    try {
      const file = path.join(dir, 'openapi.json');
      writeFileSync(file, JSON.stringify(document));
      // The validator is an ES module with a CLI: run it as the artefact's CI check would.
      const run = spawnSync(process.execPath, [VALIDATOR, file], { encoding: 'utf8' });
      expect([run.status, JSON.parse(run.stdout || '{}')]).toEqual([0, { valid: true }]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('breaks nothing of the last released copy unless apps/gateway/openapi/CHANGELOG.md acknowledges it', () => {
    const released = JSON.parse(readFileSync(path.join(CONTRACT_DIR, 'released.json'), 'utf8')) as Record<string, unknown>;
    const changelog = readFileSync(path.join(CONTRACT_DIR, 'CHANGELOG.md'), 'utf8');
    expect(unacknowledged(breakingChanges(released, document), changelog)).toEqual([]);
  });
});
