#!/usr/bin/env node
// `npm run new-service -- <name> [--calls a,b] [--consumes subject,subject] [--description "…"]`:
// a new gRPC service, complete and working, in the shape every service has. It registers the service
// (next free gRPC and admin ports, its schema, `calls`, `consumes`, `publishes: []`), writes its
// proto with one route, its app folder (main.ts wiring only; config, deps, the service map; rpc/ →
// app/ → domain/ and store/; clients/ports.ts and one adapter per callee on `clients.of(…)`; per
// consumed subject a consumer in messages/ recording each message in a table of its own, whose
// prune job is in jobs/; a README; specs, an integration test on the shared harness) and an e2e test
// through the gateway, exports its contract from @platform/proto, then writes everything the
// registry derives (chart values, umbrella chart, NetworkPolicy callers, build lists, port table)
// and refreshes the chart's golden files.
// Afterwards `npx nx run-many -t build,test,test:integration -p <name>` and `npm run lint`/`npm run typecheck` pass and `npm start` runs it.
// Exit codes: 2 for arguments it refuses (nothing written), 1 when the service cannot be made.
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { REGISTRY_FILE, readRegistry, writeRegistry, workspace as defaultWorkspace } from './registry.mjs';
import { readCatalogue } from './catalogue.mjs';
import { writeReferenceFiles } from './config-reference.mjs';
import { formatFiles, writeDerivedFiles } from './sync.mjs';
import { firstMigration, serviceFiles } from './templates/service-files.mjs';
import { writeMigration } from '../prisma/lib/migrations-dir.mjs';

const NAME = /^[a-z][a-z0-9]{1,30}$/;
const FIRST_GRPC_PORT = 50051;
const ADMIN_OFFSET = 50051 - 9101;
const USAGE =
  'usage: npm run new-service -- <name> [--calls identity,organisation] [--consumes organisation.member.profile-changed] [--description "what it owns"]';

/** Arguments the generator refuses: it writes nothing and exits 2. */
export class UsageError extends Error {}

const list = (value) =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
const pascal = (name) => name[0].toUpperCase() + name.slice(1);
const kebab = (key) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/**
 * The command line checked against the registry and the subject catalogue: `{ name, calls,
 * consumes, description, golden }`, or a UsageError naming what is wrong and what may be given.
 */
export function parseNewServiceArgs(argv, apps, catalogue) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { calls: { type: 'string' }, consumes: { type: 'string' }, description: { type: 'string' }, 'no-golden': { type: 'boolean' } },
    });
  } catch (err) {
    throw new UsageError(`${err.message}\n${usage(apps, catalogue)}`);
  }
  const { values, positionals } = parsed;
  const [name, ...extra] = positionals;
  if (!name || extra.length > 0) throw new UsageError(usage(apps, catalogue));
  if (!NAME.test(name))
    throw new UsageError(`a service name is 2-31 lower-case letters and digits, starting with a letter (it is also a proto package): '${name}'`);
  const services = apps.filter((app) => app.kind === 'service').map((app) => app.name);
  const calls = [...new Set(list(values.calls))];
  const strangers = calls.filter((callee) => !services.includes(callee));
  if (strangers.length) throw new UsageError(`--calls names no registered service: ${strangers.join(', ')} (services: ${services.join(', ')})`);
  const consumes = [...new Set(list(values.consumes))];
  const subjects = catalogue.map((entry) => entry.subject);
  const unknown = consumes.filter((subject) => !subjects.includes(subject));
  if (unknown.length) throw new UsageError(`--consumes names subjects outside the catalogue: ${unknown.join(', ')} (subjects: ${subjects.join(', ')})`);
  const published = new Set(apps.flatMap((app) => app.publishes ?? []));
  const orphans = consumes.filter((subject) => !published.has(subject));
  if (orphans.length) throw new UsageError(`--consumes names subjects no registered app publishes: ${orphans.join(', ')}`);
  return { name, calls, consumes, description: values.description ?? `the ${name} service`, golden: !values['no-golden'] };
}

function usage(apps, catalogue) {
  const services = apps.filter((app) => app.kind === 'service').map((app) => app.name);
  return [USAGE, `  --calls: ${services.join(', ')}`, `  --consumes: ${catalogue.map((entry) => entry.subject).join(', ')}`].join('\n');
}

/**
 * What the templates need: the spellings of the name (`content` → Content, CONTENT, content), its
 * callees' spellings, and each consumed subject's catalogue entry with its consumer's names.
 */
export function namesOf(name, { description, calls = [], consumes = [] }, catalogue = []) {
  const spell = (n) => ({ name: n, Pascal: pascal(n), camel: n, UPPER: n.toUpperCase() });
  return {
    ...spell(name),
    description,
    calls: calls.map(spell),
    consumes: consumes.map((subject) => {
      const entry = catalogue.find((e) => e.subject === subject);
      if (!entry) throw new Error(`'${subject}' is not in the subject catalogue`);
      return { ...entry, kebab: kebab(entry.key), consumer: `${entry.key}Consumer` };
    }),
  };
}

/** The registry entry of a new service: the lowest free gRPC port, its admin port beside it, start order before the gateway. */
export function newEntry(apps, name, { calls = [], consumes = [], description }) {
  const used = new Set(apps.flatMap((app) => Object.values(app.ports).map((p) => p.port)));
  let grpc = FIRST_GRPC_PORT;
  while (used.has(grpc) || used.has(grpc - ADMIN_OFFSET)) grpc++;
  const services = apps.filter((app) => app.kind === 'service');
  const gateway = apps.find((app) => app.kind === 'gateway');
  // Ten after the last service, or the next free number once that would reach the gateway.
  const last = Math.max(...services.map((s) => s.order));
  const order = gateway && last + 10 >= gateway.order ? last + 1 : last + 10;
  if (gateway && order >= gateway.order) throw new Error(`no start order left before the gateway (${gateway.order})`);
  const UPPER = name.toUpperCase();
  return {
    name,
    kind: 'service',
    description,
    order,
    ports: { grpc: { port: grpc, env: `${UPPER}_GRPC_PORT` }, admin: { port: grpc - ADMIN_OFFSET, env: `${UPPER}_ADMIN_PORT` } },
    schema: { name, env: `${UPPER}_DB_SCHEMA` },
    calls,
    // It publishes nothing yet: the kit runs no outbox relay for it (docs/decisions/0212).
    publishes: [],
    consumes,
  };
}

function run(command, args, root) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
}

export function newService(name, options = {}, root = defaultWorkspace) {
  if (!NAME.test(name)) throw new Error(`a service name is 2-31 lower-case letters and digits, starting with a letter (it is also a proto package): '${name}'`);
  if (existsSync(path.join(root, 'proto/platform', name)))
    throw new Error(`proto/platform/${name} exists already: the proto package platform.${name}.v1 is taken`);
  const apps = readRegistry(root);
  if (apps.some((app) => app.name === name) || existsSync(path.join(root, 'apps', name))) throw new Error(`'${name}' exists already`);
  const unknown = (options.calls ?? []).filter((callee) => !apps.some((app) => app.name === callee && app.kind === 'service'));
  if (unknown.length) throw new Error(`--calls names no registered service: ${unknown.join(', ')}`);
  const description = options.description ?? `the ${name} service`;
  const calls = options.calls ?? [];
  const consumes = options.consumes ?? [];

  const n = namesOf(name, { description, calls, consumes }, readCatalogue(root));
  const entry = newEntry(apps, name, { calls, consumes, description });
  writeRegistry([...apps, entry], root);
  const files = serviceFiles(n);
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), content);
  }
  const migration = firstMigration(n);
  if (migration) writeMigration(path.join(root, 'apps', name, 'prisma/migrations'), 'received_messages', migration);
  formatFiles([...Object.keys(files), REGISTRY_FILE], root);
  const index = path.join(root, 'libs/proto/src/index.ts');
  const exportLine = `export * as ${name}V1 from './generated/platform/${name}/v1/${name}';\n`;
  if (!readFileSync(index, 'utf8').includes(exportLine)) appendFileSync(index, exportLine);

  writeDerivedFiles(root);
  if (options.golden !== false) run(process.execPath, ['tools/helm/update-golden.mjs'], root);
  return entry;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  let args;
  try {
    args = parseNewServiceArgs(process.argv.slice(2), readRegistry(), readCatalogue());
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    console.error(err.message);
    process.exit(2);
  }
  try {
    const entry = newService(args.name, args);
    await writeReferenceFiles();
    console.log(`\nCreated the ${args.name} service: gRPC ${entry.ports.grpc.port}, admin ${entry.ports.admin.port}, schema ${entry.schema.name}.`);
    console.log(
      `Next: npx nx run-many -t build,test,test:integration -p ${args.name} && npm run typecheck && npm run lint   (then npm start; GET /api/${args.name}/service-info)`,
    );
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
}
