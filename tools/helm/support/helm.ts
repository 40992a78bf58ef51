import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';

export const workspace = path.resolve(__dirname, '../../..');
export const goldenDir = path.join(workspace, 'tools/helm/golden');
/** Rendering for a fixed Kubernetes version keeps the golden files stable across helm upgrades. */
export const KUBE_VERSION = '1.33.0';

let helmPath: string | undefined;

/** The helm binary: HELM_BIN (set by the Jest global setup), else extracted by ensure-helm.mjs. */
export function helmBin(): string {
  helmPath ??= process.env['HELM_BIN'] ?? execFileSync(process.execPath, [path.join(workspace, 'tools/helm/ensure-helm.mjs')], { encoding: 'utf8' }).trim();
  return helmPath;
}

export interface HelmResult {
  status: number;
  stdout: string;
  stderr: string;
}

/** Runs helm from the workspace root, offline (no repositories, no cluster). */
export function helm(args: string[]): HelmResult {
  const run = spawnSync(helmBin(), args, {
    cwd: workspace,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: {
      PATH: process.env['PATH'] ?? '',
      HOME: process.env['HOME'] ?? '/tmp',
      HELM_CACHE_HOME: path.join(workspace, 'tmp/helm/cache'),
      HELM_CONFIG_HOME: path.join(workspace, 'tmp/helm/config'),
      HELM_DATA_HOME: path.join(workspace, 'tmp/helm/data'),
    },
  });
  if (run.error) throw run.error;
  return { status: run.status ?? 1, stdout: run.stdout, stderr: run.stderr };
}

/** helm's standard output, or an error carrying its diagnostics. */
export function helmOk(args: string[]): string {
  const result = helm(args);
  if (result.status !== 0) throw new Error(`helm ${args.join(' ')} failed:\n${result.stderr}${result.stdout}`);
  return result.stdout;
}

/** A named `helm template` invocation whose output is kept under golden/<name>.yaml. */
export interface RenderSet {
  name: string;
  args: string[];
}

/** The apps that have a values file: deploy/values/<app>.yaml. */
export function deployValuesApps(): string[] {
  return readdirSync(path.join(workspace, 'deploy/values'))
    .filter((f) => f.endsWith('.yaml'))
    .map((f) => f.replace(/\.yaml$/, ''))
    .sort();
}

export function renderSets(): RenderSet[] {
  return [
    { name: 'platform-defaults', args: ['template', 'platform', 'charts/platform', '--namespace', 'platform'] },
    {
      name: 'platform-everything',
      args: ['template', 'platform', 'charts/platform', '--namespace', 'platform', '-f', 'tools/helm/fixtures/everything.yaml'],
    },
    {
      name: 'platform-shared-only',
      args: ['template', 'platform', 'charts/platform', '--namespace', 'platform', '-f', 'deploy/platform/shared-only.yaml'],
    },
    ...deployValuesApps().map((app) => ({
      name: `release-${app}`,
      args: ['template', app, 'charts/platform-service', '--namespace', 'platform', '-f', `deploy/values/${app}.yaml`],
    })),
  ];
}

export function render(set: RenderSet): string {
  return helmOk([...set.args, '--kube-version', KUBE_VERSION]);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- manifests are arbitrary YAML
export type Manifest = Record<string, any>;

export function parseManifests(text: string): Manifest[] {
  return parseAllDocuments(text)
    .map((doc) => doc.toJS() as Manifest | null)
    .filter((doc): doc is Manifest => doc !== null && doc !== undefined);
}

export function find(manifests: Manifest[], kind: string, name: string): Manifest {
  const found = manifests.find((m) => m['kind'] === kind && m['metadata']?.name === name);
  if (!found) throw new Error(`no ${kind}/${name} among ${manifests.map((m) => `${m['kind']}/${m['metadata']?.name}`).join(', ')}`);
  return found;
}

export interface ValidationResult {
  file: string;
  kind: string;
  name: string;
  errors: string[];
}

/** Validates manifest files against the Kubernetes schemas (validate-manifests.mjs, an ES module). */
export function validateManifestFiles(files: string[]): ValidationResult[] {
  const run = spawnSync(process.execPath, [path.join(workspace, 'tools/helm/validate-manifests.mjs'), '--json', ...files], {
    cwd: workspace,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.status !== 0 && run.status !== 1) throw new Error(`validate-manifests.mjs failed:\n${run.stderr}`);
  return JSON.parse(run.stdout) as ValidationResult[];
}

export function goldenFile(name: string): string {
  return path.join(goldenDir, `${name}.yaml`);
}

export const updatingGolden = process.env['UPDATE_GOLDEN'] === '1';
