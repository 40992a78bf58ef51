#!/usr/bin/env node
// `npm run new-service -- <name> [--calls a,b] [--description "…"]`: a new gRPC service, complete
// and working. It registers the service (next free gRPC and admin ports, its schema), writes its
// proto with one route, its app folder (main, config, service map, rpc/, store/, Prisma schema, a
// spec, an integration test on the shared harness) and an e2e test through the gateway, exports its
// contract from @platform/proto, then writes everything the registry derives (chart values, umbrella
// chart, NetworkPolicy callers, build lists, port table) and refreshes the chart's golden files.
// Afterwards `npx nx run-many -t build,test -p <name>` and `npm run lint`/`npm run typecheck` pass and `npm start` runs it.
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { REGISTRY_FILE, readRegistry, writeRegistry, workspace as defaultWorkspace } from './registry.mjs';
import { writeReferenceFiles } from './config-reference.mjs';
import { formatFiles, writeDerivedFiles } from './sync.mjs';
import { serviceFiles } from './templates/service-files.mjs';

const NAME = /^[a-z][a-z0-9]{1,30}$/;
const FIRST_GRPC_PORT = 50051;
const ADMIN_OFFSET = 50051 - 9101;

/** The spellings of a service name: `content` → Content, CONTENT, content. */
export function namesOf(name, description, calls = []) {
  const Pascal = name[0].toUpperCase() + name.slice(1);
  return { name, Pascal, camel: name, UPPER: name.toUpperCase(), description, calls };
}

/** The registry entry of a new service: the lowest free gRPC port, its admin port beside it, start order before the gateway. */
export function newEntry(apps, name, { calls = [], description }) {
  const used = new Set(apps.flatMap((app) => Object.values(app.ports).map((p) => p.port)));
  let grpc = FIRST_GRPC_PORT;
  while (used.has(grpc) || used.has(grpc - ADMIN_OFFSET)) grpc++;
  const services = apps.filter((app) => app.kind === 'service');
  const gateway = apps.find((app) => app.kind === 'gateway');
  const order = Math.max(...services.map((s) => s.order)) + 10;
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
    consumes: [],
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

  const entry = newEntry(apps, name, { calls: options.calls, description });
  writeRegistry([...apps, entry], root);
  const files = serviceFiles(namesOf(name, description, options.calls ?? []));
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), content);
  }
  formatFiles([...Object.keys(files), REGISTRY_FILE], root);
  const index = path.join(root, 'libs/proto/src/index.ts');
  const exportLine = `export * as ${name}V1 from './generated/platform/${name}/v1/${name}';\n`;
  if (!readFileSync(index, 'utf8').includes(exportLine)) appendFileSync(index, exportLine);

  writeDerivedFiles(root);
  if (options.golden !== false) run(process.execPath, ['tools/helm/update-golden.mjs'], root);
  return entry;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { calls: { type: 'string' }, description: { type: 'string' }, 'no-golden': { type: 'boolean' } },
  });
  const [name] = positionals;
  if (!name) {
    console.error('usage: npm run new-service -- <name> [--calls identity,organisation] [--description "what it owns"]');
    process.exit(2);
  }
  try {
    const calls = values.calls
      ? values.calls
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : [];
    const entry = newService(name, { calls, description: values.description, golden: !values['no-golden'] });
    await writeReferenceFiles();
    console.log(`\nCreated the ${name} service: gRPC ${entry.ports.grpc.port}, admin ${entry.ports.admin.port}, schema ${entry.schema.name}.`);
    console.log(`Next: npx nx run-many -t build,test -p ${name} && npm run typecheck && npm run lint   (then npm start; GET /api/${name}/service-info)`);
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
}
