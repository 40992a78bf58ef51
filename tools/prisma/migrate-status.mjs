#!/usr/bin/env node
// What Prisma's own migration engine thinks of a service schema, offline (the CLI's
// `prisma migrate status|deploy` need the native engine these machines cannot download):
//   node tools/prisma/migrate-status.mjs <projectRoot> --schema <pg schema> [--deploy]
// Prints JSON: the engine's diagnoseMigrationHistory, and with --deploy the result of its
// applyMigrations (the code behind `prisma migrate deploy`) against DATABASE_URL.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { readMigrationList } from './lib/migrations-dir.mjs';
import { createSchemaEngine, engineError } from './lib/schema-engine.mjs';
import { migrationAdapterFactory } from './lib/shadow-adapter.mjs';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { schema: { type: 'string' }, deploy: { type: 'boolean', default: false } },
});
const [projectRoot] = positionals;
if (!projectRoot || !values.schema) {
  console.error('usage: node tools/prisma/migrate-status.mjs <projectRoot> --schema <pg schema> [--deploy]');
  process.exit(2);
}
const root = path.resolve(projectRoot);
const schemaPath = path.join(root, 'prisma', 'schema.prisma');
const files = [{ path: schemaPath, content: readFileSync(schemaPath, 'utf8') }];
const migrationsList = readMigrationList(path.join(root, 'prisma', 'migrations'));
const filters = { externalTables: [], externalEnums: [] };
const adapterFactory = migrationAdapterFactory({
  connectionString: process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres',
  schema: values.schema,
});

const engine = await createSchemaEngine({ files, adapterFactory });
let output;
try {
  const status = await engine.diagnoseMigrationHistory({ migrationsList, optInToShadowDatabase: false, filters });
  const deploy = values.deploy ? await engine.applyMigrations({ migrationsList, filters }) : undefined;
  output = JSON.stringify({ status, deploy }, null, 2);
} catch (error) {
  console.error(engineError(error, adapterFactory).message);
} finally {
  engine.free();
  await adapterFactory.close();
}
// The engine leaves its 10 s advisory-lock timer running: exit once the answer is out.
process.stdout.write(output ? `${output}\n` : '', () => process.exit(output ? 0 : 1));
