#!/usr/bin/env node
// Writes everything the service registry decides outside the apps' own folders:
//   deploy/values/<app>.yaml    app name, ports, schema variable, NetworkPolicy callers and callees,
//                               the service-token Secret of every service
//                               (the rest is the release's own tuning and is kept, comments included)
//   charts/platform/values.yaml the app blocks (each = its deploy values + `enabled`) and the
//                               `<SVC>_GRPC_URL` addresses of the shared ConfigMap
//                               (`global.config.data`)
//   charts/platform/Chart.yaml  one aliased platform-service dependency per deployable app
//   charts/platform/values.schema.json (through tools/helm/umbrella-schema.mjs)
//   deploy/platform/shared-only.yaml  the umbrella with every app off
//   tools/helm/project.json     the apps built before the image test
//   apps/platform-e2e/project.json  the apps the end-to-end suite builds and runs
//   docs/operations.md          the port table
//
//   node tools/registry/sync.mjs           rewrite what disagrees
//   node tools/registry/sync.mjs --check   list what disagrees and exit 1 (CI, tools/registry tests)
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isMap, parseDocument } from 'yaml';
import { calleesOf, callersOf, deployable, grpcServices, grpcUrlEnv, readRegistry, workspace } from './registry.mjs';
import { umbrellaSchemaText } from '../helm/umbrella-schema.mjs';

const APPS_MARKER = '# ---- Apps (written by tools/registry/sync.mjs: each block is deploy/values/<app>.yaml plus `enabled`) ----';
const TABLE_START = '<!-- ports: written by tools/registry/sync.mjs from the service registry -->';
const TABLE_END = '<!-- /ports -->';
const YAML_STYLE = { flowCollectionPadding: false, lineWidth: 100 };
const PORT_KINDS = ['grpc', 'http', 'admin'];
const COMPONENT = { service: 'service', gateway: 'gateway', web: 'web', site: 'simulator' };
/** The Secret with the service-token key, read whole (envFrom) by every gRPC service. */
const SERVICE_TOKEN_SECRET = 'platform-service-tokens';

/** A release's starting values, for an app registered without a values file. */
function newValuesText(app) {
  return [
    `# ${app.name}: ${app.description}.`,
    `# Release it alone:  helm upgrade --install ${app.name} charts/platform-service -f deploy/values/${app.name}.yaml --set image.tag=<tag>`,
    `app: ${app.name}`,
    `component: ${COMPONENT[app.kind]}`,
    'replicaCount: 2',
    'ports: {}',
    'env: {}',
    'migrations:',
    `  enabled: ${app.kind === 'service'}`,
    'networkPolicy:',
    "  # The apps that call it (the service registry's `calls`; the gateway calls every service).",
    '  allowedCallers: []',
    'resources:',
    '  requests: {cpu: 100m, memory: 160Mi}',
    '  limits: {memory: 512Mi}',
    '',
  ].join('\n');
}

const flow = (doc, value) => {
  const node = doc.createNode(value);
  node.flow = true;
  return node;
};

/** deploy/values/<app>.yaml with the registry's facts applied. */
function valuesText(apps, app, current) {
  const doc = parseDocument(current ?? newValuesText(app));
  doc.set('app', app.name);
  if (!isMap(doc.get('ports'))) doc.set('ports', doc.createNode({}));
  for (const kind of PORT_KINDS) {
    const port = app.ports[kind];
    const existing = doc.getIn(['ports', kind, 'port']);
    const entry = port ? { enabled: true, port: port.port, env: port.env } : { enabled: false, port: existing ?? (kind === 'grpc' ? 50051 : 8080), env: '' };
    doc.setIn(['ports', kind], flow(doc, entry));
  }
  if (app.schema) {
    if (!isMap(doc.get('env'))) doc.set('env', doc.createNode({}));
    doc.setIn(['env', app.schema.env], app.schema.name);
  }
  if (app.kind === 'service') {
    // Only the services hold the service-token key (SERVICE_JWT_SECRET): never the gateway nor the site.
    const secrets = doc.get('envFromSecrets')?.toJSON?.() ?? [];
    if (!secrets.includes(SERVICE_TOKEN_SECRET)) doc.set('envFromSecrets', flow(doc, [...secrets, SERVICE_TOKEN_SECRET]));
  }
  const callers = app.kind === 'service' ? callersOf(apps, app.name) : (doc.getIn(['networkPolicy', 'allowedCallers'])?.toJSON?.() ?? []);
  doc.setIn(['networkPolicy', 'allowedCallers'], flow(doc, callers));
  // Egress to the services it calls (the registry's `calls`; the gateway calls every service).
  doc.setIn(['networkPolicy', 'allowedCallees'], flow(doc, [...calleesOf(apps, app)].sort()));
  return doc.toString(YAML_STYLE);
}

/** charts/platform/values.yaml: the shared part as written, then one block per app. */
function umbrellaValuesText(apps, current, valuesOf) {
  const [head] = current.split(APPS_MARKER);
  const doc = parseDocument(head);
  const data = doc.getIn(['global', 'config', 'data']);
  for (const item of [...data.items]) if (/_GRPC_URL$/.test(String(item.key))) data.delete(item.key);
  for (const service of grpcServices(apps)) {
    data.items.push(doc.createPair(grpcUrlEnv(service.name), `dns:///${service.name}-grpc:${service.ports.grpc.port}`));
  }
  const first = data.items.find((item) => /_GRPC_URL$/.test(String(item.key)));
  if (first) {
    first.key.commentBefore =
      " Service addresses (the service registry): each gRPC app's headless Service `<app>-grpc`\n" +
      ' names its ready pods, and clients spread their calls over all of them (round robin).';
  }
  const previous = parseDocument(current).toJSON() ?? {};
  const blocks = deployable(apps).map((app) => {
    const enabled = previous[app.name]?.enabled ?? true;
    const body = valuesOf(app.name)
      .split('\n')
      .filter((line) => !line.startsWith('#'))
      .map((line) => (line ? `  ${line}` : line))
      .join('\n')
      .trimEnd();
    return `# deploy/values/${app.name}.yaml\n${app.name}:\n  enabled: ${enabled}\n${body}\n`;
  });
  return `${doc.toString(YAML_STYLE).trimEnd()}\n\n${APPS_MARKER}\n\n${blocks.join('\n')}`;
}

/** charts/platform/Chart.yaml: one aliased platform-service per deployable app, then the bundled charts. */
function chartText(apps, current) {
  const doc = parseDocument(current);
  const version = doc.get('version');
  const deps = doc.get('dependencies');
  const others = deps.items.filter((item) => item.get('name') !== 'platform-service');
  const aliases = deployable(apps).map((app) => doc.createNode({ name: 'platform-service', alias: app.name, version, condition: `${app.name}.enabled` }));
  deps.items = [...aliases, ...others];
  return doc.toString(YAML_STYLE);
}

/** tools/helm/project.json: the image test needs every deployable app built. */
function helmProjectText(apps, current) {
  const project = JSON.parse(current);
  const build = project.targets['test:integration'].dependsOn.find((d) => d.target === 'build');
  build.projects = deployable(apps).map((app) => app.name);
  return JSON.stringify(project, null, 2) + '\n';
}

/** apps/platform-e2e/project.json: the suite runs the built apps of the stack, the legacy site too (the connector's stacks start it). */
function e2eProjectText(apps, current) {
  const project = JSON.parse(current);
  const stack = apps.map((app) => app.name);
  project.implicitDependencies = stack;
  const build = project.targets['test:e2e'].dependsOn.find((d) => d.target === 'build');
  build.projects = stack;
  return JSON.stringify(project, null, 2) + '\n';
}

/** deploy/platform/shared-only.yaml: the umbrella with every app off (each released on its own). */
function sharedOnlyText(apps, current) {
  const head = current.split('\n').filter((line) => line.startsWith('#'));
  return [...head, ...deployable(apps).map((app) => `${app.name}: {enabled: false}`), ''].join('\n');
}

function portTable(apps) {
  const ports = (app) =>
    Object.entries(app.ports)
      .map(([kind, p]) => `${kind} ${p.port} (\`${p.env}\`)`)
      .join(', ');
  const kind = {
    service: 'gRPC service',
    gateway: 'public REST API',
    web: 'web app (static pages)',
    site: 'legacy-site simulator (not production)',
    'dev-tool': 'development tool (not deployed)',
  };
  const migrations = { service: 'init container', site: 'at start' };
  const rows = apps.map(
    (app) =>
      `| ${app.name} | ${kind[app.kind]}: ${app.description} | ${ports(app)} | ${app.schema ? `schema \`${app.schema.name}\`` : 'none'} | ${migrations[app.kind] ?? 'none'} |`,
  );
  return ['| app | kind | ports (Service = app name) | database | migrations |', '|---|---|---|---|---|', ...rows].join('\n');
}

function docsText(apps, current) {
  const start = current.indexOf(TABLE_START);
  const end = current.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error(`docs/operations.md lacks the ${TABLE_START} … ${TABLE_END} markers`);
  return `${current.slice(0, start + TABLE_START.length)}\n${portTable(apps)}\n${current.slice(end)}`;
}

/** Every derived file as the registry wants it: [relative path, wanted text, current text]. */
export function derivedFiles(root = workspace) {
  const apps = readRegistry(root);
  const read = (file) => (existsSync(path.join(root, file)) ? readFileSync(path.join(root, file), 'utf8') : undefined);
  const files = [];
  const values = new Map();
  for (const app of deployable(apps)) {
    const file = `deploy/values/${app.name}.yaml`;
    const wanted = valuesText(apps, app, read(file));
    values.set(app.name, wanted);
    files.push([file, wanted]);
  }
  files.push(['charts/platform/values.yaml', umbrellaValuesText(apps, read('charts/platform/values.yaml'), (name) => values.get(name))]);
  const chart = chartText(apps, read('charts/platform/Chart.yaml'));
  files.push(['charts/platform/Chart.yaml', chart]);
  files.push(['charts/platform/values.schema.json', umbrellaSchemaText(root, chart)]);
  files.push(['tools/helm/project.json', helmProjectText(apps, read('tools/helm/project.json'))]);
  files.push(['deploy/platform/shared-only.yaml', sharedOnlyText(apps, read('deploy/platform/shared-only.yaml'))]);
  files.push(['apps/platform-e2e/project.json', e2eProjectText(apps, read('apps/platform-e2e/project.json'))]);
  files.push(['docs/operations.md', docsText(apps, read('docs/operations.md'))]);
  return files.map(([file, wanted]) => ({ file, wanted, current: read(file) }));
}

/** JSON agrees when it says the same (the formatter may lay it out otherwise). */
function agrees(file, wanted, current) {
  if (wanted === current) return true;
  if (!file.endsWith('.json') || current === undefined) return false;
  return JSON.stringify(JSON.parse(wanted)) === JSON.stringify(JSON.parse(current));
}

export function staleFiles(root = workspace) {
  return derivedFiles(root).filter(({ file, wanted, current }) => !agrees(file, wanted, current));
}

/** Lays out written files as the formatter does (it skips what .prettierignore lists). */
export function formatFiles(files, root = workspace) {
  const prettier = path.join(root, 'node_modules/prettier/bin/prettier.cjs');
  if (files.length === 0 || !existsSync(prettier)) return;
  spawnSync(process.execPath, [prettier, '--write', '--log-level=warn', '--ignore-unknown', ...files], { cwd: root, stdio: 'inherit' });
}

/** Writes every derived file that disagrees with the registry, formatted; answers what it wrote. */
export function writeDerivedFiles(root = workspace) {
  const stale = staleFiles(root);
  for (const { file, wanted } of stale) writeFileSync(path.join(root, file), wanted);
  formatFiles(
    stale.map((s) => s.file),
    root,
  );
  return stale.map((s) => s.file);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv.includes('--check')) {
    const stale = staleFiles();
    for (const { file } of stale) console.error(`${file} disagrees with the service registry (run: node tools/registry/sync.mjs)`);
    process.exit(stale.length ? 1 : 0);
  }
  const written = writeDerivedFiles();
  console.log(written.length ? `wrote ${written.join(', ')}` : 'every derived file agrees with the registry');
}
