// Loads Prisma's schema engine from @prisma/schema-engine-wasm without the native binary, which
// these machines cannot download. The package's entry point imports the .wasm file as an ES module
// (Node cannot), so the module is instantiated by hand against its JS glue.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);
const GLUE = './schema_engine_bg.js';

/** The engine's panic hook reports the reason through this global; keep the last one for errors. */
function installPanicRegistry() {
  if (globalThis.PRISMA_WASM_PANIC_REGISTRY) return;
  globalThis.PRISMA_WASM_PANIC_REGISTRY = {
    message: '',
    set_message(message) {
      this.message = `RuntimeError: ${message}`;
    },
  };
}

let gluePromise;

async function loadGlue() {
  installPanicRegistry();
  const gluePath = require.resolve('@prisma/schema-engine-wasm/schema_engine_bg');
  const pkgDir = path.dirname(gluePath);
  const glue = await import(pathToFileURL(gluePath).href);
  const bytes = await readFile(path.join(pkgDir, 'schema_engine_bg.wasm'));
  const { instance } = await WebAssembly.instantiate(bytes, { [GLUE]: glue });
  glue.__wbg_set_wasm(instance.exports);
  instance.exports.__wbindgen_start();
  return glue;
}

/**
 * Creates a schema engine bound to a driver adapter factory (already wrapped with
 * bindMigrationAwareSqlAdapterFactory). `files` are the Prisma schema files: [{ path, content }].
 */
export async function createSchemaEngine({ files, adapterFactory, debug = () => {} }) {
  gluePromise ??= loadGlue();
  const glue = await gluePromise;
  try {
    return await glue.SchemaEngine.new({ datamodels: files.map((f) => [f.path, f.content]) }, debug, adapterFactory);
  } catch (error) {
    throw engineError(error, adapterFactory);
  }
}

/** Turns what the engine throws into an Error with the most useful message available. */
export function engineError(error, adapterFactory) {
  const registered = typeof error?.id === 'number' ? adapterFactory?.errorRegistry?.consumeError(error.id) : undefined;
  if (registered?.error instanceof Error) return registered.error;
  if (error instanceof WebAssembly.RuntimeError) {
    return new Error(`schema engine panicked: ${globalThis.PRISMA_WASM_PANIC_REGISTRY.message || error.message}`);
  }
  if (error instanceof Error) return error;
  return new Error(typeof error === 'string' ? error : JSON.stringify(error));
}
