#!/usr/bin/env node
// Authors the next migration of a service from its schema change:
//   node tools/prisma/new-migration.mjs <projectRoot> <name> [--schema <pg schema>]
//   node tools/prisma/new-migration.mjs <projectRoot> <name> --empty  (blank, for hand-written SQL)
//   node tools/prisma/new-migration.mjs <projectRoot> --check          (exit 1 if a migration is missing)
// Diffs "all existing migrations, replayed in a throw-away shadow database" against
// prisma/schema.prisma with Prisma's wasm schema engine, and writes
// prisma/migrations/<UTC yyyymmddHHMMSS>_<name>/migration.sql. Needs a Postgres server on which
// it may create (and drop) scratch databases: DATABASE_URL, default
// postgresql://postgres@127.0.0.1:5432/postgres. No existing database is modified.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { readMigrationList, writeMigration } from './lib/migrations-dir.mjs';
import { createSchemaEngine, engineError } from './lib/schema-engine.mjs';
import { migrationAdapterFactory } from './lib/shadow-adapter.mjs';

const USAGE = 'usage: node tools/prisma/new-migration.mjs <projectRoot> <name> [--schema <pg schema>] [--empty] | <projectRoot> --check';

function parse() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      schema: { type: 'string' },
      check: { type: 'boolean', default: false },
      empty: { type: 'boolean', default: false },
    },
  });
  const [projectRoot, rawName] = positionals;
  const name = rawName
    ?.toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  if (!projectRoot || (!values.check && !name)) throw new Error(USAGE);
  const root = path.resolve(projectRoot);
  return {
    ...values,
    name,
    schemaPath: path.join(root, 'prisma', 'schema.prisma'),
    migrationsDir: path.join(root, 'prisma', 'migrations'),
    // Migrations are schema-agnostic (unqualified names, applied under search_path); the shadow
    // database replays them under a schema named like the service, as at run time.
    pgSchema:
      values.schema ??
      path
        .basename(root)
        .toLowerCase()
        .replace(/[^a-z0-9_]+/g, '_'),
  };
}

/** The SQL that takes the migrations to the schema; comments only when there is no difference. */
async function diffScript({ schemaPath, migrationsDir, pgSchema }) {
  const files = [{ path: schemaPath, content: readFileSync(schemaPath, 'utf8') }];
  const adapterFactory = migrationAdapterFactory({
    connectionString: process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres',
    schema: pgSchema,
    scratch: true,
  });
  try {
    const engine = await createSchemaEngine({ files, adapterFactory });
    try {
      const result = await engine.diff({
        from: { tag: 'migrations', ...readMigrationList(migrationsDir) },
        to: { tag: 'schemaDatamodel', files },
        script: true,
        exitCode: null,
        filters: { externalTables: [], externalEnums: [] },
      });
      return result.stdout ?? '';
    } catch (error) {
      throw engineError(error, adapterFactory);
    } finally {
      engine.free();
    }
  } finally {
    await adapterFactory.close();
  }
}

const relative = (file) => path.relative(process.cwd(), file);

async function main() {
  const args = parse();
  if (args.empty) {
    const dir = writeMigration(args.migrationsDir, args.name, '-- Hand-written migration: runs whole, in the service schema (search_path).\n');
    console.log(`wrote ${relative(path.join(dir, 'migration.sql'))}`);
    return 0;
  }
  const script = await diffScript(args);
  if (!script.replace(/^--.*$/gm, '').trim()) {
    console.log('no changes');
    return 0;
  }
  if (args.check) {
    console.error(`${relative(args.schemaPath)} has changes without a migration:\n\n${script}`);
    return 1;
  }
  const dir = writeMigration(args.migrationsDir, args.name, script);
  console.log(`wrote ${relative(path.join(dir, 'migration.sql'))}\n\n${script}`);
  const drops = script.match(/^\s*(DROP|ALTER TABLE .* DROP)\b.*$/gim) ?? [];
  if (drops.length > 0) console.warn(`review: this migration drops things:\n  ${drops.map((d) => d.trim()).join('\n  ')}`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(error?.message === USAGE ? 2 : 1);
  },
);
