import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ALL_SUBJECTS, SUBJECTS } from '@platform/messaging';
import { REGISTRY, grpcServices } from '@platform/registry';

const workspace = path.resolve(__dirname, '../..');
const readJson = (file: string) => JSON.parse(readFileSync(path.join(workspace, file), 'utf8'));

/** Every production TypeScript file under `dir` (not tests, not generated code). */
function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' ? [] : sourceFiles(file);
    return entry.name.endsWith('.ts') && !/\.(spec|integration-spec|e2e-spec)\.ts$/.test(entry.name) ? [file] : [];
  });
}

/**
 * The subjects an app's code publishes, read from its sources: a catalogued subject handed to an
 * outbox write or a direct publish (`write(tx, SUBJECTS.x, …)`, `writeMany(…)`, `publish(SUBJECTS.x, …)`),
 * and `audit.recorded` wherever it builds an audit writer on its outbox.
 */
function publishedInCode(app: string): string[] {
  const published = new Set<string>();
  for (const file of sourceFiles(path.join(workspace, 'apps', app, 'src'))) {
    const text = readFileSync(file, 'utf8');
    for (const [, key] of text.matchAll(/\b(?:write|writeMany|publish)\(\s*(?:\w+,\s*)?SUBJECTS\.(\w+)/g)) {
      const subject = (SUBJECTS as Record<string, string>)[key as string];
      if (!subject) throw new Error(`${file} publishes SUBJECTS.${key}, which the catalogue does not have`);
      published.add(subject);
    }
    if (/\boutboxAuditWriter\(/.test(text)) published.add(SUBJECTS.auditRecorded);
  }
  return [...published].sort();
}

/** The application projects under apps/ that run (not the end-to-end suite). */
function applicationFolders(): string[] {
  return readdirSync(path.join(workspace, 'apps'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(workspace, 'apps', entry.name, 'project.json')))
    .filter((entry) => {
      const project = readJson(`apps/${entry.name}/project.json`);
      return project.projectType === 'application' && !(project.tags ?? []).includes('type:e2e');
    })
    .map((entry) => entry.name)
    .sort();
}

describe('the service registry and the workspace', () => {
  it('registers every application under apps/, and nothing else', () => {
    expect(REGISTRY.map((app) => app.name).sort()).toEqual(applicationFolders());
  });

  it('has a proto package for every gRPC service', () => {
    for (const service of grpcServices())
      expect({ service: service.name, proto: existsSync(path.join(workspace, 'proto/platform', service.name, 'v1')) }).toEqual({
        service: service.name,
        proto: true,
      });
  });

  it('lists only catalogued subjects as consumed', () => {
    for (const app of REGISTRY) {
      const unknown = (app.consumes ?? []).filter((subject) => !(ALL_SUBJECTS as readonly string[]).includes(subject));
      expect({ app: app.name, unknown }).toEqual({ app: app.name, unknown: [] });
    }
  });

  it('lists only catalogued subjects as published', () => {
    for (const app of REGISTRY) {
      const unknown = (app.publishes ?? []).filter((subject) => !(ALL_SUBJECTS as readonly string[]).includes(subject));
      expect({ app: app.name, unknown }).toEqual({ app: app.name, unknown: [] });
    }
  });

  it('lists as published exactly what each app writes to its outbox or publishes directly (a service that publishes nothing runs no relay)', () => {
    for (const app of REGISTRY) {
      expect({ app: app.name, publishes: [...(app.publishes ?? [])].sort() }).toEqual({ app: app.name, publishes: publishedInCode(app.name) });
    }
  });

  it('has a publisher for every consumed subject', () => {
    const published = new Set(REGISTRY.flatMap((app) => app.publishes ?? []));
    for (const app of REGISTRY) {
      const unpublished = (app.consumes ?? []).filter((subject) => !published.has(subject));
      expect({ app: app.name, unpublished }).toEqual({ app: app.name, unpublished: [] });
    }
  });

  it('lets Nx see which libraries each app imports, so their `generate` runs before its build and tests', () => {
    // Nx analyses TypeScript imports only while @nx/js is a declared dependency of the workspace.
    const dir = mkdtempSync(path.join(os.tmpdir(), 'nx-graph-'));
    try {
      const file = path.join(dir, 'graph.json');
      execFileSync('npx', ['nx', 'graph', `--file=${file}`], { cwd: workspace, stdio: 'pipe', env: { ...process.env, NX_DAEMON: 'false' } });
      const { graph } = JSON.parse(readFileSync(file, 'utf8')) as { graph: { dependencies: Record<string, Array<{ target: string }>> } };
      for (const service of grpcServices()) {
        expect({ service: service.name, proto: graph.dependencies[service.name]?.some((d) => d.target === 'proto') }).toEqual({
          service: service.name,
          proto: true,
        });
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('agrees with every file derived from it (chart values, umbrella chart, NetworkPolicy callers, build list, port table)', () => {
    let output = '';
    try {
      execFileSync(process.execPath, [path.join(workspace, 'tools/registry/sync.mjs'), '--check'], { cwd: workspace, stdio: 'pipe', encoding: 'utf8' });
    } catch (err) {
      output = String((err as { stderr?: string }).stderr ?? err);
    }
    expect(output).toBe('');
  });
});
