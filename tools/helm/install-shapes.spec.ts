import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { KUBE_VERSION, find, helm, helmOk, parseManifests, validateManifestFiles, workspace, type Manifest } from './support/helm';

/**
 * A platform team's installation on an ordinary cluster (issue 28): infrastructure wherever it
 * lives, the proxy in front, documents' storage, alerts with runbooks and the Grafana dashboards.
 */
let scratch: string;
beforeAll(() => (scratch = mkdtempSync(path.join(os.tmpdir(), 'helm-shapes-'))));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const valuesFile = (name: string, text: string): string => {
  const file = path.join(scratch, `${name}.yaml`);
  writeFileSync(file, text);
  return file;
};
const release = (app: string, ...args: string[]) =>
  helmOk(['template', app, 'charts/platform-service', '--namespace', 'platform', '-f', `deploy/values/${app}.yaml`, '--kube-version', KUBE_VERSION, ...args]);
const umbrella = (...args: string[]) => helmOk(['template', 'platform', 'charts/platform', '--namespace', 'platform', '--kube-version', KUBE_VERSION, ...args]);
const sets = (...values: string[]) => values.flatMap((value) => ['--set', value]);
/** Kubernetes-schema errors of a render (kubeconform's schemas, offline). */
const invalid = (name: string, text: string) =>
  validateManifestFiles([valuesFile(`render-${name}`, text)])
    .filter((r) => r.errors.length)
    .map((r) => `${r.kind}/${r.name}: ${r.errors.join('; ')}`);
const egressRule = (text: string, app: string, name: string) => {
  const policy = find(parseManifests(text), 'NetworkPolicy', `${app}-egress`);
  const rules = policy['spec'].egress as { to: Manifest[]; ports: Manifest[] }[];
  // The rules come in the order of the infrastructure list, after DNS: find the one with its port.
  const ports = { postgresql: 5432, redis: 6379, nats: 4222 }[name];
  const rule = rules.find((r) => r.ports.some((p) => p['port'] === ports));
  if (!rule) throw new Error(`no egress rule to ${name} in ${JSON.stringify(rules)}`);
  return rule;
};

describe('infrastructure wherever it lives: the egress rules (issue 28)', () => {
  it('reaches the bundled charts’ pods in the release’s namespace by default (podLabels)', () => {
    const text = release('identity');
    expect(egressRule(text, 'identity', 'nats')).toEqual({
      to: [{ podSelector: { matchLabels: { 'app.kubernetes.io/name': 'nats' } } }],
      ports: [{ port: 4222, protocol: 'TCP' }],
    });
    expect(invalid('same-namespace', text)).toEqual([]);
  });

  it('reaches pods in another namespace: namespaceSelector and podSelector in one peer (both must match)', () => {
    const values = valuesFile(
      'other-namespace',
      [
        'global:',
        '  networkPolicy:',
        '    egress:',
        '      infrastructure:',
        '        - {name: postgresql, ports: [5432], namespace: databases, podLabels: {cnpg.io/cluster: platform}}',
        '        - {name: redis, ports: [6379], namespace: cache, podLabels: {app.kubernetes.io/name: redis}}',
        '        - {name: nats, ports: [4222, 6222], namespace: messaging, podLabels: {app.kubernetes.io/name: nats}}',
      ].join('\n'),
    );
    const text = release('identity', '-f', values);
    expect(egressRule(text, 'identity', 'nats')).toEqual({
      to: [
        {
          namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'messaging' } },
          podSelector: { matchLabels: { 'app.kubernetes.io/name': 'nats' } },
        },
      ],
      ports: [
        { port: 4222, protocol: 'TCP' },
        { port: 6222, protocol: 'TCP' },
      ],
    });
    expect(egressRule(text, 'identity', 'postgresql').to).toEqual([
      { namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'databases' } }, podSelector: { matchLabels: { 'cnpg.io/cluster': 'platform' } } },
    ]);
    expect(invalid('other-namespace', text)).toEqual([]);
  });

  it('reaches addresses outside the cluster (ipBlock CIDRs), a managed database or servers on VMs', () => {
    const values = valuesFile(
      'outside',
      [
        'global:',
        '  networkPolicy:',
        '    egress:',
        '      infrastructure:',
        '        - {name: postgresql, ports: [5432], cidrs: [10.20.0.5/32]}',
        '        - {name: redis, ports: [6379], cidrs: [10.20.1.0/28, "fd00:10::/64"]}',
        '        - {name: nats, ports: [4222], cidrs: [192.168.50.0/24]}',
      ].join('\n'),
    );
    const text = release('gateway', '-f', values);
    expect(egressRule(text, 'gateway', 'postgresql').to).toEqual([{ ipBlock: { cidr: '10.20.0.5/32' } }]);
    expect(egressRule(text, 'gateway', 'redis').to).toEqual([{ ipBlock: { cidr: '10.20.1.0/28' } }, { ipBlock: { cidr: 'fd00:10::/64' } }]);
    expect(invalid('outside', text)).toEqual([]);
  });

  it('renders the same shapes in the umbrella chart, for every app but the web app (DNS only)', () => {
    const text = umbrella(
      ...sets(
        'global.networkPolicy.egress.infrastructure[0].name=nats',
        'global.networkPolicy.egress.infrastructure[0].ports={4222}',
        'global.networkPolicy.egress.infrastructure[0].namespace=messaging',
        'global.networkPolicy.egress.infrastructure[0].podLabels.app\\.kubernetes\\.io/name=nats',
        'global.networkPolicy.egress.infrastructure[1].name=postgresql',
        'global.networkPolicy.egress.infrastructure[1].ports={5432}',
        'global.networkPolicy.egress.infrastructure[1].cidrs={10.20.0.5/32}',
        'global.networkPolicy.egress.infrastructure[2].name=redis',
        'global.networkPolicy.egress.infrastructure[2].ports={6379}',
        'global.networkPolicy.egress.infrastructure[2].podLabels.app\\.kubernetes\\.io/name=redis',
      ),
    );
    for (const app of ['identity', 'documents', 'gateway']) {
      expect(egressRule(text, app, 'nats').to[0]).toHaveProperty('namespaceSelector');
      expect(egressRule(text, app, 'postgresql').to).toEqual([{ ipBlock: { cidr: '10.20.0.5/32' } }]);
    }
    expect(JSON.stringify(find(parseManifests(text), 'NetworkPolicy', 'web-egress')['spec'])).not.toContain('messaging');
    expect(invalid('umbrella-shapes', text)).toEqual([]);
  });

  it('refuses an entry that says not where the service is', () => {
    const run = helm([
      'template',
      'identity',
      'charts/platform-service',
      '-f',
      'deploy/values/identity.yaml',
      '-f',
      valuesFile('nowhere', 'global: {networkPolicy: {egress: {infrastructure: [{name: nats, ports: [4222]}]}}}'),
    ]);
    expect(run.status).not.toBe(0);
    expect(run.stderr).toMatch(/infrastructure/);
  });
});

describe('the proxy in front: Gateway API first, no retired controller by default (issue 28)', () => {
  const route = ['httpRoute.enabled=true', 'httpRoute.parentRefs[0].name=public', 'httpRoute.parentRefs[0].namespace=gateway-system'];

  it('lets the namespace of the Gateway an HTTPRoute attaches to reach the gateway and the web app on their HTTP ports', () => {
    const text = release('gateway', ...sets(...route, 'httpRoute.parentRefs[1].name=internal'));
    expect(find(parseManifests(text), 'NetworkPolicy', 'gateway-route')['spec']).toEqual({
      podSelector: {
        matchLabels: { 'app.kubernetes.io/part-of': 'association-platform' },
        matchExpressions: [
          { key: 'app.kubernetes.io/name', operator: 'In', values: ['gateway', 'web'] },
          // An installation without a prefix: never the pods of a prefixed one in the namespace.
          { key: 'association-platform/installation', operator: 'DoesNotExist' },
        ],
      },
      policyTypes: ['Ingress'],
      ingress: [
        {
          // A parent without a namespace is in the route's own.
          from: [{ namespaceSelector: { matchExpressions: [{ key: 'kubernetes.io/metadata.name', operator: 'In', values: ['gateway-system', 'platform'] }] } }],
          ports: [{ port: 'http', protocol: 'TCP' }],
        },
      ],
    });
    // No Gateway API schema is installed for the validator: the HTTPRoute is checked elsewhere, field by field.
    expect(invalid('route-policy', text).filter((error) => !error.startsWith('HTTPRoute/'))).toEqual([]);
  });

  it('opens only the gateway with the web app off, and nothing without a route', () => {
    const gatewayOnly = find(parseManifests(release('gateway', ...sets(...route, 'webApp.enabled=false'))), 'NetworkPolicy', 'gateway-route');
    expect(gatewayOnly['spec'].podSelector.matchExpressions[0].values).toEqual(['gateway']);
    expect(parseManifests(release('gateway')).filter((m) => m['metadata'].name === 'gateway-route')).toEqual([]);
  });

  it('names no ingress controller’s namespace in the shipped values', () => {
    for (const app of ['gateway', 'web', 'legacy-site']) {
      expect(readFileSync(path.join(workspace, `deploy/values/${app}.yaml`), 'utf8')).not.toMatch(/allowedNamespaces: \[\s*\S/);
    }
    const values = readFileSync(path.join(workspace, 'charts/platform/values.yaml'), 'utf8');
    expect(values).toMatch(/^ {4}ingressNamespaces: \[\]$/m);
  });
});

describe('documents storage that works as shipped (issue 28)', () => {
  const deployment = (text: string) => find(parseManifests(text), 'Deployment', 'documents');
  const envOf = (text: string): Record<string, unknown> =>
    Object.fromEntries((deployment(text)['spec'].template.spec.containers[0].env as Manifest[]).map((e) => [e['name'], e['value'] ?? e['valueFrom']]));
  /** The variables the service reads (its configShape), so the chart sets none it does not read. */
  const serviceVariables = () =>
    [...readFileSync(path.join(workspace, 'apps/documents/src/config.ts'), 'utf8').matchAll(/^\s+(STORAGE_[A-Z0-9_]+):/gm)].map((m) => m[1]);

  it('keeps uploads on a PersistentVolumeClaim mounted where the service writes, one replica replaced on upgrade', () => {
    const text = release('documents');
    const claim = find(parseManifests(text), 'PersistentVolumeClaim', 'documents-storage');
    expect(claim['spec']).toEqual({ accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '10Gi' } } });
    expect(claim['metadata'].annotations).toEqual({ 'helm.sh/resource-policy': 'keep' });
    const pod = deployment(text)['spec'].template.spec;
    expect(pod.containers[0].volumeMounts).toContainEqual({ name: 'storage', mountPath: '/var/lib/platform/storage' });
    expect(pod.volumes).toContainEqual({ name: 'storage', persistentVolumeClaim: { claimName: 'documents-storage' } });
    expect(envOf(text)).toMatchObject({ STORAGE_PROVIDER: 'LOCAL', STORAGE_LOCAL_DIR: '/var/lib/platform/storage' });
    expect(deployment(text)['spec'].replicas).toBe(1);
    expect(deployment(text)['spec'].strategy).toEqual({ type: 'Recreate' });
    expect(invalid('documents-local', text)).toEqual([]);
  });

  it.each([
    ['replicaCount=2', 'replicaCount 2 asks for more'],
    ['autoscaling.enabled=true', 'autoscaling.enabled asks for more'],
  ])('refuses local storage on a ReadWriteOnce claim with %s, saying what to set', (set, why) => {
    const run = helm(['template', 'documents', 'charts/platform-service', '-f', 'deploy/values/documents.yaml', '--set', set]);
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain(why);
    expect(run.stderr).toContain('set replicaCount: 1 (and autoscaling.enabled: false), or storage.local.accessMode: ReadWriteMany');
    expect(run.stderr).toContain('or storage.provider: s3 with storage.s3.bucket');
  });

  it('lets replicas share a ReadWriteMany claim, rolling as usual', () => {
    const text = release('documents', ...sets('replicaCount=3', 'storage.local.accessMode=ReadWriteMany', 'storage.local.storageClassName=nfs'));
    expect(deployment(text)['spec'].strategy.type).toBe('RollingUpdate');
    expect(find(parseManifests(text), 'PersistentVolumeClaim', 'documents-storage')['spec']).toMatchObject({
      accessModes: ['ReadWriteMany'],
      storageClassName: 'nfs',
    });
  });

  it('mounts an existing claim without making one', () => {
    const text = release('documents', '--set', 'storage.local.existingClaim=documents-files');
    expect(parseManifests(text).filter((m) => m['kind'] === 'PersistentVolumeClaim')).toEqual([]);
    expect(deployment(text)['spec'].template.spec.volumes).toContainEqual({ name: 'storage', persistentVolumeClaim: { claimName: 'documents-files' } });
  });

  it('stores in an S3-compatible bucket with credentials from an existing Secret, as many replicas as wanted, no claim', () => {
    const text = release(
      'documents',
      ...sets(
        'replicaCount=2',
        'storage.provider=s3',
        'storage.s3.bucket=platform-documents',
        'storage.s3.endpoint=https://minio.storage:9000',
        'storage.s3.region=eu-west-1',
        'storage.s3.forcePathStyle=true',
        'storage.s3.credentialsSecret=documents-s3',
      ),
    );
    expect(envOf(text)).toMatchObject({
      STORAGE_PROVIDER: 'S3',
      STORAGE_S3_BUCKET: 'platform-documents',
      STORAGE_S3_ENDPOINT: 'https://minio.storage:9000',
      STORAGE_S3_REGION: 'eu-west-1',
      STORAGE_S3_FORCE_PATH_STYLE: 'true',
      STORAGE_S3_ACCESS_KEY_ID: { secretKeyRef: { name: 'documents-s3', key: 'access-key-id' } },
      STORAGE_S3_SECRET_ACCESS_KEY: { secretKeyRef: { name: 'documents-s3', key: 'secret-access-key' } },
    });
    expect(envOf(text)).not.toHaveProperty('STORAGE_LOCAL_DIR');
    expect(parseManifests(text).filter((m) => m['kind'] === 'PersistentVolumeClaim')).toEqual([]);
    expect(deployment(text)['spec'].strategy.type).toBe('RollingUpdate');
    expect(deployment(text)['spec'].template.spec.volumes).toEqual([{ name: 'tmp', emptyDir: { sizeLimit: '64Mi' } }]);
    expect(invalid('documents-s3', text)).toEqual([]);
  });

  it('leaves the credentials to the SDK’s own chain (a workload identity) without a Secret', () => {
    const env = envOf(release('documents', ...sets('storage.provider=s3', 'storage.s3.bucket=b')));
    expect(env).not.toHaveProperty('STORAGE_S3_ACCESS_KEY_ID');
    expect(env).not.toHaveProperty('STORAGE_S3_SECRET_ACCESS_KEY');
  });

  it('sets only variables the service reads', () => {
    const set = Object.keys(envOf(release('documents', ...sets('storage.provider=s3', 'storage.s3.bucket=b', 'storage.s3.credentialsSecret=s')))).filter(
      (name) => name.startsWith('STORAGE_'),
    );
    const local = Object.keys(envOf(release('documents'))).filter((name) => name.startsWith('STORAGE_'));
    expect(serviceVariables()).toEqual(expect.arrayContaining([...set, ...local]));
  });

  it('refuses S3 without a bucket, and STORAGE_* given beside `storage`', () => {
    const run = (...values: string[]) => helm(['template', 'documents', 'charts/platform-service', '-f', 'deploy/values/documents.yaml', ...sets(...values)]);
    expect(run('storage.provider=s3').stderr).toContain('storage.provider s3 needs storage.s3.bucket');
    expect(run('env.STORAGE_PROVIDER=S3').stderr).toContain('env.STORAGE_PROVIDER: set storage.* instead');
    expect(run('storage.provider=nfs').status).not.toBe(0);
  });

  it('installs documents on its claim in the umbrella’s default install', () => {
    const manifests = parseManifests(umbrella());
    expect(find(manifests, 'PersistentVolumeClaim', 'documents-storage')['spec'].accessModes).toEqual(['ReadWriteOnce']);
    expect(find(manifests, 'Deployment', 'documents')['spec'].replicas).toBe(1);
    // No other app stores files.
    expect(manifests.filter((m) => m['kind'] === 'PersistentVolumeClaim').map((m) => m['metadata'].name)).toEqual(['documents-storage']);
  });
});

describe('Redis as one server, Sentinel or a Cluster (issue 28)', () => {
  const containerOf = (text: string, app: string) => find(parseManifests(text), 'Deployment', app)['spec'].template.spec.containers[0];
  /** The Redis variables of an app's container: plain values, or the Secret key they come from. */
  const redisEnvOf = (text: string, app: string): Record<string, unknown> =>
    Object.fromEntries(
      (containerOf(text, app).env as Manifest[]).filter((e) => String(e['name']).startsWith('REDIS_')).map((e) => [e['name'], e['value'] ?? e['valueFrom']]),
    );
  const sentinel = [
    'global.redis.mode=sentinel',
    'global.redis.sentinel.nodes={redis-node-0.redis-headless.cache:26379,redis-node-1.redis-headless.cache:26379}',
    'global.redis.sentinel.masterName=mymaster',
    'global.redis.passwordSecret.name=redis',
    'global.redis.sentinelPasswordSecret.name=redis',
  ];
  const cluster = [
    'global.redis.mode=cluster',
    'global.redis.cluster.nodes={redis-cluster-0.cache:6379,redis-cluster-1.cache:6379}',
    'global.redis.passwordSecret.name=redis',
  ];

  it('leaves Redis to REDIS_URL of the shared configuration by default', () => {
    const text = umbrella();
    expect(redisEnvOf(text, 'gateway')).toEqual({});
    expect(find(parseManifests(text), 'ConfigMap', 'platform-config')['data']['REDIS_URL']).toBe('redis://platform-redis:6379');
  });

  it('gives every app that reads the platform’s Secrets the sentinels, the master name and both passwords, REDIS_URL blanked', () => {
    const text = umbrella(...sets(...sentinel));
    const expected = {
      REDIS_URL: '',
      REDIS_SENTINELS: 'redis-node-0.redis-headless.cache:26379,redis-node-1.redis-headless.cache:26379',
      REDIS_SENTINEL_MASTER: 'mymaster',
      REDIS_PASSWORD: { secretKeyRef: { name: 'redis', key: 'redis-password' } },
      REDIS_SENTINEL_PASSWORD: { secretKeyRef: { name: 'redis', key: 'sentinel-password' } },
    };
    for (const app of ['gateway', 'organisation', 'identity']) expect(redisEnvOf(text, app)).toEqual(expected);
    // The migrations run with the app's environment too.
    const pod = find(parseManifests(text), 'Deployment', 'organisation')['spec'].template.spec;
    expect(pod.initContainers[0].env).toEqual(containerOf(text, 'organisation').env);
    expect(redisEnvOf(text, 'web')).toEqual({});
    expect(invalid('redis-sentinel', text)).toEqual([]);
  });

  it('gives them the nodes of a Redis Cluster and its password', () => {
    const text = release('gateway', ...sets(...cluster, 'global.redis.passwordSecret.key=password'));
    expect(redisEnvOf(text, 'gateway')).toEqual({
      REDIS_URL: '',
      REDIS_CLUSTER_NODES: 'redis-cluster-0.cache:6379,redis-cluster-1.cache:6379',
      REDIS_PASSWORD: { secretKeyRef: { name: 'redis', key: 'password' } },
    });
    expect(invalid('redis-cluster', text)).toEqual([]);
  });

  it('sets only variables the apps read', () => {
    const read = readFileSync(path.join(workspace, 'libs/platform/config/src/redis-env.ts'), 'utf8');
    const set = [...Object.keys(redisEnvOf(umbrella(...sets(...sentinel)), 'gateway')), ...Object.keys(redisEnvOf(umbrella(...sets(...cluster)), 'gateway'))];
    for (const name of new Set(set)) expect(read).toContain(`  ${name}: `);
  });

  it.each([
    [
      'sentinel without sentinels',
      ['global.redis.mode=sentinel', 'global.redis.sentinel.masterName=m'],
      'global.redis.mode sentinel needs global.redis.sentinel.nodes',
    ],
    ['sentinel without a master name', ['global.redis.mode=sentinel', 'global.redis.sentinel.nodes={s:26379}'], 'and global.redis.sentinel.masterName'],
    ['cluster without nodes', ['global.redis.mode=cluster'], 'global.redis.mode cluster needs global.redis.cluster.nodes'],
    ['a password Secret with url', ['global.redis.passwordSecret.name=redis'], 'with mode url the password is part of REDIS_URL'],
    [
      'a sentinel password with cluster',
      [...cluster, 'global.redis.sentinelPasswordSecret.name=redis'],
      'sentinelPasswordSecret is for the sentinel mode, not cluster',
    ],
    ['REDIS_* in env', [...cluster, 'env.REDIS_CLUSTER_NODES=x:1'], 'REDIS_CLUSTER_NODES is set by the chart from global.redis'],
    ['an unknown mode', ['global.redis.mode=replicated'], "at '/global/redis/mode': value must be one of 'url', 'sentinel', 'cluster'"],
    [
      'a node without its port',
      ['global.redis.mode=cluster', 'global.redis.cluster.nodes={redis-cluster-0}'],
      "at '/global/redis/cluster/nodes/0': 'redis-cluster-0' does not match",
    ],
  ])('refuses %s, saying what to set', (_label, values, message) => {
    const run = helm(['template', 'gateway', 'charts/platform-service', '-f', 'deploy/values/gateway.yaml', ...sets(...values)]);
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain(message);
  });
});

describe('alerts with runbooks (issue 28)', () => {
  const rules = () => {
    const text = umbrella('-f', 'tools/helm/fixtures/everything.yaml');
    return find(parseManifests(text), 'PrometheusRule', 'platform-platform-alerts')['spec'].groups[0].rules as {
      alert: string;
      expr: string;
      labels: Record<string, string>;
      annotations: Record<string, string>;
    }[];
  };
  /** GitHub's anchors of docs/runbooks.md's headings: lower case, spaces to dashes, punctuation dropped. */
  const anchors = () =>
    new Set(
      [...readFileSync(path.join(workspace, 'docs/runbooks.md'), 'utf8').matchAll(/^#{1,6} (.+)$/gm)].map((m) =>
        (m[1] ?? '')
          .trim()
          .toLowerCase()
          .replace(/[^\p{L}\p{N} _-]/gu, '')
          .replace(/ /g, '-'),
      ),
    );

  it('gives every alert a runbook_url whose anchor is a section of docs/runbooks.md', () => {
    const sections = anchors();
    for (const rule of rules()) {
      const url = rule.annotations['runbook_url'] ?? '';
      expect(url).toMatch(/^docs\/runbooks\.md#[a-z0-9-]+$/);
      expect({ alert: rule.alert, found: sections.has(url.split('#')[1] ?? '') }).toEqual({ alert: rule.alert, found: true });
    }
  });

  it('has a section with what it means, how to look and how to fix for every alert', () => {
    const text = readFileSync(path.join(workspace, 'docs/runbooks.md'), 'utf8');
    for (const alert of new Set(rules().map((r) => r.alert))) {
      const section = text.split(/^## /m).find((s) => s.startsWith(`${alert}\n`));
      expect({ alert, section: Boolean(section) }).toEqual({ alert, section: true });
      for (const part of ['**What it means.**', '**How to look.**', '**How to fix.**'])
        expect({ alert, part, found: section?.includes(part) }).toEqual({ alert, part, found: true });
    }
  });

  it('points the runbooks where they are published (prometheusRule.runbookBaseUrl)', () => {
    const text = umbrella(
      '-f',
      'tools/helm/fixtures/everything.yaml',
      '--set',
      'prometheusRule.runbookBaseUrl=https://git.example.org/platform/blob/main/docs/runbooks.md',
    );
    const rule = find(parseManifests(text), 'PrometheusRule', 'platform-platform-alerts')['spec'].groups[0].rules[0];
    expect(rule.annotations.runbook_url).toBe('https://git.example.org/platform/blob/main/docs/runbooks.md#platformdeadletters');
  });

  it('alerts on the gateway’s p95 latency once per route class, each class taking the routes no class above took', () => {
    const latency = rules().filter((r) => r.alert === 'PlatformGatewayLatency');
    expect(latency.map((r) => r.labels['route_class'])).toEqual(['sign-in', 'files', 'api']);
    for (const rule of latency)
      expect(rule.expr).toContain('histogram_quantile(0.95, sum by (namespace, le) (rate(gateway_http_request_duration_seconds_bucket{');
    expect(latency[0]?.expr).not.toContain('route!~');
    expect(latency[2]?.expr).toContain('route!~"[A-Z]+ /api/auth/.*|GET /api/storage/.*|(POST|PUT) /api/orgs/[^ ]+/(documents|assets).*"');
    expect(latency.map((r) => r.expr.trim().split('> ').at(-1))).toEqual(['2', '30', '1']);
  });
});

describe('Grafana dashboards (issue 28)', () => {
  const dashboardsDir = path.join(workspace, 'charts/platform/dashboards');
  const files = () => readdirSync(dashboardsDir).filter((f) => f.endsWith('.json'));
  /** Every metric name a dashboard's queries read. */
  const metricsOf = (dashboard: Manifest): string[] => {
    const exprs = JSON.stringify(dashboard).match(/"expr":"(?:[^"\\]|\\.)*"/g) ?? [];
    const names = exprs.flatMap((e) => [...e.matchAll(/\b([a-z_]+_(?:total|seconds|bytes|backlog|lag)(?:_bucket|_p99_seconds)?)\b/g)].map((m) => m[1] ?? ''));
    return [...new Set(names)];
  };
  /** The source of the apps and libraries, where their prom-client metrics are named. */
  const sources = () => {
    const read = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) return ['node_modules', 'generated', 'test', 'client'].includes(entry.name) ? [] : read(full);
        return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [readFileSync(full, 'utf8')] : [];
      });
    return [...read(path.join(workspace, 'apps')), ...read(path.join(workspace, 'libs'))].join('\n');
  };
  /** prom-client's default Node.js metrics (collectDefaultMetrics). */
  const nodeDefaults = ['process_resident_memory_bytes', 'nodejs_eventloop_lag_p99_seconds'];

  it('renders one ConfigMap per dashboard for Grafana’s sidecar (label grafana_dashboard: "1"), only when switched on', () => {
    const manifests = parseManifests(umbrella('--set', 'dashboards.enabled=true'));
    const maps = manifests.filter((m) => m['kind'] === 'ConfigMap' && m['metadata'].name.startsWith('platform-dashboard-'));
    expect(maps.map((m) => m['metadata'].name).sort()).toEqual(['platform-dashboard-connector', 'platform-dashboard-gateway', 'platform-dashboard-services']);
    for (const map of maps) {
      expect(map['metadata'].labels['grafana_dashboard']).toBe('1');
      const [key, json] = Object.entries(map['data'] as Record<string, string>)[0] ?? [];
      expect(key).toMatch(/^platform-[a-z]+\.json$/);
      expect(JSON.parse(json ?? '')).toEqual(JSON.parse(readFileSync(path.join(dashboardsDir, (key ?? '').replace(/^platform-/, '')), 'utf8')));
    }
    expect(parseManifests(umbrella()).some((m) => m['metadata'].name.startsWith('platform-dashboard-'))).toBe(false);
  });

  it('reads only metrics the apps really export', () => {
    const code = sources();
    for (const file of files()) {
      const dashboard = JSON.parse(readFileSync(path.join(dashboardsDir, file), 'utf8'));
      const missing = metricsOf(dashboard)
        .map((name) => name.replace(/_bucket$/, ''))
        .filter((name) => !nodeDefaults.includes(name) && !code.includes(`'${name}'`));
      expect({ file, missing }).toEqual({ file, missing: [] });
    }
  });

  it('covers the gateway by route, each service’s calls, jobs, outbox and dead letters, and the connector’s syncs', () => {
    const all = Object.fromEntries(files().map((f) => [f, metricsOf(JSON.parse(readFileSync(path.join(dashboardsDir, f), 'utf8')))]));
    expect(all['gateway.json']).toEqual(
      expect.arrayContaining(['gateway_http_requests_total', 'gateway_http_request_duration_seconds_bucket', 'gateway_http_request_errors_total']),
    );
    expect(all['services.json']).toEqual(
      expect.arrayContaining([
        'grpc_server_handled_total',
        'grpc_server_errors_total',
        'grpc_server_handling_seconds_bucket',
        'service_job_runs_total',
        'messaging_outbox_backlog',
        'messaging_consumer_lag',
        'messaging_consumer_messages_total',
        'messaging_outbox_dead_letters_total',
      ]),
    );
    expect(JSON.stringify(JSON.parse(readFileSync(path.join(dashboardsDir, 'connector.json'), 'utf8')))).toContain('sync-runner');
  });
});
