import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { appEntry } from '@platform/registry';
import { parse } from 'yaml';
import { KUBE_VERSION, find, helm, helmOk, parseManifests, validateManifestFiles, workspace, type Manifest } from './support/helm';

const values = (app: string) => parse(readFileSync(path.join(workspace, `deploy/values/${app}.yaml`), 'utf8'));
const gatewayPort = () => values('gateway').ports.http.port as number;
const webPort = () => values('web').ports.http.port as number;

const release = (app: string, ...sets: string[]) =>
  helmOk([
    'template',
    app,
    'charts/platform-service',
    '--namespace',
    'platform',
    '-f',
    `deploy/values/${app}.yaml`,
    '--kube-version',
    KUBE_VERSION,
    ...sets.flatMap((s) => ['--set', s]),
  ]);
const umbrella = (...sets: string[]) =>
  parseManifests(
    helmOk(['template', 'platform', 'charts/platform', '--namespace', 'platform', '--kube-version', KUBE_VERSION, ...sets.flatMap((s) => ['--set', s])]),
  );
const withRoute = ['httpRoute.enabled=true', 'httpRoute.parentRefs[0].name=public', 'httpRoute.parentRefs[0].namespace=gateway-system'];

/** The gateway's optional ways in (ingress, httpRoute): off by default, valid manifests when on. */
describe('the gateway’s Ingress and HTTPRoute', () => {
  const gateway = (...sets: string[]) => release('gateway', ...sets);
  let scratch: string;
  beforeAll(() => (scratch = mkdtempSync(path.join(os.tmpdir(), 'helm-routes-'))));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('renders neither by default', () => {
    const kinds = parseManifests(gateway()).map((m) => m['kind']);
    expect(kinds).not.toContain('Ingress');
    expect(kinds).not.toContain('HTTPRoute');
  });

  it('routes / to the web app and /api to the gateway on one host: a valid Ingress with the class, hosts and TLS given', () => {
    const text = gateway(
      'ingress.enabled=true',
      'ingress.className=nginx',
      'ingress.hosts={app.example.org}',
      'ingress.tls[0].secretName=app-tls',
      'ingress.tls[0].hosts={app.example.org}',
      'ingress.annotations.nginx\\.ingress\\.kubernetes\\.io/proxy-body-size=20m',
    );
    const file = path.join(scratch, 'ingress.yaml');
    writeFileSync(file, text);
    expect(validateManifestFiles([file]).filter((r) => r.errors.length > 0)).toEqual([]);
    const ingress = find(parseManifests(text), 'Ingress', 'gateway');
    expect(ingress['metadata'].annotations).toEqual({ 'nginx.ingress.kubernetes.io/proxy-body-size': '20m' });
    expect(ingress['spec']).toEqual({
      ingressClassName: 'nginx',
      tls: [{ secretName: 'app-tls', hosts: ['app.example.org'] }],
      rules: [
        {
          host: 'app.example.org',
          http: {
            paths: [
              { path: '/api', pathType: 'Prefix', backend: { service: { name: 'gateway', port: { name: 'http' } } } },
              { path: '/', pathType: 'Prefix', backend: { service: { name: 'web', port: { name: 'http' } } } },
            ],
          },
        },
      ],
    });
  });

  // No Gateway API schema is installed for kubernetes-models: the route is checked field by field.
  it('routes / to the web app and /api to the gateway on one host: an HTTPRoute to their HTTP ports', () => {
    const route = find(parseManifests(gateway(...withRoute, 'httpRoute.hostnames={app.example.org}')), 'HTTPRoute', 'gateway');
    expect(route['apiVersion']).toBe('gateway.networking.k8s.io/v1');
    expect(route['spec']).toEqual({
      parentRefs: [{ name: 'public', namespace: 'gateway-system' }],
      hostnames: ['app.example.org'],
      rules: [
        { matches: [{ path: { type: 'PathPrefix', value: '/api' } }], backendRefs: [{ name: 'gateway', port: 8081 }] },
        { matches: [{ path: { type: 'PathPrefix', value: '/' } }], backendRefs: [{ name: 'web', port: 8080 }] },
      ],
    });
  });

  it("sends each path to the HTTP port its release serves on: the gateway's and the web app's from their values", () => {
    const route = find(parseManifests(gateway(...withRoute, 'ports.http.port=9000', 'webApp.port=9080')), 'HTTPRoute', 'gateway');
    expect(route['spec'].rules.map((r: Manifest) => r['backendRefs'])).toEqual([[{ name: 'gateway', port: 9000 }], [{ name: 'web', port: 9080 }]]);
  });

  it('points at the Service and HTTP port the web release has', () => {
    const web = find(parseManifests(release('web')), 'Service', 'web');
    const http = web['spec'].ports.find((p: Manifest) => p['name'] === 'http');
    expect(values('gateway').webApp).toEqual({ enabled: true, service: web['metadata'].name, port: http.port });
    expect(http.port).toBe(appEntry('web').ports.http?.port);
    expect(gatewayPort()).toBe(appEntry('gateway').ports.http?.port);
    expect(webPort()).not.toBe(gatewayPort());
  });

  it('keeps the gateway-only form with the web app off: /api to the gateway, nothing to the web app', () => {
    const manifests = parseManifests(gateway('webApp.enabled=false', 'ingress.enabled=true', 'ingress.hosts={api.example.org}', ...withRoute));
    expect(find(manifests, 'Ingress', 'gateway')['spec'].rules).toEqual([
      {
        host: 'api.example.org',
        http: { paths: [{ path: '/api', pathType: 'Prefix', backend: { service: { name: 'gateway', port: { name: 'http' } } } }] },
      },
    ]);
    expect(find(manifests, 'HTTPRoute', 'gateway')['spec'].rules).toEqual([
      { matches: [{ path: { type: 'PathPrefix', value: '/api' } }], backendRefs: [{ name: 'gateway', port: gatewayPort() }] },
    ]);
  });

  it('refuses one without hosts or parents, one that would give the web app’s `/` away, on an app without an HTTP port, and an unknown key', () => {
    expect(helm(['template', 'gateway', 'charts/platform-service', '-f', 'deploy/values/gateway.yaml', '--set', 'ingress.enabled=true']).stderr).toContain(
      'ingress.hosts: at least one host name',
    );
    expect(helm(['template', 'gateway', 'charts/platform-service', '-f', 'deploy/values/gateway.yaml', '--set', 'httpRoute.enabled=true']).stderr).toContain(
      'httpRoute.parentRefs',
    );
    const slash = (...sets: string[]) =>
      helm(['template', 'gateway', 'charts/platform-service', '-f', 'deploy/values/gateway.yaml', ...sets.flatMap((s) => ['--set', s])]).stderr;
    expect(slash('ingress.enabled=true', 'ingress.hosts={a.example.org}', 'ingress.path=/')).toContain('ingress.path: with webApp.enabled the web app has `/`');
    expect(slash(...withRoute, 'httpRoute.path=/')).toContain('httpRoute.path: with webApp.enabled the web app has `/`');
    const identity = helm([
      'template',
      'identity',
      'charts/platform-service',
      '-f',
      'deploy/values/identity.yaml',
      '--set',
      'ingress.enabled=true',
      '--set',
      'ingress.hosts={a.example.org}',
    ]);
    expect(identity.stderr).toContain('needs ports.http.enabled');
    expect(helm(['template', 'gateway', 'charts/platform-service', '-f', 'deploy/values/gateway.yaml', '--set', 'ingress.host=x']).stderr).toContain(
      "at '/ingress': additional properties 'host' not allowed",
    );
  });

  it('renders the same route in the umbrella chart, where the web release is installed beside the gateway', () => {
    const manifests = umbrella('gateway.ingress.enabled=true', 'gateway.ingress.hosts={app.example.org}');
    const paths = find(manifests, 'Ingress', 'gateway')['spec'].rules[0].http.paths as Manifest[];
    expect(paths.map((p) => [p['path'], p['backend'].service.name])).toEqual([
      ['/api', 'gateway'],
      ['/', 'web'],
    ]);
    expect(find(manifests, 'Service', 'web')['spec'].ports).toContainEqual(expect.objectContaining({ name: 'http', port: webPort() }));
  });
});

/** Links in emails lead to the web app: PUBLIC_APP_URL in the shared ConfigMap (issue 25). */
describe('PUBLIC_APP_URL', () => {
  const config = (manifests: Manifest[]) => find(manifests, 'ConfigMap', 'platform-config')['data'] as Record<string, string>;
  const notifications = (manifests: Manifest[]) => find(manifests, 'Deployment', 'notifications')['spec'].template.spec.containers[0];

  it('is https://<host> of the gateway’s Ingress, which notifications reads from the shared ConfigMap', () => {
    const manifests = umbrella('gateway.ingress.enabled=true', 'gateway.ingress.hosts={app.example.org,members.example.org}');
    expect(config(manifests)['PUBLIC_APP_URL']).toBe('https://app.example.org');
    const c = notifications(manifests);
    expect(c.envFrom).toContainEqual({ configMapRef: { name: 'platform-config' } });
    expect(c.env.map((e: Manifest) => e['name'])).not.toContain('PUBLIC_APP_URL');
  });

  it('is https://<hostname> of the gateway’s HTTPRoute, the first without a wildcard', () => {
    const manifests = umbrella(...withRoute.map((s) => `gateway.${s}`), 'gateway.httpRoute.hostnames={*.example.org,members.example.org}');
    expect(config(manifests)['PUBLIC_APP_URL']).toBe('https://members.example.org');
  });

  it('is the value given, in the shared ConfigMap or in notifications’ own environment, over the route’s host', () => {
    const route = ['gateway.ingress.enabled=true', 'gateway.ingress.hosts={app.example.org}'];
    expect(config(umbrella(...route, 'global.config.data.PUBLIC_APP_URL=https://www.example.org'))['PUBLIC_APP_URL']).toBe('https://www.example.org');
    const own = umbrella(...route, 'notifications.env.PUBLIC_APP_URL=https://links.example.org');
    // The container's env wins over envFrom.
    expect(notifications(own).env).toContainEqual({ name: 'PUBLIC_APP_URL', value: 'https://links.example.org' });
  });

  it('is not derived without a route, nor from a route that does not serve the web app', () => {
    expect(config(umbrella())['PUBLIC_APP_URL']).toBeUndefined();
    expect(
      config(umbrella('gateway.ingress.enabled=true', 'gateway.ingress.hosts={api.example.org}', 'gateway.webApp.enabled=false'))['PUBLIC_APP_URL'],
    ).toBeUndefined();
    expect(config(umbrella('gateway.ingress.enabled=true', 'gateway.ingress.hosts={*.example.org}'))['PUBLIC_APP_URL']).toBeUndefined();
  });
});
