import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface RunnableApp {
  name: string;
  /** The app's "platform" block: start order, readiness URL template, what `npm start` shows. */
  platform: { order: number; ready: string; show?: string; deploy?: boolean };
}

/**
 * The apps that ship as images: apps/<name>/package.json with a "platform" block (as `npm start`
 * finds them), except development-only tools that say `"deploy": false` (the mail catcher).
 */
export function runnableApps(workspace: string): RunnableApp[] {
  const root = path.join(workspace, 'apps');
  return readdirSync(root)
    .filter((name) => existsSync(path.join(root, name, 'package.json')))
    .map((name) => ({ name, pkg: JSON.parse(readFileSync(path.join(root, name, 'package.json'), 'utf8')) }))
    .filter(({ pkg }) => pkg.platform && pkg.platform.deploy !== false)
    .map(({ name, pkg }) => ({ name, platform: pkg.platform }))
    .sort((a, b) => a.platform.order - b.platform.order);
}

/** Runnable apps that have no deploy/values/<app>.yaml, so no release could be made of them. */
export function appsWithoutValues(workspace: string): string[] {
  return runnableApps(workspace)
    .map((app) => app.name)
    .filter((name) => !existsSync(path.join(workspace, 'deploy/values', `${name}.yaml`)));
}

/** `${NAME:-fallback}` expansion, as tools/start does for the "platform" templates. */
export function expand(template: string, env: Record<string, string | undefined>): string {
  return template.replace(/\$\{(\w+)(?::-([^}]*))?\}/g, (_, name: string, fallback?: string) => env[name] ?? fallback ?? '');
}
