#!/usr/bin/env node
// The typed client's schema (libs/api-client/src/generated/schema.ts): openapi-typescript's types of
// the OpenAPI document the gateway serves, built from the protos right here (never a stale copy).
//   npx nx run api-client:schema                        rewrite it
//   node tools/openapi/client-schema.mjs --check        exit 1 when it differs (CI: schema-drift.spec.ts)
// The protos must be generated first (`npx nx run proto:generate`; the Nx targets do it).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';
import { runTypeScript, workspace } from '../build/run-ts.mjs';

export const SCHEMA_FILE = 'libs/api-client/src/generated/schema.ts';

const HEADER = `${COMMENT_HEADER}// From the gateway's OpenAPI document: \`npx nx run api-client:schema\` rewrites it; a test fails when it drifts.\n\n`;

/** The schema module for the document the protos describe today. */
export async function schemaSource() {
  mkdirSync(path.join(workspace, 'tmp'), { recursive: true });
  const dir = mkdtempSync(path.join(workspace, 'tmp', 'client-schema-'));
  try {
    const document = path.join(dir, 'openapi.json');
    const status = await runTypeScript(path.join(workspace, 'apps/gateway/src/docs/write-openapi.ts'), [document], { outDir: 'client-schema' });
    if (status !== 0) throw new Error(`writing the OpenAPI document failed (exit ${status}); are the protos generated (npx nx run proto:generate)?`);
    return HEADER + astToString(await openapiTS(JSON.parse(readFileSync(document, 'utf8'))));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const check = process.argv.includes('--check');
  const file = path.join(workspace, SCHEMA_FILE);
  const fresh = await schemaSource();
  let current = '';
  try {
    current = readFileSync(file, 'utf8');
  } catch {
    // not written yet
  }
  if (check) {
    if (current !== fresh) console.error(`${SCHEMA_FILE} is stale: run npx nx run api-client:schema`);
    process.exit(current === fresh ? 0 : 1);
  }
  if (current !== fresh) writeFileSync(file, fresh);
  console.log(current === fresh ? `${SCHEMA_FILE} is up to date` : `wrote ${SCHEMA_FILE}`);
}
