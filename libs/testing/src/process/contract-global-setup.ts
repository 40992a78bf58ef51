import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { workspaceRoot } from './app-process';
import { startSharedContractProxies } from './contract-proxy';

/** The shared validating proxies, for the global teardown (same process). */
export const SHARED_KEY = '__platformSharedContractProxies';

/**
 * One Prism per Jest worker for the whole run, instead of one per stack (docs/ci.md): the document
 * every stack's gateway serves is written once from the protos, as the gateway builds it.
 */
export default async function globalSetup(globalConfig: { maxWorkers: number }): Promise<void> {
  if (process.env['STACK_CONTRACT_CHECK'] !== 'prism') return;
  const dir = path.join(os.tmpdir(), 'platform-contract');
  mkdirSync(dir, { recursive: true });
  const documentFile = path.join(dir, `shared-${process.pid}.json`);
  const written = spawnSync(process.execPath, ['tools/openapi/write.mjs', documentFile], { cwd: workspaceRoot(), encoding: 'utf8' });
  if (written.status !== 0) throw new Error(`could not write the OpenAPI document:\n${written.stdout}${written.stderr}`);
  // As the gateway serves it: compact JSON.
  writeFileSync(documentFile, JSON.stringify(JSON.parse(readFileSync(documentFile, 'utf8'))));
  const shared = await startSharedContractProxies(documentFile, Math.max(1, globalConfig.maxWorkers));
  Object.assign(process.env, shared.env);
  (globalThis as Record<string, unknown>)[SHARED_KEY] = { shared, documentFile };
}
