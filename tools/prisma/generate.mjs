#!/usr/bin/env node
// Generates a service's Prisma client offline: node tools/prisma/generate.mjs <projectRoot>
// Reads <projectRoot>/prisma/schema.prisma, writes <projectRoot>/src/store/generated (gitignored).
// The Prisma CLI insists on a schema engine binary it would download; `generate` never runs it
// beyond `--version`, so a stub stands in (any other use of it fails loudly).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { conventionProblems } from './lib/convention.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

const [projectRoot] = process.argv.slice(2);
if (!projectRoot) {
  console.error('usage: node tools/prisma/generate.mjs <projectRoot>');
  process.exit(2);
}
const root = path.resolve(projectRoot);
const schemaPath = path.join(root, 'prisma', 'schema.prisma');
if (!existsSync(schemaPath)) {
  console.error(`no Prisma schema at ${schemaPath}`);
  process.exit(2);
}
const problems = conventionProblems(readFileSync(schemaPath, 'utf8'));
if (problems.length > 0) {
  console.error(`${schemaPath} does not follow the platform's generator convention:\n  - ${problems.join('\n  - ')}`);
  process.exit(1);
}

const result = spawnSync(process.execPath, [require.resolve('prisma/build/index.js'), 'generate', '--schema', schemaPath], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    PRISMA_SCHEMA_ENGINE_BINARY: path.join(here, 'schema-engine-stub.sh'),
    CHECKPOINT_DISABLE: '1',
    PRISMA_HIDE_UPDATE_MESSAGE: '1',
  },
});
process.exit(result.status ?? 1);
