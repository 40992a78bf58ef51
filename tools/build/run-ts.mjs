// Runs a TypeScript entry point of a workspace tool (benchmarks, the load tool, the operator CLI):
// bundles it with the workspace libraries (tsconfig paths) into tmp/<outDir>, third-party packages
// left external, and runs it on this Node with source maps. Answers the exit status.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const workspace = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The esbuild `external` list of a tool bundle: every package of the workspace, left to node_modules. */
export function externalPackages(root = workspace) {
  const rootPkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  return [...Object.keys(rootPkg.dependencies), ...Object.keys(rootPkg.devDependencies)].flatMap((n) => [n, `${n}/*`]);
}

/** @param {string} entry absolute path of the .ts file; @param {string[]} args; @param {{ outDir: string, cwd?: string }} options */
export async function runTypeScript(entry, args, { outDir, cwd = workspace }) {
  const outfile = path.join(workspace, 'tmp', outDir, `${path.basename(entry, '.ts')}.js`);
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node24',
    format: 'cjs',
    sourcemap: true,
    tsconfig: path.join(workspace, 'tsconfig.base.json'),
    external: externalPackages(),
    logLevel: 'warning',
  });
  const run = spawnSync(process.execPath, ['--enable-source-maps', outfile, ...args], { stdio: 'inherit', cwd });
  return run.status ?? 1;
}
