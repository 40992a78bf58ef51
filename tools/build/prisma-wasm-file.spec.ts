import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const workspace = path.resolve(__dirname, '../..');
const BASE64_MODULE = '@prisma/client/runtime/query_compiler_fast_bg.postgresql.wasm-base64.js';

describe('the Prisma query compiler as a file (prisma-wasm-file.mjs)', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'prisma-wasm-'));
    // Bundled as bundle.mjs bundles an app (an ES module script: the plugin is one), with the
    // client's dynamic import as the generated client writes it.
    writeFileSync(path.join(dir, 'entry.js'), `exports.load = () => import(${JSON.stringify(BASE64_MODULE)});\n`);
    const script = `
      import { build } from 'esbuild';
      import { prismaWasmFile } from ${JSON.stringify(path.join(__dirname, 'prisma-wasm-file.mjs'))};
      await build({ entryPoints: [${JSON.stringify(path.join(dir, 'entry.js'))}], outfile: ${JSON.stringify(path.join(dir, 'out/main.js'))},
        bundle: true, platform: 'node', format: 'cjs', logLevel: 'error', external: ['@prisma/client', '@prisma/client/*'],
        plugins: [prismaWasmFile(${JSON.stringify(path.join(dir, 'out'))}, ${JSON.stringify(workspace)})] });`;
    execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: workspace });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes the binary beside the bundle and keeps the base64 module out of it', () => {
    expect(readdirSync(path.join(dir, 'out')).sort()).toEqual(['main.js', 'query_compiler_fast_bg.postgresql.wasm']);
    const bundle = readFileSync(path.join(dir, 'out/main.js'), 'utf8');
    expect(bundle.length).toBeLessThan(10_000);
    expect(bundle).not.toContain(`require("${BASE64_MODULE}")`);
    const binary = readFileSync(path.join(dir, 'out/query_compiler_fast_bg.postgresql.wasm'));
    expect(binary.subarray(0, 4).toString('latin1')).toBe('\0asm');
  });

  it('gives the client the same base64 text the package module exports, read from the file', async () => {
    const bundled = require(path.join(dir, 'out/main.js')) as { load(): Promise<{ wasm: string }> };
    const original = require(require.resolve(BASE64_MODULE, { paths: [workspace] })) as { wasm: string };
    const { wasm } = await bundled.load();
    expect(wasm).toBe(original.wasm);
  });
});
