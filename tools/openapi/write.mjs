#!/usr/bin/env node
// `npx nx run gateway:openapi`: writes dist/openapi.json (or the path given) from the protos, as the
// gateway serves it. apps/gateway/src/docs/openapi-contract.spec.ts validates it in CI.
import path from 'node:path';
import { runTypeScript, workspace } from '../build/run-ts.mjs';

process.exit(await runTypeScript(path.join(workspace, 'apps/gateway/src/docs/write-openapi.ts'), process.argv.slice(2), { outDir: 'openapi' }));
