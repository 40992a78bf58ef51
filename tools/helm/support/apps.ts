import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** An app's package.json "platform" block: start order, readiness URL template, what `npm start` shows. */
export interface PlatformBlock {
  order: number;
  ready: string;
  show?: string;
  /** `false`: a development-only tool (the mail catcher), never deployed. */
  deploy?: boolean;
}

export interface ApplicationProject {
  /** Its folder under apps/ (the name of its image, its release and deploy/values/<name>.yaml). */
  name: string;
  tags: string[];
  /** The package.json "platform" block, when it has one. */
  platform?: PlatformBlock;
}

export interface RunnableApp {
  name: string;
  platform: PlatformBlock;
}

const readJson = (file: string): Record<string, unknown> | undefined => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined);

/**
 * Every application project under apps/: a project.json with `projectType: application` (a folder
 * with a package.json and no project.json is taken as one too, as Nx infers projects under apps/).
 */
export function applicationProjects(workspace: string): ApplicationProject[] {
  const root = path.join(workspace, 'apps');
  if (!existsSync(root)) return [];
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => {
      const project = readJson(path.join(root, entry.name, 'project.json'));
      const pkg = readJson(path.join(root, entry.name, 'package.json'));
      return { name: entry.name, project, pkg };
    })
    .filter(({ project, pkg }) => (project ? project['projectType'] === 'application' : pkg !== undefined))
    .map(({ name, project, pkg }) => ({
      name,
      tags: Array.isArray(project?.['tags']) ? (project['tags'] as string[]) : [],
      platform: pkg?.['platform'] as PlatformBlock | undefined,
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The applications that ship as images and need chart values: every application project under
 * apps/ except end-to-end test projects (tag `type:e2e`) and those explicitly marked not deployable
 * (`"platform": { "deploy": false }`, the mail catcher). An app without a "platform" block is
 * included: it is a deployable app that has not been set up yet.
 */
export function deployableApps(workspace: string): ApplicationProject[] {
  return applicationProjects(workspace).filter((app) => !app.tags.includes('type:e2e') && app.platform?.deploy !== false);
}

/** Deployable apps with a "platform" block (as `npm start` finds them), in start order. */
export function runnableApps(workspace: string): RunnableApp[] {
  return deployableApps(workspace)
    .filter((app): app is ApplicationProject & { platform: PlatformBlock } => app.platform !== undefined)
    .map(({ name, platform }) => ({ name, platform }))
    .sort((a, b) => a.platform.order - b.platform.order);
}

/** Deployable apps that have no deploy/values/<app>.yaml, so no release could be made of them. */
export function appsWithoutValues(workspace: string): string[] {
  return deployableApps(workspace)
    .map((app) => app.name)
    .filter((name) => !existsSync(path.join(workspace, 'deploy/values', `${name}.yaml`)));
}

/**
 * What keeps each deployable app from being released, one message per problem: no "platform"
 * block in its package.json, no deploy/values/<app>.yaml. Empty when every app is ready to ship.
 */
export function undeployedApps(workspace: string): string[] {
  const withoutValues = new Set(appsWithoutValues(workspace));
  const chartValues = (name: string) =>
    `chart values in deploy/values/${name}.yaml (the same block under \`${name}:\` in charts/platform/values.yaml, and its alias in charts/platform/Chart.yaml)`;
  return deployableApps(workspace).flatMap((app) => {
    if (!app.platform) {
      return [
        `apps/${app.name} has no "platform" block in its package.json: add one ({"order", "ready", "show"}, ` +
          `or {"deploy": false} for a development-only tool that is never deployed) and ${chartValues(app.name)}`,
      ];
    }
    return withoutValues.has(app.name) ? [`apps/${app.name} has no deploy/values/${app.name}.yaml: add ${chartValues(app.name)}`] : [];
  });
}

/** The gateway routes to every `<SVC>_GRPC_URL` it is given (apps/gateway/src/config.ts): it calls every gRPC service. */
export const GATEWAY = 'gateway';

/**
 * The apps that call the gRPC service `service`, sorted: each deployable app whose
 * apps/<app>/src/config.ts reads `<SERVICE>_GRPC_URL` (`notifications` → `NOTIFICATIONS_GRPC_URL`),
 * and the gateway.
 */
export function grpcCallers(workspace: string, service: string): string[] {
  const reads = new RegExp(`\\b${service.toUpperCase().replace(/-/g, '_')}_GRPC_URL\\b`);
  const config = (app: string) => {
    const file = path.join(workspace, 'apps', app, 'src/config.ts');
    return existsSync(file) ? readFileSync(file, 'utf8') : '';
  };
  return deployableApps(workspace)
    .map((app) => app.name)
    .filter((app) => app !== service && (app === GATEWAY || reads.test(config(app))))
    .sort();
}

/** `${NAME:-fallback}` expansion, as tools/start does for the "platform" templates. */
export function expand(template: string, env: Record<string, string | undefined>): string {
  return template.replace(/\$\{(\w+)(?::-([^}]*))?\}/g, (_, name: string, fallback?: string) => env[name] ?? fallback ?? '');
}
