import { REGISTRY, appEntry, callersOf, calleesOf, defaultGrpcUrl, grpcServices, registryDefaults } from './index';

describe('the service registry', () => {
  it('names each app once, with distinct ports', () => {
    const names = REGISTRY.map((app) => app.name);
    expect(new Set(names).size).toBe(names.length);
    const ports = REGISTRY.flatMap((app) => Object.values(app.ports).map((p) => p.port));
    expect(new Set(ports).size).toBe(ports.length);
    const envs = REGISTRY.flatMap((app) => Object.values(app.ports).map((p) => p.env));
    expect(new Set(envs).size).toBe(envs.length);
  });

  it('gives every gRPC service a gRPC port, an admin port and a schema', () => {
    for (const service of grpcServices()) {
      expect({ name: service.name, grpc: !!service.ports.grpc, admin: !!service.ports.admin, schema: !!service.schema }).toEqual({
        name: service.name,
        grpc: true,
        admin: true,
        schema: true,
      });
    }
  });

  it('lets apps call only registered services', () => {
    const services = grpcServices().map((s) => s.name);
    for (const app of REGISTRY) expect({ app: app.name, unknown: calleesOf(app).filter((s) => !services.includes(s)) }).toEqual({ app: app.name, unknown: [] });
  });

  it("derives the callers of a service from the others' calls, the gateway calling every service", () => {
    expect(callersOf('identity')).toEqual(
      REGISTRY.filter((a) => a.kind === 'gateway' || calleesOf(a).includes('identity'))
        .map((a) => a.name)
        .sort(),
    );
    for (const service of grpcServices()) expect(callersOf(service.name)).toContain('gateway');
  });

  it('answers the local address and the config defaults of an app', () => {
    expect(defaultGrpcUrl('identity')).toBe(`127.0.0.1:${appEntry('identity').ports.grpc?.port}`);
    expect(registryDefaults('organisation')).toMatchObject({ ORGANISATION_DB_SCHEMA: 'organisation', IDENTITY_GRPC_URL: defaultGrpcUrl('identity') });
    expect(() => appEntry('nope')).toThrow(/not in the service registry/);
  });
});
