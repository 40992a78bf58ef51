import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { grpcServices } from '@platform/registry';
import { KUBE_VERSION, helmOk, parseManifests, validateManifestFiles, type Manifest } from './support/helm';

/**
 * Two installations of the platform in one namespace (issue 28, decision 0235): releases
 * `platform-a` and `platform-b` of the umbrella chart with `global.namePrefix: "{{ .Release.Name }}"`
 * make no object of the same kind and name, and every selector of one picks its own pods only.
 */
const NAMESPACE = 'platform';
const RELEASES = ['platform-a', 'platform-b'];

let scratch: string;
beforeAll(() => (scratch = mkdtempSync(path.join(os.tmpdir(), 'helm-two-'))));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const valuesFile = (name: string, text: string): string => {
  const file = path.join(scratch, `${name}.yaml`);
  writeFileSync(file, text);
  return file;
};

/** What each installation sets: its prefix and its own bundled infrastructure in the egress rules. */
const PREFIXED = [
  'global:',
  '  namePrefix: "{{ .Release.Name }}"',
  '  networkPolicy:',
  '    egress:',
  '      infrastructure:',
  '        - {name: postgresql, ports: [5432], podLabels: {app.kubernetes.io/name: postgresql, app.kubernetes.io/instance: "{{ .Release.Name }}"}}',
  '        - {name: redis, ports: [6379], podLabels: {app.kubernetes.io/name: redis, app.kubernetes.io/instance: "{{ .Release.Name }}"}}',
  '        - {name: nats, ports: [4222], podLabels: {app.kubernetes.io/name: nats, app.kubernetes.io/instance: "{{ .Release.Name }}"}}',
  // The gateway's HTTPRoute too (everything.yaml gives it an Ingress).
  'gateway: {httpRoute: {enabled: true, parentRefs: [{name: public, namespace: gateway-system}], hostnames: [app.example.org]}}',
].join('\n');

/** Each release with everything on (tools/helm/fixtures/everything.yaml), then `values`. */
function installations(name: string, values: string): Map<string, Manifest[]> {
  const file = valuesFile(`values-${name}`, values);
  return new Map(
    RELEASES.map((release) => {
      const text = helmOk([
        'template',
        release,
        'charts/platform',
        '--namespace',
        NAMESPACE,
        '--kube-version',
        KUBE_VERSION,
        '-f',
        'tools/helm/fixtures/everything.yaml',
        '-f',
        file,
      ]);
      writeFileSync(path.join(scratch, `${name}-${release}.yaml`), text);
      return [release, parseManifests(text).map((m) => ({ ...m, release }))];
    }),
  );
}

type Labels = Record<string, string>;
interface Selector {
  matchLabels?: Labels;
  matchExpressions?: { key: string; operator: string; values?: string[] }[];
}
/** Kubernetes label-selector semantics; a Service's selector is a plain map. */
function selects(selector: Selector, labels: Labels): boolean {
  const byLabels = Object.entries(selector.matchLabels ?? {}).every(([k, v]) => labels[k] === v);
  return (
    byLabels &&
    (selector.matchExpressions ?? []).every(({ key, operator, values = [] }) => {
      switch (operator) {
        case 'In':
          return key in labels && values.includes(labels[key]);
        case 'NotIn':
          return !(key in labels) || !values.includes(labels[key]);
        case 'Exists':
          return key in labels;
        case 'DoesNotExist':
          return !(key in labels);
        default:
          throw new Error(`unknown operator ${operator}`);
      }
    })
  );
}

interface Pod {
  release: string;
  owner: string;
  labels: Labels;
}
const POD_OWNERS = ['Deployment', 'StatefulSet', 'Job'];
const podsOf = (manifests: Manifest[]): Pod[] =>
  manifests
    .filter((m) => POD_OWNERS.includes(m['kind']))
    .map((m) => ({ release: m['release'], owner: `${m['kind']}/${m['metadata'].name}`, labels: m['spec'].template.metadata.labels }));

/** Every pod selector of a manifest, with what it is (for the failure message). */
function podSelectors(m: Manifest): [string, Selector][] {
  const at = `${m['release']} ${m['kind']}/${m['metadata'].name}`;
  const spec = m['spec'];
  switch (m['kind']) {
    case 'Service':
      return [[`${at} selector`, { matchLabels: spec.selector }]];
    case 'Deployment':
    case 'StatefulSet':
    case 'PodDisruptionBudget':
      return [[`${at} selector`, spec.selector]];
    case 'NetworkPolicy': {
      const peers = [...(spec.ingress ?? []).flatMap((r: Manifest) => r['from'] ?? []), ...(spec.egress ?? []).flatMap((r: Manifest) => r['to'] ?? [])];
      // Peers in this namespace: a podSelector without a namespaceSelector.
      const local = peers.filter((p: Manifest) => p['podSelector'] && !p['namespaceSelector']);
      return [[`${at} podSelector`, spec.podSelector], ...local.map((p: Manifest, i: number): [string, Selector] => [`${at} peer ${i}`, p['podSelector']])];
    }
    default:
      return [];
  }
}

describe('two installations in one namespace (global.namePrefix)', () => {
  let byRelease: Map<string, Manifest[]>;
  let all: Manifest[];
  beforeAll(() => {
    byRelease = installations('prefixed', PREFIXED);
    all = [...byRelease.values()].flat();
  });
  const named = (release: string, kind: string) => (byRelease.get(release) ?? []).filter((m) => m['kind'] === kind).map((m) => m['metadata'].name as string);

  it('makes no two objects of the same kind and name', () => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const m of all) {
      const key = `${m['kind']}/${m['metadata'].namespace ?? NAMESPACE}/${m['metadata'].name}`;
      if (seen.has(key)) twice.push(`${key} (${seen.get(key)} and ${m['release']})`);
      seen.set(key, m['release']);
    }
    expect(twice).toEqual([]);
    expect(named('platform-a', 'Deployment')).toContain('platform-a-identity');
  });

  it('selects with every selector its own pods, at least one, and none of the other installation', () => {
    const pods = podsOf(all);
    const wrong: string[] = [];
    const selectors = all.flatMap((m) => podSelectors(m).map(([what, selector]) => ({ m, what, selector })));
    // Services, workloads, PodDisruptionBudgets, NetworkPolicies and their peers of both releases.
    expect(selectors.length).toBeGreaterThan(150);
    for (const { m, what, selector } of selectors) {
      const picked = pods.filter((pod) => selects(selector, pod.labels));
      if (!picked.some((pod) => pod.release === m['release'])) wrong.push(`${what} selects no pod of its own`);
      for (const pod of picked.filter((p) => p.release !== m['release'])) wrong.push(`${what} selects ${pod.release} ${pod.owner}`);
    }
    expect(wrong).toEqual([]);
  });

  it('scrapes its own Services only (ServiceMonitors), and labels the series with the installation', () => {
    for (const release of RELEASES) {
      const services = (byRelease.get(release) ?? []).filter((m) => m['kind'] === 'Service');
      const others = all.filter((m) => m['kind'] === 'Service' && m['release'] !== release);
      for (const monitor of (byRelease.get(release) ?? []).filter((m) => m['kind'] === 'ServiceMonitor')) {
        const selector = monitor['spec'].selector as Selector;
        expect(services.filter((s) => selects(selector, s['metadata'].labels)).length).toBeGreaterThan(0);
        expect(others.filter((s) => selects(selector, s['metadata'].labels))).toEqual([]);
        expect(monitor['spec'].targetLabels).toEqual(['association-platform/installation']);
      }
    }
  });

  it('alerts on its own series only', () => {
    for (const release of RELEASES) {
      const [rule] = (byRelease.get(release) ?? []).filter((m) => m['kind'] === 'PrometheusRule');
      for (const alert of rule['spec'].groups[0].rules) expect(alert.expr).toContain(`association_platform_installation="${release}"`);
    }
  });

  it('addresses the services it calls, and routes to the gateway and the web app, by its own Service names', () => {
    for (const release of RELEASES) {
      const services = named(release, 'Service');
      const config = (byRelease.get(release) ?? []).find((m) => m['kind'] === 'ConfigMap' && m['metadata'].name === `${release}-platform-config`);
      const addresses = Object.entries(config?.['data'] as Labels).filter(([key]) => key.endsWith('_GRPC_URL'));
      // One address per gRPC service of the registry (the generator test adds one).
      expect(addresses).toHaveLength(grpcServices().length);
      for (const [, url] of addresses) expect(services).toContain(/^dns:\/\/\/([^:]+):/.exec(url)?.[1]);
      for (const m of (byRelease.get(release) ?? []).filter((x) => ['Ingress', 'HTTPRoute'].includes(x['kind']))) {
        const backends: string[] =
          m['kind'] === 'Ingress'
            ? m['spec'].rules.flatMap((r: Manifest) => r['http'].paths.map((p: Manifest) => p['backend'].service.name))
            : m['spec'].rules.flatMap((r: Manifest) => r['backendRefs'].map((b: Manifest) => b['name']));
        expect(backends.sort()).toEqual([`${release}-gateway`, `${release}-web`]);
      }
    }
  });

  it('reads its own ConfigMap and Secrets, which it makes', () => {
    for (const release of RELEASES) {
      const made = new Set([...named(release, 'ConfigMap'), ...named(release, 'Secret')]);
      const read = podsOf(byRelease.get(release) ?? [])
        .filter((pod) => pod.labels['app.kubernetes.io/part-of'] === 'association-platform')
        .flatMap((pod) => {
          const spec = (byRelease.get(release) ?? []).find((m) => `${m['kind']}/${m['metadata'].name}` === pod.owner)?.['spec'].template.spec;
          return [...(spec.initContainers ?? []), ...spec.containers].flatMap((c: Manifest) => [
            ...(c['envFrom'] ?? []).map((f: Manifest) => f['configMapRef']?.name ?? f['secretRef']?.name),
            ...(c['env'] ?? [])
              .filter((e: Manifest) => e['valueFrom'] && !e['valueFrom'].secretKeyRef.optional)
              .map((e: Manifest) => e['valueFrom'].secretKeyRef.name),
          ]);
        });
      expect(read.length).toBeGreaterThan(0);
      expect([...new Set(read)].filter((name) => !made.has(name))).toEqual([]);
    }
  });

  it('renders manifests valid against the Kubernetes schemas', () => {
    const results = validateManifestFiles(RELEASES.map((release) => path.join(scratch, `prefixed-${release}.yaml`)));
    // No Gateway API schema is installed for the validator: the HTTPRoute is checked above, by its backends.
    expect(results.filter((r) => r.errors.length && r.kind !== 'HTTPRoute')).toEqual([]);
  });

  it('keeps them apart with migrations in hook Jobs too (external PostgreSQL), hooks included', () => {
    const hooked = installations('hooked', `${PREFIXED.replace('global:\n', 'global:\n  migrations: {mode: hookJob}\n')}\npostgresql: {enabled: false}`);
    const manifests = [...hooked.values()].flat();
    const keys = manifests.map((m) => `${m['kind']}/${m['metadata'].name}`);
    expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
    expect(keys).toContain('Job/platform-b-identity-migrations');
    expect(keys).toContain('Secret/platform-a-platform-secrets-migrations');
  });
});

describe('an installation without a prefix beside a prefixed one', () => {
  it('picks none of the prefixed installation’s pods, nor lets them in', () => {
    const plain = parseManifests(
      helmOk([
        'template',
        'platform',
        'charts/platform',
        '--namespace',
        NAMESPACE,
        '--kube-version',
        KUBE_VERSION,
        '-f',
        'tools/helm/fixtures/everything.yaml',
      ]),
    ).map((m) => ({ ...m, release: 'platform' }));
    const prefixed = parseManifests(
      helmOk([
        'template',
        'platform-b',
        'charts/platform',
        '--namespace',
        NAMESPACE,
        '--kube-version',
        KUBE_VERSION,
        '-f',
        'tools/helm/fixtures/everything.yaml',
        '--set',
        'global.namePrefix=platform-b',
      ]),
    ).map((m) => ({ ...m, release: 'platform-b' }));
    const pods = podsOf(prefixed);
    const wrong = plain
      .flatMap(podSelectors)
      .flatMap(([what, selector]) => pods.filter((pod) => selects(selector, pod.labels)).map((pod) => `${what} selects ${pod.owner}`))
      // The bundled infrastructure of the default egress rules ({app.kubernetes.io/name: postgresql}) is the operator's to narrow.
      .filter((line) => !/StatefulSet\/platform-b-(postgresql|redis|nats)$/.test(line));
    expect(wrong).toEqual([]);
  });
});
