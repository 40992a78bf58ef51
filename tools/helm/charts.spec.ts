import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  KUBE_VERSION,
  deployValuesApps,
  find,
  goldenFile,
  helm,
  helmOk,
  parseManifests,
  render,
  renderSets,
  updatingGolden,
  validateManifestFiles,
  workspace,
  type Manifest,
  type ValidationResult,
} from './support/helm';
import { grpcServices } from '@platform/registry';
import { deployableApps, grpcCallees, grpcCallers } from './support/apps';

const sets = renderSets();
const rendered = new Map<string, string>();
let validation: ValidationResult[] = [];
let scratch: string;

beforeAll(() => {
  scratch = mkdtempSync(path.join(os.tmpdir(), 'helm-render-'));
  for (const set of sets) {
    const text = render(set);
    rendered.set(set.name, text);
    writeFileSync(path.join(scratch, `${set.name}.yaml`), text);
  }
  // One validator process for every rendered manifest (it loads the schemas once).
  validation = validateManifestFiles(sets.map((set) => path.join(scratch, `${set.name}.yaml`)));
});

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const manifestsOf = (name: string): Manifest[] => parseManifests(rendered.get(name) ?? '');
const container = (deployment: Manifest) => deployment['spec'].template.spec.containers[0];
const nameOf = (m: Manifest) => `${m['kind']}/${m['metadata'].name}`;
const podAnnotations = (deployment: Manifest): Record<string, string> => deployment['spec'].template.metadata.annotations ?? {};
/** A copy of a Deployment without the checksum annotations of the shared values (`keys`, default both). */
function withoutChecksums(deployment: Manifest, ...keys: string[]): Manifest {
  const copy = JSON.parse(JSON.stringify(deployment)) as Manifest;
  for (const key of keys.length ? keys : ['checksum/config', 'checksum/secrets']) delete copy['spec'].template.metadata.annotations?.[key];
  return copy;
}

/**
 * The Secrets (and keys) that pods of these manifests need and that the manifests do not make:
 * every envFrom secretRef and secretKeyRef not marked optional, of every container.
 */
function missingSecrets(manifests: Manifest[]): string[] {
  const secrets = new Map(manifests.filter((m) => m['kind'] === 'Secret').map((m) => [m['metadata'].name, { ...m['data'], ...m['stringData'] }]));
  const missing = new Set<string>();
  for (const workload of manifests.filter((m) => ['Deployment', 'StatefulSet'].includes(m['kind']))) {
    const pod = workload['spec'].template.spec;
    for (const c of [...(pod.initContainers ?? []), ...pod.containers]) {
      for (const from of c.envFrom ?? []) {
        if (from.secretRef && !from.secretRef.optional && !secrets.has(from.secretRef.name))
          missing.add(`${workload['metadata'].name}: Secret ${from.secretRef.name}`);
      }
      for (const e of c.env ?? []) {
        const ref = e.valueFrom?.secretKeyRef;
        if (ref && !ref.optional && !(ref.key in (secrets.get(ref.name) ?? {})))
          missing.add(`${workload['metadata'].name}: ${e.name} from Secret ${ref.name}, key ${ref.key}`);
      }
    }
  }
  return [...missing].sort();
}

/** An installation without a prefix selects the platform's pods without one (never another installation's). */
const withoutPrefix = { key: 'association-platform/installation', operator: 'DoesNotExist' };

describe('helm lint --strict', () => {
  it.each(deployValuesApps())('passes for the platform-service chart with deploy/values/%s.yaml', (app) => {
    const result = helm(['lint', '--strict', 'charts/platform-service', '-f', `deploy/values/${app}.yaml`]);
    expect(result.stdout + result.stderr).toContain('1 chart(s) linted, 0 chart(s) failed');
  });

  it.each([
    ['defaults', []],
    ['everything enabled', ['-f', 'tools/helm/fixtures/everything.yaml']],
  ])('passes for the umbrella chart with %s', (_label, args) => {
    const result = helm(['lint', '--strict', 'charts/platform', ...args]);
    expect(result.stdout + result.stderr).toContain('1 chart(s) linted, 0 chart(s) failed');
  });
});

describe('helm template', () => {
  it.each(sets.map((set) => set.name))('renders %s as the committed golden file', (name) => {
    const file = goldenFile(name);
    const text = rendered.get(name) ?? '';
    if (updatingGolden) {
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, text);
    }
    let golden: string;
    try {
      golden = readFileSync(file, 'utf8');
    } catch {
      throw new Error(`${path.relative(process.cwd(), file)} is missing: run UPDATE_GOLDEN=1 npx nx run helm-charts:test`);
    }
    expect(text).toBe(golden);
  });

  it.each(sets.map((set) => set.name))('renders %s as manifests valid against the Kubernetes schemas', (name) => {
    const results = validation.filter((r) => path.basename(r.file) === `${name}.yaml`);
    expect(results.length).toBeGreaterThan(0);
    expect(results.filter((r) => r.errors.length).map((r) => `${r.kind}/${r.name}: ${r.errors.join('; ')}`)).toEqual([]);
  });
});

describe('a gRPC service (identity)', () => {
  const deployment = () => find(manifestsOf('release-identity'), 'Deployment', 'identity');

  it('is ready when grpc.health.v1 answers SERVING (its database and NATS answer)', () => {
    expect(container(deployment()).readinessProbe.grpc).toEqual({ port: 50051 });
  });

  it('is kept alive by a native gRPC probe of the `liveness` health service, which ignores its dependencies', () => {
    expect(container(deployment()).livenessProbe.grpc).toEqual({ port: 50051, service: 'liveness' });
    expect(container(deployment()).startupProbe.grpc).toEqual({ port: 50051, service: 'liveness' });
  });

  it('can be kept alive over HTTP instead (/healthz on the admin port)', () => {
    const manifests = parseManifests(
      helmOk(['template', 'identity', 'charts/platform-service', '-f', 'deploy/values/identity.yaml', '--set', 'probes.liveness.grpcService=']),
    );
    expect(container(find(manifests, 'Deployment', 'identity')).livenessProbe.httpGet).toEqual({ path: '/healthz', port: 'http-admin' });
  });

  it('applies its migrations in an init container of the same image and environment before it serves', () => {
    const pod = deployment()['spec'].template.spec;
    const [migrations] = pod.initContainers;
    expect(migrations.args).toEqual(['--migrate-only']);
    expect(migrations.image).toBe(pod.containers[0].image);
    expect(migrations.env).toEqual(pod.containers[0].env);
    expect(migrations.envFrom).toEqual(pod.containers[0].envFrom);
    expect(deployment()['spec'].strategy.rollingUpdate).toEqual({ maxSurge: 1, maxUnavailable: 0 });
  });

  it('runs as a non-root user on a read-only root filesystem with a writable /tmp', () => {
    const pod = deployment()['spec'].template.spec;
    expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 10001, seccompProfile: { type: 'RuntimeDefault' } });
    for (const c of [...pod.initContainers, ...pod.containers]) {
      expect(c.securityContext).toEqual({ allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, runAsNonRoot: true, capabilities: { drop: ['ALL'] } });
      expect(c.volumeMounts).toEqual([{ name: 'tmp', mountPath: '/tmp' }]);
    }
    expect(pod.volumes).toEqual([{ name: 'tmp', emptyDir: { sizeLimit: '64Mi' } }]);
  });

  it('reads the shared ConfigMap and Secret, the service-token key, and its ports from the values', () => {
    const c = container(deployment());
    expect(c.envFrom).toEqual([
      { configMapRef: { name: 'platform-config' } },
      { secretRef: { name: 'platform-secrets' } },
      { secretRef: { name: 'platform-service-tokens' } },
    ]);
    expect(c.env).toEqual(
      expect.arrayContaining([
        { name: 'IDENTITY_GRPC_PORT', value: '50051' },
        { name: 'IDENTITY_ADMIN_PORT', value: '9101' },
        { name: 'NODE_ENV', value: 'production' },
        { name: 'PLATFORM_ADMIN_PASSWORD', valueFrom: { secretKeyRef: { name: 'identity-bootstrap-admin', key: 'password' } } },
      ]),
    );
  });

  it('is reachable on its gRPC port only from the apps that call it, and on its admin port only from the metrics namespace', () => {
    const policy = find(manifestsOf('release-identity'), 'NetworkPolicy', 'identity');
    expect(policy['spec'].policyTypes).toEqual(['Ingress']);
    expect(policy['spec'].ingress).toEqual([
      {
        from: [
          {
            podSelector: {
              matchLabels: { 'app.kubernetes.io/part-of': 'association-platform' },
              matchExpressions: [{ key: 'app.kubernetes.io/name', operator: 'In', values: grpcCallers('identity') }, withoutPrefix],
            },
          },
        ],
        ports: [{ port: 'grpc', protocol: 'TCP' }],
      },
      { from: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } } }], ports: [{ port: 'http-admin', protocol: 'TCP' }] },
    ]);
  });
});

describe("V8's heap sized from the container's memory limit (NODE_OPTIONS)", () => {
  const nodeOptions = (...sets: string[]): string | undefined => {
    const args = ['template', 'identity', 'charts/platform-service', '-f', 'deploy/values/identity.yaml', ...sets.flatMap((s) => ['--set', s])];
    const pod = find(parseManifests(helmOk(args)), 'Deployment', 'identity')['spec'].template.spec;
    const of = (c: Manifest) => (c['env'] as Manifest[]).find((e) => e['name'] === 'NODE_OPTIONS')?.['value'] as string | undefined;
    expect(of(pod.initContainers[0])).toEqual(of(pod.containers[0]));
    return of(pod.containers[0]);
  };

  it.each(deployValuesApps())("%s: the image's flags and an old generation of 60 %% of its limit", (app) => {
    const deployment = find(manifestsOf(`release-${app}`), 'Deployment', app);
    const c = container(deployment);
    const limitMi = Number(String(c.resources.limits.memory).replace(/Mi$/, ''));
    expect(c.env).toContainEqual({
      name: 'NODE_OPTIONS',
      value: `--enable-source-maps --max-semi-space-size=4 --max-old-space-size=${Math.floor((limitMi * 60) / 100)}`,
    });
  });

  it.each([
    ['1Gi', 614],
    ['768M', 439],
    ['536870912', 307],
    ['2G', 1144],
  ])('reads a limit of %s as %i MiB of old generation', (limit, heap) => {
    expect(nodeOptions(`resources.limits.memory=${limit}`)).toBe(`--enable-source-maps --max-semi-space-size=4 --max-old-space-size=${heap}`);
  });

  it('leaves the heap to V8 with no memory limit or a share of 0, and gives way to an NODE_OPTIONS of env', () => {
    expect(nodeOptions('resources.limits=null')).toBe('--enable-source-maps --max-semi-space-size=4');
    expect(nodeOptions('node.heapPercentOfMemoryLimit=0')).toBe('--enable-source-maps --max-semi-space-size=4');
    expect(nodeOptions('env.NODE_OPTIONS=--max-old-space-size=200')).toBe('--max-old-space-size=200');
  });

  it('refuses a limit it cannot read', () => {
    const run = helm(['template', 'identity', 'charts/platform-service', '-f', 'deploy/values/identity.yaml', '--set', 'resources.limits.memory=12Pi']);
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain('resources.limits.memory "12Pi": use Ki, Mi, Gi, Ti, k, M, G, T or bytes');
  });
});

describe('apps without a gRPC server', () => {
  it.each([
    ['gateway', 'http-admin', '/healthz', '/readyz'],
    ['web', 'http-admin', '/healthz', '/readyz'],
    ['legacy-site', 'http-admin', '/healthz', '/readyz'],
  ])('%s is probed over HTTP on its %s port (alive: %s, ready: %s)', (app, port, alive, ready) => {
    const deployment = find(manifestsOf(`release-${app}`), 'Deployment', app);
    const c = container(deployment);
    expect(c.startupProbe.httpGet).toEqual({ path: alive, port });
    expect(c.livenessProbe.httpGet).toEqual({ path: alive, port });
    expect(c.readinessProbe.httpGet).toEqual({ path: ready, port });
    expect(c.readinessProbe.grpc).toBeUndefined();
  });

  it.each([
    ['gateway', 'GATEWAY_PORT', 8081, 'GATEWAY_ADMIN_PORT', 9100],
    ['web', 'WEB_PORT', 8080, 'WEB_ADMIN_PORT', 9108],
    ['legacy-site', 'LEGACY_SITE_PORT', 8090, 'LEGACY_ADMIN_PORT', 9190],
  ])('%s serves HTTP on %s=%s and its admin port on %s=%s', (app, httpEnv, httpPort, adminEnv, adminPort) => {
    const manifests = manifestsOf(`release-${app}`);
    const c = container(find(manifests, 'Deployment', app));
    expect(c.ports).toEqual([
      { name: 'http', containerPort: httpPort, protocol: 'TCP' },
      { name: 'http-admin', containerPort: adminPort, protocol: 'TCP' },
    ]);
    expect(c.env).toEqual(
      expect.arrayContaining([
        { name: httpEnv, value: String(httpPort) },
        { name: adminEnv, value: String(adminPort) },
      ]),
    );
    expect(find(manifests, 'Service', app)['spec'].ports.map((p: Manifest) => [p['name'], p['port']])).toEqual([
      ['http', httpPort],
      ['http-admin', adminPort],
    ]);
  });

  it.each(['gateway', 'legacy-site'])('%s is never given the service-token key', (app) => {
    const c = container(find(manifestsOf(`release-${app}`), 'Deployment', app));
    expect(c.envFrom).toEqual([{ configMapRef: { name: 'platform-config' } }, { secretRef: { name: 'platform-secrets' } }]);
  });

  it.each(['gateway', 'web', 'legacy-site'])(
    '%s has no migrations and is reachable on its HTTP port from the namespaces of global.networkPolicy.ingressNamespaces (and the legacy site from the connector)',
    (app) => {
      const manifests = manifestsOf(`release-${app}`);
      expect(find(manifests, 'Deployment', app)['spec'].template.spec.initContainers).toBeUndefined();
      const http = [{ port: 'http', protocol: 'TCP' }];
      const metrics = {
        from: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } } }],
        ports: [{ port: 'http-admin', protocol: 'TCP' }],
      };
      const rules = (text: string) => find(parseManifests(text), 'NetworkPolicy', app)['spec'].ingress as { from: Manifest[]; ports: Manifest[] }[];
      // By default no proxy namespace at all: no retired controller's name baked in (issue 28).
      const byDefault = rules(rendered.get(`release-${app}`) ?? '');
      expect(JSON.stringify(byDefault)).not.toContain('namespaceSelector":{"matchExpressions');
      expect(byDefault).toContainEqual(metrics);
      const withProxy = rules(
        helmOk([
          'template',
          app,
          'charts/platform-service',
          '-f',
          `deploy/values/${app}.yaml`,
          '--set',
          'global.networkPolicy.ingressNamespaces={envoy-gateway-system,ingress-nginx}',
        ]),
      );
      expect(withProxy).toContainEqual({
        from: [
          {
            namespaceSelector: {
              matchExpressions: [{ key: 'kubernetes.io/metadata.name', operator: 'In', values: ['envoy-gateway-system', 'ingress-nginx'] }],
            },
          },
        ],
        ports: http,
      });
      expect(withProxy).toContainEqual(metrics);
      const fromConnector = withProxy.filter((rule) => JSON.stringify(rule.from).includes('connector'));
      expect(fromConnector.map((rule) => rule.ports)).toEqual(app === 'legacy-site' ? [http] : []);
      expect(withProxy).toHaveLength(app === 'legacy-site' ? 3 : 2);
    },
  );

  it('opens no gRPC service to the proxy namespaces', () => {
    const text = helmOk([
      'template',
      'identity',
      'charts/platform-service',
      '-f',
      'deploy/values/identity.yaml',
      '--set',
      'global.networkPolicy.ingressNamespaces={ingress-nginx}',
    ]);
    expect(JSON.stringify(find(parseManifests(text), 'NetworkPolicy', 'identity')['spec'])).not.toContain('ingress-nginx');
  });
});

describe('the web app (issue 24)', () => {
  const manifests = () => manifestsOf('release-web');
  const pod = () => find(manifests(), 'Deployment', 'web')['spec'].template.spec;

  it('runs two small replicas of its image, labelled as the web component', () => {
    const deployment = find(manifests(), 'Deployment', 'web');
    expect(deployment['spec'].replicas).toBe(2);
    expect(deployment['metadata'].labels['app.kubernetes.io/component']).toBe('web');
    expect(container(deployment).image).toBe('web:0.1.0');
    expect(container(deployment).resources).toEqual({ requests: { cpu: '50m', memory: '96Mi' }, limits: { memory: '256Mi' } });
    expect(find(manifests(), 'PodDisruptionBudget', 'web')['spec'].maxUnavailable).toBe(1);
  });

  it('reads the shared ConfigMap only: no database, no migrations, no platform Secret, no service token', () => {
    const c = pod().containers[0];
    expect(pod().initContainers).toBeUndefined();
    expect(c.envFrom).toEqual([{ configMapRef: { name: 'platform-config' } }]);
    expect(c.env.filter((e: Manifest) => e['valueFrom'])).toEqual([]);
    expect(c.env.map((e: Manifest) => e['name'])).not.toContain('WEB_API_UPSTREAM_URL');
    expect(missingSecrets(manifestsOf('platform-defaults').filter((m) => m['metadata'].name === 'web'))).toEqual([]);
  });

  it('serves its pages from a read-only root filesystem', () => {
    expect(pod().containers[0].securityContext).toEqual({
      allowPrivilegeEscalation: false,
      readOnlyRootFilesystem: true,
      runAsNonRoot: true,
      capabilities: { drop: ['ALL'] },
    });
  });

  it('is reachable on its HTTP port from the proxy namespaces only (and on its admin port from the metrics namespace)', () => {
    const metrics = {
      from: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } } }],
      ports: [{ port: 'http-admin', protocol: 'TCP' }],
    };
    expect(find(manifests(), 'NetworkPolicy', 'web')['spec'].ingress).toEqual([metrics]);
    const withProxy = helmOk([
      'template',
      'web',
      'charts/platform-service',
      '-f',
      'deploy/values/web.yaml',
      '--set',
      'global.networkPolicy.ingressNamespaces={ingress-nginx}',
    ]);
    expect(find(parseManifests(withProxy), 'NetworkPolicy', 'web')['spec'].ingress).toEqual([
      {
        from: [{ namespaceSelector: { matchExpressions: [{ key: 'kubernetes.io/metadata.name', operator: 'In', values: ['ingress-nginx'] }] } }],
        ports: [{ port: 'http', protocol: 'TCP' }],
      },
      metrics,
    ]);
  });

  it('has no route of its own: the gateway’s sends it every path but /api', () => {
    expect(manifests().filter((m) => ['Ingress', 'HTTPRoute'].includes(m['kind']))).toEqual([]);
  });
});

describe('notifications', () => {
  const secretRefs = () =>
    Object.fromEntries(
      container(find(manifestsOf('release-notifications'), 'Deployment', 'notifications'))
        .env.filter((e: Manifest) => e['valueFrom']?.secretKeyRef)
        .map((e: Manifest) => [e['name'], e['valueFrom'].secretKeyRef]),
    );

  it('starts without push credentials: the FCM Secret is optional', () => {
    expect(secretRefs()['FIREBASE_SERVICE_ACCOUNT_JSON']).toEqual({ name: 'notifications-fcm', key: 'service-account.json', optional: true });
  });

  it('needs the SMTP relay and sender, not its credentials', () => {
    expect(secretRefs()).toMatchObject({
      SMTP_HOST: { name: 'notifications-smtp', key: 'host' },
      SMTP_FROM: { name: 'notifications-smtp', key: 'from' },
      SMTP_USER: { name: 'notifications-smtp', key: 'username', optional: true },
      SMTP_PASSWORD: { name: 'notifications-smtp', key: 'password', optional: true },
    });
    expect(secretRefs()['SMTP_HOST'].optional).toBeUndefined();
    expect(secretRefs()['SMTP_FROM'].optional).toBeUndefined();
  });
});

describe('egress (issue 17)', () => {
  const egressOf = (app: string, set = `release-${app}`) => find(manifestsOf(set), 'NetworkPolicy', `${app}-egress`)['spec'];
  const dns = {
    to: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'kube-system' } }, podSelector: { matchLabels: { 'k8s-app': 'kube-dns' } } }],
    ports: [
      { port: 53, protocol: 'UDP' },
      { port: 53, protocol: 'TCP' },
    ],
  };
  const infra = [
    ['postgresql', 5432],
    ['redis', 6379],
    ['nats', 4222],
  ].map(([name, port]) => ({ to: [{ podSelector: { matchLabels: { 'app.kubernetes.io/name': name } } }], ports: [{ port, protocol: 'TCP' }] }));
  const callees = (names: string[]) => ({
    to: [
      {
        podSelector: {
          matchLabels: { 'app.kubernetes.io/part-of': 'association-platform' },
          matchExpressions: [{ key: 'app.kubernetes.io/name', operator: 'In', values: names }, withoutPrefix],
        },
      },
    ],
    ports: [{ port: 'grpc', protocol: 'TCP' }],
  });

  it('lets identity reach DNS, PostgreSQL, Redis, NATS and the services it calls, and nothing else', () => {
    const policy = egressOf('identity');
    expect(policy.policyTypes).toEqual(['Egress']);
    expect(policy.egress).toEqual([dns, ...infra, callees(grpcCallees('identity'))]);
  });

  it('lets the gateway reach every service and no internet', () => {
    expect(egressOf('gateway').egress).toEqual([dns, ...infra, callees(grpcCallees('gateway'))]);
  });

  it('lets the web app reach cluster DNS only: no database, Redis, NATS, service or internet', () => {
    expect(egressOf('web').egress).toEqual([dns]);
    expect(egressOf('web', 'platform-defaults').egress).toEqual([dns]);
  });

  it('keeps the infrastructure an app names (networkPolicy.infrastructure) and refuses a name it does not know', () => {
    const egress = (...sets: string[]) =>
      helm(['template', 'gateway', 'charts/platform-service', '-f', 'deploy/values/gateway.yaml', ...sets.flatMap((set) => ['--set', set])]);
    const policy = find(parseManifests(egress('networkPolicy.infrastructure={redis,nats}').stdout), 'NetworkPolicy', 'gateway-egress');
    expect(policy['spec'].egress).toEqual([dns, ...infra.slice(1), callees(grpcCallees('gateway'))]);
    expect(egress('networkPolicy.infrastructure={postgres}').stderr).toContain('networkPolicy.infrastructure: "postgres" is none of');
  });

  it('lets notifications reach the public internet on the SMTP ports and 443, never the private, loopback or metadata ranges', () => {
    const internet = egressOf('notifications').egress.at(-1);
    expect(internet.ports).toEqual([25, 465, 587, 2525, 443].map((port) => ({ port, protocol: 'TCP' })));
    expect(internet.to[0].ipBlock.cidr).toBe('0.0.0.0/0');
    expect(internet.to[0].ipBlock.except).toEqual(
      expect.arrayContaining(['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '127.0.0.0/8', '169.254.0.0/16', '100.64.0.0/10']),
    );
    expect(internet.to[1].ipBlock).toEqual({ cidr: '::/0', except: expect.arrayContaining(['::1/128', 'fc00::/7', 'fe80::/10']) });
  });

  it('renders the same egress in the umbrella chart as in a release of its own', () => {
    const normalise = (spec: Manifest) =>
      JSON.parse(JSON.stringify(spec).replaceAll('"app.kubernetes.io/instance":"platform"', '"app.kubernetes.io/instance":"notifications"'));
    expect(normalise(egressOf('notifications', 'platform-defaults'))).toEqual(egressOf('notifications'));
  });
});

describe('the demo installation of docs/operations.md', () => {
  // The values file the guide writes (section 3), with its generated values replaced.
  const demoValues = () => {
    const guide = readFileSync(path.join(workspace, 'docs/operations.md'), 'utf8');
    const block = /^test -e platform-demo\.yaml \|\| cat > platform-demo\.yaml <<EOF.*\n([\s\S]*?)^EOF$/m.exec(guide);
    if (!block?.[1]) throw new Error('docs/operations.md: the demo values file (cat > platform-demo.yaml <<EOF … EOF) is missing');
    return block[1].replace(/\$\(openssl rand -hex (\d+)\)/g, (_, bytes: string) => 'ab'.repeat(Number(bytes)));
  };
  let manifests: Manifest[] = [];
  let results: ValidationResult[] = [];

  beforeAll(() => {
    const file = path.join(scratch, 'demo-values.yaml');
    writeFileSync(file, demoValues());
    const text = helmOk(['template', 'platform', 'charts/platform', '--namespace', 'platform', '-f', file, '--kube-version', KUBE_VERSION]);
    writeFileSync(path.join(scratch, 'demo.yaml'), text);
    manifests = parseManifests(text);
    results = validateManifestFiles([path.join(scratch, 'demo.yaml')]);
  });

  it('has no other shell expansion than the generated secrets', () => {
    expect(demoValues()).not.toMatch(/[$`]/);
  });

  it('installs every app, notifications and the legacy site included, with the bundled infrastructure', () => {
    expect(
      manifests
        .filter((m) => m['kind'] === 'Deployment')
        .map((m) => m['metadata'].name)
        .sort(),
    ).toEqual(deployableApps());
    expect(
      manifests
        .filter((m) => m['kind'] === 'StatefulSet')
        .map((m) => m['metadata'].name)
        .sort(),
    ).toEqual(['platform-nats', 'platform-postgresql', 'platform-redis']);
  });

  it('makes every Secret its pods need', () => {
    expect(missingSecrets(manifests)).toEqual([]);
  });

  it('renders manifests valid against the Kubernetes schemas', () => {
    expect(results.length).toBeGreaterThan(0);
    expect(results.filter((r) => r.errors.length).map((r) => `${r.kind}/${r.name}: ${r.errors.join('; ')}`)).toEqual([]);
  });
});

describe('the umbrella chart', () => {
  it('lets every pod drain before it stops: a preStop pause, then a grace period longer than pause, drain delay and shutdown timeout', () => {
    for (const deployment of manifestsOf('platform-defaults').filter((m) => m['kind'] === 'Deployment' && !m['metadata'].name.includes('-'))) {
      const pod = deployment['spec'].template.spec;
      expect(pod.containers[0].lifecycle).toEqual({ preStop: { exec: { command: ['sleep', '5'] } } });
      expect(pod.terminationGracePeriodSeconds).toBeGreaterThanOrEqual(5 + 2 + 10);
    }
  });

  it('gives every gRPC service a headless Service that its callers address (round robin over the pods)', () => {
    const manifests = manifestsOf('platform-defaults');
    const config = find(manifests, 'ConfigMap', 'platform-config')['data'] as Record<string, string>;
    for (const service of grpcServices()) {
      const headless = find(manifests, 'Service', `${service.name}-grpc`);
      expect(headless['spec']).toMatchObject({ clusterIP: 'None', ports: [{ name: 'grpc', port: service.ports.grpc?.port, targetPort: 'grpc' }] });
      expect(config[`${service.name.toUpperCase()}_GRPC_URL`]).toBe(`dns:///${service.name}-grpc:${service.ports.grpc?.port}`);
    }
  });

  it('installs every app but the legacy site by default, with the shared ConfigMap and no bundled infrastructure', () => {
    const manifests = manifestsOf('platform-defaults');
    expect(
      manifests
        .filter((m) => m['kind'] === 'Deployment')
        .map((m) => m['metadata'].name)
        .sort(),
    ).toEqual(deployableApps().filter((app) => app !== 'legacy-site'));
    expect(manifests.filter((m) => m['kind'] === 'StatefulSet')).toEqual([]);
    expect(find(manifests, 'ConfigMap', 'platform-config')['data']).toMatchObject({
      NATS_URL: 'nats://platform-nats:4222',
      IDENTITY_GRPC_URL: 'dns:///identity-grpc:50051',
    });
    expect(manifests.filter((m) => m['kind'] === 'Secret')).toEqual([]);
  });

  it("upgrades one app alone: a new identity tag changes identity's resources and nothing else", () => {
    const before = manifestsOf('platform-defaults');
    const after = parseManifests(helmOk(['template', 'platform', 'charts/platform', '--namespace', 'platform', '--set', 'identity.image.tag=1.4.3']));
    const changed = after.filter((m, i) => JSON.stringify(m) !== JSON.stringify(before[i])).map((m) => `${m['kind']}/${m['metadata'].name}`);
    expect(after).toHaveLength(before.length);
    expect(changed.length).toBeGreaterThan(0);
    expect(changed.every((name) => name.endsWith('/identity') || ['NetworkPolicy/identity-egress', 'Service/identity-grpc'].includes(name))).toBe(true);
    expect(container(find(after, 'Deployment', 'identity')).image).toBe('identity:1.4.3');
  });

  it('installs only the shared configuration when every app is released on its own', () => {
    expect(manifestsOf('platform-shared-only').map((m) => `${m['kind']}/${m['metadata'].name}`)).toEqual(['ConfigMap/platform-config']);
  });

  it('renders the same identity workload as its own release does, but for the checksums of the shared values it cannot see', () => {
    const normalise = (m: Manifest) =>
      withoutChecksums(JSON.parse(JSON.stringify(m).replaceAll('"app.kubernetes.io/instance":"platform"', '"app.kubernetes.io/instance":"identity"')));
    expect(normalise(find(manifestsOf('platform-defaults'), 'Deployment', 'identity'))).toEqual(
      find(manifestsOf('release-identity'), 'Deployment', 'identity'),
    );
  });

  describe('rolls the pods when the shared ConfigMap or Secrets change (checksum annotations, issue 17)', () => {
    const umbrella = (...args: string[]) =>
      parseManifests(helmOk(['template', 'platform', 'charts/platform', '--namespace', 'platform', '--kube-version', KUBE_VERSION, ...args]));
    const deployments = (manifests: Manifest[]) => manifests.filter((m) => m['kind'] === 'Deployment');
    const checksum = (deployment: Manifest, key: string): string | undefined => podAnnotations(deployment)[key];
    /** Kind/name of every manifest that differs between two renders of the umbrella. */
    const changed = (before: Manifest[], after: Manifest[]) => {
      expect(after.map(nameOf)).toEqual(before.map(nameOf));
      return after.filter((m, i) => JSON.stringify(m) !== JSON.stringify(before[i])).map(nameOf);
    };
    /** Asserts that every Deployment changed its `key` checksum and nothing else. */
    const expectOnlyChecksumChanged = (before: Manifest[], after: Manifest[], key: string) => {
      const previous = deployments(before);
      expect(deployments(after)).toHaveLength(previous.length);
      for (const [i, deployment] of deployments(after).entries()) {
        expect(checksum(deployment, key)).toMatch(/^[0-9a-f]{64}$/);
        expect(checksum(deployment, key)).not.toBe(checksum(previous[i] as Manifest, key));
        expect(withoutChecksums(deployment, key)).toEqual(withoutChecksums(previous[i] as Manifest, key));
      }
    };

    it("changes every Deployment's checksum/config, and nothing else but the ConfigMap, when a value of global.config.data changes", () => {
      const before = manifestsOf('platform-defaults');
      const after = umbrella('--set', 'global.config.data.LOG_LEVEL=debug');
      expect(changed(before, after).sort()).toEqual(['ConfigMap/platform-config', ...deployments(before).map(nameOf)].sort());
      expectOnlyChecksumChanged(before, after, 'checksum/config');
    });

    it("changes every Deployment's checksum/secrets when a value of a Secret made from values changes", () => {
      const before = manifestsOf('platform-everything');
      const after = umbrella(
        '-f',
        'tools/helm/fixtures/everything.yaml',
        '--set',
        'global.secrets.items.platform-secrets.JWT_SECRET=test-only-new-jwt-secret-0123456789',
      );
      expect(changed(before, after).sort()).toEqual(['Secret/platform-secrets', ...deployments(before).map(nameOf)].sort());
      expectOnlyChecksumChanged(before, after, 'checksum/secrets');
    });

    it('hashes only the names and keys of Secrets made outside Helm (create: false): a new key rolls the pods, a value does not', () => {
      const before = manifestsOf('platform-defaults');
      expect(changed(before, umbrella('--set', 'global.secrets.items.platform-secrets.JWT_SECRET=not-used-without-create'))).toEqual([]);
      expectOnlyChecksumChanged(before, umbrella('--set', 'global.secrets.items.platform-secrets.JWT_SECRET_ACCEPTED='), 'checksum/secrets');
    });

    it('renders identical checksums from identical values, the same in every Deployment', () => {
      const checksums = (manifests: Manifest[]) => deployments(manifests).map((d) => [checksum(d, 'checksum/config'), checksum(d, 'checksum/secrets')]);
      const again = checksums(umbrella());
      expect(again).toEqual(checksums(manifestsOf('platform-defaults')));
      expect(new Set(again.map((pair) => pair.join()))).toEqual(new Set([again[0]?.join()]));
      expect(again[0]?.every((hash) => /^[0-9a-f]{64}$/.test(hash ?? ''))).toBe(true);
    });

    it('renders no checksum in a release of platform-service on its own, which has no shared values to hash', () => {
      for (const app of deployValuesApps()) {
        expect(Object.keys(podAnnotations(find(manifestsOf(`release-${app}`), 'Deployment', app))).filter((key) => key.startsWith('checksum/'))).toEqual([]);
      }
    });
  });

  describe('with everything enabled', () => {
    const manifests = () => manifestsOf('platform-everything');

    it('bundles PostgreSQL, Redis and NATS with JetStream as StatefulSets', () => {
      expect(
        manifests()
          .filter((m) => m['kind'] === 'StatefulSet')
          .map((m) => m['metadata'].name)
          .sort(),
      ).toEqual(['platform-nats', 'platform-postgresql', 'platform-redis']);
      expect(find(manifests(), 'ConfigMap', 'platform-nats')['data']['nats.conf']).toContain('jetstream {');
    });

    it('makes the Secrets from values, with templates resolved', () => {
      const secret = find(manifests(), 'Secret', 'platform-secrets');
      expect(secret['stringData'].DATABASE_URL).toBe('postgresql://postgres:test-only-db-password@platform-postgresql:5432/platform');
    });

    it('makes every Secret its pods need', () => {
      expect(missingSecrets(manifests())).toEqual([]);
    });

    it('pulls every app image from the global registry and tag', () => {
      const images = manifests()
        .filter((m) => m['kind'] === 'Deployment')
        .map((m) => container(m).image)
        .sort();
      expect(images).toEqual(deployableApps().map((app) => `registry.example.com/association-platform/${app}:1.2.3`));
    });

    it('lets the HPA own the replica count', () => {
      expect(find(manifests(), 'Deployment', 'identity')['spec'].replicas).toBeUndefined();
      const hpa = find(manifests(), 'HorizontalPodAutoscaler', 'identity');
      expect(hpa['spec']).toMatchObject({ minReplicas: 2, maxReplicas: 8, scaleTargetRef: { kind: 'Deployment', name: 'identity' } });
      expect(hpa['spec'].metrics.map((m: Manifest) => m['resource'].name)).toEqual(['cpu', 'memory']);
    });

    it('alerts on dead letters, outbox and consumer lag, pods not ready, the gateway 5xx ratio and latency (PrometheusRule)', () => {
      const rule = find(manifests(), 'PrometheusRule', 'platform-platform-alerts');
      expect(rule['metadata'].labels.release).toBe('kube-prometheus-stack');
      const rules = rule['spec'].groups[0].rules as { alert: string; expr: string }[];
      expect(rules.map((r) => r.alert)).toEqual([
        'PlatformDeadLetters',
        'PlatformOutboxDeadLetters',
        'PlatformOutboxBacklog',
        'PlatformConsumerLag',
        'PlatformPodNotReady',
        'PlatformGateway5xx',
        // One per route class of prometheusRule.latency (install-shapes.spec.ts).
        'PlatformGatewayLatency',
        'PlatformGatewayLatency',
        'PlatformGatewayLatency',
      ]);
      // Every metric an alert reads is one the apps export (or kube-state-metrics').
      for (const metric of [
        'messaging_consumer_messages_total',
        'messaging_outbox_dead_letters_total',
        'messaging_outbox_backlog',
        'messaging_consumer_lag',
        'gateway_http_requests_total',
        'gateway_http_request_duration_seconds_bucket',
      ]) {
        expect(rules.some((r) => r.expr.includes(metric))).toBe(true);
      }
      expect(rules.find((r) => r.alert === 'PlatformGateway5xx')?.expr).toContain('> 0.05');
      expect(manifestsOf('platform-defaults').some((m) => m['kind'] === 'PrometheusRule')).toBe(false);
    });

    it('scrapes /metrics on the admin port of every app that has one', () => {
      const monitors = manifests().filter((m) => m['kind'] === 'ServiceMonitor');
      expect(monitors.map((m) => m['metadata'].name).sort()).toEqual(deployableApps());
      for (const monitor of monitors) expect(monitor['spec'].endpoints).toEqual([expect.objectContaining({ port: 'http-admin', path: '/metrics' })]);
      expect(find(manifests(), 'ServiceMonitor', 'gateway')['spec'].endpoints).toEqual([
        { port: 'http-admin', path: '/metrics', interval: '30s', scrapeTimeout: '10s' },
      ]);
      expect(find(manifests(), 'ServiceMonitor', 'gateway')['metadata'].labels.release).toBe('kube-prometheus-stack');
    });

    it('keeps a PodDisruptionBudget per app as configured', () => {
      expect(find(manifests(), 'PodDisruptionBudget', 'organisation')['spec'].minAvailable).toBe(1);
      expect(find(manifests(), 'PodDisruptionBudget', 'identity')['spec'].maxUnavailable).toBe(1);
    });
  });
});
