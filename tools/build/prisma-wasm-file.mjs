// Prisma's query compiler ships as a WebAssembly binary inside a JavaScript module, as one 4.6 MB
// base64 string. Loaded as it is, every service's heap keeps that module's source and the string
// (8.7 MB, a heap snapshot shows both for as long as the process runs), though the compiler needs
// the bytes once. This esbuild plugin writes the binary next to the bundle and puts a module of a
// few lines in the package module's place: its `wasm` export reads the file when the client asks
// (once, on the first query) and leaves nothing behind but the compiled module.
import { createRequire } from 'node:module';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const BASE64_MODULE = /^@prisma\/client\/runtime\/(query_compiler_\w+\.\w+)\.wasm-base64\.js$/;

/** The loader that replaces the base64 module in the bundle (`__dirname` is the bundle's folder). */
export function wasmFileModule(fileName) {
  return `const { readFileSync } = require('node:fs');
const { join } = require('node:path');
Object.defineProperty(exports, 'wasm', {
  enumerable: true,
  get: () => readFileSync(join(__dirname, ${JSON.stringify(fileName)})).toString('base64'),
});
`;
}

/** @param {string} outDir where the bundle goes; @param {string} workspace resolves the package */
export function prismaWasmFile(outDir, workspace) {
  const require = createRequire(path.join(workspace, 'package.json'));
  return {
    name: 'prisma-wasm-file',
    setup(build) {
      build.onResolve({ filter: BASE64_MODULE }, (args) => ({ path: args.path, namespace: 'prisma-wasm-file' }));
      build.onLoad({ filter: /.*/, namespace: 'prisma-wasm-file' }, (args) => {
        const fileName = `${BASE64_MODULE.exec(args.path)[1]}.wasm`;
        const { wasm } = require(args.path);
        mkdirSync(outDir, { recursive: true });
        writeFileSync(path.join(outDir, fileName), Buffer.from(wasm, 'base64'));
        return { contents: wasmFileModule(fileName), loader: 'js', resolveDir: outDir };
      });
    },
  };
}
