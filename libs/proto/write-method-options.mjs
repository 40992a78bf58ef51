// Part of the proto project's `generate`: writes src/generated/method-options.json, each RPC's
// path with its REST binding (present or not) and its access option, read from the .proto files
// once here so that a service does not parse every .proto at start-up to learn them.
import protoLoader from '@grpc/proto-loader';
import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../proto');

const files = [];
const walk = (dir) => {
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) walk(full);
    else if (entry.endsWith('.proto')) files.push(path.relative(root, full));
  }
};
walk(path.join(root, 'platform'));

const definition = protoLoader.loadSync(files.sort(), { keepCase: false, includeDirs: [root] });
const table = {};
for (const [service, entry] of Object.entries(definition)) {
  if ('format' in entry || typeof entry !== 'object') continue;
  for (const [method, def] of Object.entries(entry)) {
    if (!def || typeof def.path !== 'string') continue;
    const options = def.options ?? {};
    table[def.path] = { service, method, http: Boolean(options['(google.api.http)']), access: options['(platform.options.v1.access)'] ?? null };
  }
}
const out = path.join(here, 'src/generated/method-options.json');
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(table, null, 1)}\n`);
