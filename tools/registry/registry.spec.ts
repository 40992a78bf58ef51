import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ALL_SUBJECTS } from '@platform/messaging';
import { REGISTRY, grpcServices } from '@platform/registry';

const workspace = path.resolve(__dirname, '../..');
const readJson = (file: string) => JSON.parse(readFileSync(path.join(workspace, file), 'utf8'));

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
