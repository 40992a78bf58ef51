// Finds the npm packages the chart tooling uses (helm's package, yauzl, yaml, kubernetes-models):
// in the workspace's node_modules (devDependencies), else in HELM_TOOLS_DIR (a scratch npm folder
// for machines whose workspace does not have them yet; default /tmp/helmtools).
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const workspace = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export function toolRoots() {
  return [workspace, process.env.HELM_TOOLS_DIR ?? '/tmp/helmtools'];
}

/** The folder of an installed package, or undefined. */
export function packageDir(name) {
  for (const root of toolRoots()) {
    const dir = path.join(root, 'node_modules', name);
    if (existsSync(path.join(dir, 'package.json'))) return dir;
  }
  return undefined;
}

/** require() of a CommonJS package from wherever packageDir finds it. */
export function requireTool(name) {
  const dir = packageDir(name);
  if (!dir) throw new Error(`${name} is not installed: add it to the workspace devDependencies (see docs/operations.md)`);
  return createRequire(path.join(dir, '..', '_.js'))(name);
}
