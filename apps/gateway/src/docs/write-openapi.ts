// Writes the OpenAPI document of the platform's REST API, as the gateway serves it, to a file:
// `npx nx run gateway:openapi` (dist/openapi.json, the artefact a release publishes).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadProtoSource } from '../protos/proto-source';
import { RouteTable } from '../routing/route-table';
import { API_INFO, buildOpenApi } from './openapi';

const out = path.resolve(process.argv[2] ?? 'dist/openapi.json');
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(buildOpenApi(RouteTable.fromProtos(loadProtoSource()), API_INFO), null, 2)}\n`);
process.stdout.write(`wrote ${path.relative(process.cwd(), out)}\n`);
