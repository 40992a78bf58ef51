import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { KUBE_VERSION, find, helm, helmOk, parseManifests, validateManifestFiles } from './support/helm';

/** The gateway's optional ways in (ingress, httpRoute): off by default, valid manifests when on. */
describe('the gateway’s Ingress and HTTPRoute', () => {
  const gateway = (...sets: string[]) =>
    helmOk([
      'template',
      'gateway',
      'charts/platform-service',
      '--namespace',
      'platform',
      '-f',
      'deploy/values/gateway.yaml',
      '--kube-version',
      KUBE_VERSION,
      ...sets.flatMap((s) => ['--set', s]),
    ]);
  let scratch: string;
  beforeAll(() => (scratch = mkdtempSync(path.join(os.tmpdir(), 'helm-routes-'))));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('renders neither by default', () => {
    const kinds = parseManifests(gateway()).map((m) => m['kind']);
    expect(kinds).not.toContain('Ingress');
    expect(kinds).not.toContain('HTTPRoute');
  });

  it('renders a valid Ingress to the HTTP port with the class, hosts and TLS given', () => {
    const text = gateway(
      'ingress.enabled=true',
      'ingress.className=nginx',
      'ingress.hosts={api.example.org}',
      'ingress.tls[0].secretName=api-tls',
      'ingress.tls[0].hosts={api.example.org}',
      'ingress.annotations.nginx\\.ingress\\.kubernetes\\.io/proxy-body-size=20m',
    );
    const file = path.join(scratch, 'ingress.yaml');
    writeFileSync(file, text);
    expect(validateManifestFiles([file]).filter((r) => r.errors.length > 0)).toEqual([]);
    const ingress = find(parseManifests(text), 'Ingress', 'gateway');
    expect(ingress['metadata'].annotations).toEqual({ 'nginx.ingress.kubernetes.io/proxy-body-size': '20m' });
    expect(ingress['spec']).toEqual({
      ingressClassName: 'nginx',
      tls: [{ secretName: 'api-tls', hosts: ['api.example.org'] }],
      rules: [
        {
          host: 'api.example.org',
          http: { paths: [{ path: '/', pathType: 'Prefix', backend: { service: { name: 'gateway', port: { name: 'http' } } } }] },
        },
      ],
    });
  });

  // No Gateway API schema is installed for kubernetes-models: the route is checked field by field.
  it('renders an HTTPRoute attached to the Gateway given, to the HTTP port', () => {
    const route = find(
      parseManifests(
        gateway(
          'httpRoute.enabled=true',
          'httpRoute.parentRefs[0].name=public',
          'httpRoute.parentRefs[0].namespace=gateway-system',
          'httpRoute.hostnames={api.example.org}',
        ),
      ),
      'HTTPRoute',
      'gateway',
    );
    expect(route['apiVersion']).toBe('gateway.networking.k8s.io/v1');
    expect(route['spec']).toEqual({
      parentRefs: [{ name: 'public', namespace: 'gateway-system' }],
      hostnames: ['api.example.org'],
      rules: [{ matches: [{ path: { type: 'PathPrefix', value: '/' } }], backendRefs: [{ name: 'gateway', port: 8080 }] }],
    });
  });

  it('refuses one without hosts or parents, on an app without an HTTP port, and an unknown key', () => {
    expect(helm(['template', 'gateway', 'charts/platform-service', '-f', 'deploy/values/gateway.yaml', '--set', 'ingress.enabled=true']).stderr).toContain(
      'ingress.hosts: at least one host name',
    );
    expect(helm(['template', 'gateway', 'charts/platform-service', '-f', 'deploy/values/gateway.yaml', '--set', 'httpRoute.enabled=true']).stderr).toContain(
      'httpRoute.parentRefs',
    );
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
});
