import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { helm, workspace } from './support/helm';

const identityRelease = ['template', 'identity', 'charts/platform-service', '-f', 'deploy/values/identity.yaml'];
const umbrella = ['template', 'platform', 'charts/platform'];

describe('values.schema.json', () => {
  it.each([
    ['a top-level key of a release', identityRelease, 'replicaCont=3', "additional properties 'replicaCont' not allowed"],
    ['a nested key of a release', identityRelease, 'probes.liveness.periodSecond=3', "additional properties 'periodSecond' not allowed"],
    ['a key of an app in the umbrella', umbrella, 'identity.autoscalling.enabled=true', "additional properties 'autoscalling' not allowed"],
    ['a key of a disabled app', umbrella, 'legacy-site.replicaCont=1', "additional properties 'replicaCont' not allowed"],
    ['a key of a disabled database', umbrella, 'postgresql.persistense.size=1Gi', "additional properties 'persistense' not allowed"],
    ['a global key', umbrella, 'global.image.regsitry=example.com', "additional properties 'regsitry' not allowed"],
    ['a key of the shared configuration', umbrella, 'global.config.dat.X=1', "additional properties 'dat' not allowed"],
  ])('rejects a misspelt key: %s', (_label, args, set, message) => {
    const result = helm([...args, '--set', set]);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain(message);
  });

  it.each([
    ['a port that is not a number', identityRelease, 'ports.grpc.port=grpc'],
    ['an unknown component', identityRelease, 'component=worker'],
    ['an image digest that is not sha256', identityRelease, 'image.digest=latest'],
    ['a caller that is not a DNS label', identityRelease, 'networkPolicy.allowedCallers[0]=Gateway_App'],
    ['a public egress port out of range', identityRelease, 'networkPolicy.publicEgressPorts[0]=70000'],
    ['an egress peer that is not a NetworkPolicy peer', identityRelease, 'networkPolicy.extraEgress[0].to[0].pod=x'],
    ['an environment value that is not a string', identityRelease, 'env.BCRYPT_COST=12'],
  ])('rejects %s', (_label, args, set) => {
    expect(helm([...args, '--set', set]).status).not.toBe(0);
  });

  it.each([
    ['config.data.LOG_LEVEL=debug', 'config'],
    ['secrets.create=true', 'secrets'],
  ])('rejects %s: the shared ConfigMap and Secrets are under global (global.config, global.secrets)', (set, key) => {
    const result = helm([...umbrella, '--set', set]);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain(`additional properties '${key}' not allowed`);
  });

  it('rejects Secrets made from values (global.secrets.create) without the keys no app starts without', () => {
    const result = helm([...umbrella, '--set', 'global.secrets.create=true']);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain("at '/global/secrets/items/platform-secrets/DATABASE_URL': minLength");
  });

  it('rejects a release without an app name', () => {
    const result = helm(['template', 'x', 'charts/platform-service']);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toMatch(/app/);
  });

  it('rejects a PodDisruptionBudget with both or neither of maxUnavailable and minAvailable', () => {
    const result = helm([...identityRelease, '--set', 'podDisruptionBudget.minAvailable=1']);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('set exactly one of maxUnavailable and minAvailable');
  });

  it.each(['charts/platform-service', 'charts/platform/charts/postgresql', 'charts/platform/charts/redis', 'charts/platform/charts/nats', 'charts/platform'])(
    'closes every object in %s (additionalProperties false, or a typed map)',
    (chart) => {
      const schema = JSON.parse(readFileSync(path.join(workspace, chart, 'values.schema.json'), 'utf8'));
      // The bundled charts take the umbrella's `global` as it comes (the platform-service schema checks it).
      const bundledGlobal = chart.includes('/charts/') ? /^\/properties\/global$/ : /^\/definitions\/(postgresql|redis|nats)\/properties\/global$/;
      expect(openObjects(schema, [/\/affinity$/, bundledGlobal])).toEqual([]);
    },
  );

  it('embeds the current subchart schemas in the umbrella schema', () => {
    expect(() => execFileSync(process.execPath, [path.join(workspace, 'tools/helm/umbrella-schema.mjs'), '--check'], { stdio: 'pipe' })).not.toThrow();
  });
});

/**
 * Paths of object schemas that accept any key, but those in `passThrough`: Kubernetes objects
 * passed through as they are (validated by the Kubernetes schemas after rendering).
 */
function openObjects(schema: unknown, passThrough: RegExp[], at = ''): string[] {
  if (!schema || typeof schema !== 'object') return [];
  const node = schema as Record<string, unknown>;
  const open = node['type'] === 'object' && node['additionalProperties'] === undefined && node['$ref'] === undefined && !passThrough.some((re) => re.test(at));
  const children = Object.entries(node).flatMap(([key, value]) => (typeof value === 'object' ? openObjects(value, passThrough, `${at}/${key}`) : []));
  return open ? [at || '/', ...children] : children;
}
