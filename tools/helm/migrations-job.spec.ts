import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REGISTRY } from '@platform/registry';
import { KUBE_VERSION, find, helm, helmOk, parseManifests, validateManifestFiles, type Manifest } from './support/helm';

/**
 * Migrations as a Helm hook Job (issue 28, decision 0235): once per release, before any new pod,
 * with what the app's init container has (image, command, environment, Secrets, security context,
 * resources) and the network access it needs, and no init container beside it.
 */
let scratch: string;
beforeAll(() => (scratch = mkdtempSync(path.join(os.tmpdir(), 'helm-migrations-'))));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const valuesFile = (name: string, text: string): string => {
  const file = path.join(scratch, `${name}.yaml`);
  writeFileSync(file, text);
  return file;
};
const sets = (...values: string[]) => values.flatMap((value) => ['--set', value]);
const release = (app: string, ...args: string[]) =>
  parseManifests(
    helmOk(['template', app, 'charts/platform-service', '--namespace', 'platform', '-f', `deploy/values/${app}.yaml`, '--kube-version', KUBE_VERSION, ...args]),
  );
const umbrella = (...args: string[]) => helmOk(['template', 'platform', 'charts/platform', '--namespace', 'platform', '--kube-version', KUBE_VERSION, ...args]);
const hook = (m: Manifest) => m['metadata'].annotations?.['helm.sh/hook'];
const hooks = (manifests: Manifest[]) =>
  manifests.filter(hook).map((m) => `${m['kind']}/${m['metadata'].name} ${m['metadata'].annotations['helm.sh/hook-weight']}`);
const matches = (selector: Record<string, string>, labels: Record<string, string>) => Object.entries(selector).every(([k, v]) => labels[k] === v);
const HOOK = {
  'helm.sh/hook': 'pre-install,pre-upgrade',
  'helm.sh/hook-delete-policy': 'before-hook-creation,hook-succeeded',
};

describe('migrations as an init container (the default)', () => {
  it('runs them in each new pod and renders no Job', () => {
    const manifests = release('identity');
    expect(find(manifests, 'Deployment', 'identity')['spec'].template.spec.initContainers.map((c: Manifest) => c['name'])).toEqual(['migrations']);
    expect(manifests.filter((m) => m['kind'] === 'Job')).toEqual([]);
  });
});

describe('migrations as a hook Job (migrations.mode: hookJob)', () => {
  const initial = release('identity', '--set', 'migrations.resources.limits.memory=256Mi');
  const manifests = release('identity', ...sets('migrations.mode=hookJob', 'migrations.resources.limits.memory=256Mi'));
  const job = find(manifests, 'Job', 'identity-migrations');
  const pod = job['spec'].template;
  const initContainer = find(initial, 'Deployment', 'identity')['spec'].template.spec.initContainers[0];

  it('runs before install and upgrade, deleted once it succeeds or before the next one', () => {
    expect(job['metadata'].annotations).toEqual({ ...HOOK, 'helm.sh/hook-weight': '0' });
    expect(job['spec']).toMatchObject({ backoffLimit: 3, activeDeadlineSeconds: 600, ttlSecondsAfterFinished: 86400 });
    expect(pod.spec.restartPolicy).toBe('Never');
  });

  it('runs what the init container ran: image, command, environment, Secrets, security context and resources', () => {
    const [migrations] = pod.spec.containers;
    for (const key of ['image', 'args', 'env', 'envFrom', 'resources', 'securityContext', 'volumeMounts']) expect(migrations[key]).toEqual(initContainer[key]);
    expect(migrations.resources.limits.memory).toBe('256Mi');
    expect(pod.spec.securityContext).toEqual(find(manifests, 'Deployment', 'identity')['spec'].template.spec.securityContext);
  });

  it('leaves the pods without an init container', () => {
    expect(find(manifests, 'Deployment', 'identity')['spec'].template.spec.initContainers).toBeUndefined();
  });

  it('is no pod of the app: neither its Service, its PodDisruptionBudget nor its NetworkPolicies take it', () => {
    const labels = pod.metadata.labels;
    expect(labels['app.kubernetes.io/name']).toBe('identity-migrations');
    expect(matches(find(manifests, 'Service', 'identity')['spec'].selector, labels)).toBe(false);
    expect(matches(find(manifests, 'PodDisruptionBudget', 'identity')['spec'].selector.matchLabels, labels)).toBe(false);
    expect(matches(find(manifests, 'NetworkPolicy', 'identity-egress')['spec'].podSelector.matchLabels, labels)).toBe(false);
  });

  it('reaches DNS and PostgreSQL through a policy of its own, made before it, and nothing but them calls it', () => {
    const policy = find(manifests, 'NetworkPolicy', 'identity-migrations');
    expect(policy['metadata'].annotations).toEqual({ ...HOOK, 'helm.sh/hook-weight': '-10' });
    expect(matches(policy['spec'].podSelector.matchLabels, pod.metadata.labels)).toBe(true);
    expect(policy['spec'].policyTypes).toEqual(['Ingress', 'Egress']);
    expect(policy['spec'].ingress).toBeUndefined();
    const app = find(manifests, 'NetworkPolicy', 'identity-egress')['spec'].egress;
    // The app's rules to DNS and its infrastructure; not those to the services it calls.
    expect(policy['spec'].egress).toEqual(app.slice(0, 4));
    expect(JSON.stringify(policy['spec'].egress)).toContain('"port":5432');
    expect(JSON.stringify(policy['spec'].egress)).not.toContain('grpc');
  });

  it('runs as a ServiceAccount made before it (the app’s is made after the hooks), without a token', () => {
    const account = find(manifests, 'ServiceAccount', 'identity-migrations');
    expect(account['metadata'].annotations).toEqual({ ...HOOK, 'helm.sh/hook-weight': '-10' });
    expect(pod.spec.serviceAccountName).toBe('identity-migrations');
    expect(pod.spec.automountServiceAccountToken).toBe(false);
  });

  it('runs as an existing ServiceAccount when the chart makes none', () => {
    const own = release('identity', ...sets('migrations.mode=hookJob', 'serviceAccount.create=false', 'serviceAccount.name=platform'));
    expect(find(own, 'Job', 'identity-migrations')['spec'].template.spec.serviceAccountName).toBe('platform');
    expect(hooks(own)).toEqual(['NetworkPolicy/identity-migrations -10', 'Job/identity-migrations 0']);
  });

  it('takes the retries, deadline and clean-up of migrations.job', () => {
    const own = release(
      'identity',
      ...sets(
        'migrations.mode=hookJob',
        'migrations.job.backoffLimit=0',
        'migrations.job.activeDeadlineSeconds=120',
        'migrations.job.ttlSecondsAfterFinished=null',
      ),
    );
    const spec = find(own, 'Job', 'identity-migrations')['spec'];
    expect([spec.backoffLimit, spec.activeDeadlineSeconds, spec.ttlSecondsAfterFinished]).toEqual([0, 120, undefined]);
  });

  it('renders nothing for an app without migrations', () => {
    expect(release('gateway', ...sets('migrations.mode=hookJob')).filter(hook)).toEqual([]);
  });

  it('refuses a mode it does not know', () => {
    const run = helm(['template', 'identity', 'charts/platform-service', '-f', 'deploy/values/identity.yaml', '--set', 'migrations.mode=job']);
    expect(run.status).not.toBe(0);
    expect(run.stderr).toMatch(/migrations/);
  });

  it('renders manifests valid against the Kubernetes schemas', () => {
    const file = valuesFile('release-hook', umbrella('--set', 'global.migrations.mode=hookJob'));
    expect(validateManifestFiles([file]).filter((r) => r.errors.length)).toEqual([]);
  });
});

describe('the umbrella chart with global.migrations.mode: hookJob', () => {
  let manifests: Manifest[];
  beforeAll(() => {
    const values = valuesFile(
      'umbrella-hook',
      [
        'global:',
        '  migrations: {mode: hookJob}',
        '  secrets:',
        '    create: true',
        '    items:',
        '      platform-secrets: {DATABASE_URL: "postgresql://platform:pw@db.example.org:5432/platform", JWT_SECRET: j, SECRETS_KEY: k}',
        '      platform-service-tokens: {SERVICE_JWT_SECRET: s}',
        '      identity-bootstrap-admin: {email: admin@example.org, password: p}',
        '      notifications-smtp: {host: smtp.example.org, from: no-reply@example.org}',
        'organisation: {migrations: {mode: initContainer}}',
      ].join('\n'),
    );
    manifests = parseManifests(umbrella('-f', values));
  });

  it('runs each service’s migrations in its Job, but for an app that keeps its init container', () => {
    const jobs = manifests.filter((m) => m['kind'] === 'Job').map((m) => m['metadata'].name);
    // Every service with a schema (from the registry: the generator test adds one) but organisation.
    const withSchema = REGISTRY.filter((app) => app.kind === 'service' && app.schema && app.name !== 'organisation').map((app) => `${app.name}-migrations`);
    expect(jobs.sort()).toEqual(withSchema.sort());
    expect(find(manifests, 'Deployment', 'organisation')['spec'].template.spec.initContainers).toHaveLength(1);
    expect(find(manifests, 'Deployment', 'identity')['spec'].template.spec.initContainers).toBeUndefined();
  });

  it('copies the ConfigMap and the Secrets it makes as hooks before the Jobs, which read the copies', () => {
    const copies = manifests.filter((m) => hook(m) && ['ConfigMap', 'Secret'].includes(m['kind']));
    expect(copies.map((m) => m['metadata'].name).sort()).toEqual(
      ['identity-bootstrap-admin', 'notifications-smtp', 'platform-config', 'platform-secrets', 'platform-service-tokens'].map((name) => `${name}-migrations`),
    );
    for (const copy of copies) {
      expect(copy['metadata'].annotations).toEqual({ ...HOOK, 'helm.sh/hook-weight': '-10' });
      const original = find(manifests, copy['kind'], copy['metadata'].name.replace(/-migrations$/, ''));
      expect(copy['data'] ?? copy['stringData']).toEqual(original['data'] ?? original['stringData']);
    }
    const [container] = find(manifests, 'Job', 'identity-migrations')['spec'].template.spec.containers;
    expect(container.envFrom.map((from: Manifest) => from['configMapRef']?.name ?? from['secretRef']?.name)).toEqual([
      'platform-config-migrations',
      'platform-secrets-migrations',
      'platform-service-tokens-migrations',
    ]);
    expect(container.env.filter((e: Manifest) => e['valueFrom']).map((e: Manifest) => e['valueFrom'].secretKeyRef.name)).toEqual([
      'identity-bootstrap-admin-migrations',
      'identity-bootstrap-admin-migrations',
    ]);
  });

  it('reads Secrets made outside Helm by their names: they must exist before the install', () => {
    const outside = parseManifests(umbrella('--set', 'global.migrations.mode=hookJob'));
    const [container] = find(outside, 'Job', 'identity-migrations')['spec'].template.spec.containers;
    expect(container.envFrom.map((from: Manifest) => from['configMapRef']?.name ?? from['secretRef']?.name)).toEqual([
      'platform-config-migrations',
      'platform-secrets',
      'platform-service-tokens',
    ]);
  });

  it('refuses the bundled PostgreSQL, which a pre-install hook would wait for in vain', () => {
    const run = helm([
      'template',
      'platform',
      'charts/platform',
      '--set',
      'global.migrations.mode=hookJob',
      '--set',
      'postgresql.enabled=true',
      '--set',
      'postgresql.auth.password=x',
    ]);
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain('keep migrations.mode initContainer with postgresql.enabled');
  });
});
