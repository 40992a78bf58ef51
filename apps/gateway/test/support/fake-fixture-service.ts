import { Metadata, Server, ServerCredentials, type ServiceDefinition, type UntypedServiceImplementation, loadPackageDefinition } from '@grpc/grpc-js';
import type { ProtoSource } from '../../src/protos/proto-source';

export interface FakeFixtureService {
  address: string;
  /** Metadata of every call, in order. */
  metadata: Metadata[];
  stop(): Promise<void>;
}

/** platform.fixture.v1.FixtureService: every RPC answers with its request (plus a name), so tests see what arrived. */
export async function startFakeFixtureService(protos: ProtoSource): Promise<FakeFixtureService> {
  const loaded = loadPackageDefinition(protos.definition) as unknown as {
    platform: { fixture: { v1: { FixtureService: { service: ServiceDefinition } } } };
  };
  const definition = loaded.platform.fixture.v1.FixtureService.service;
  const metadata: Metadata[] = [];
  const impl: UntypedServiceImplementation = {};
  for (const name of Object.keys(definition)) {
    impl[name] = (call: { request: Record<string, unknown>; metadata: Metadata }, callback: (err: null, reply: object) => void) => {
      metadata.push(call.metadata);
      callback(null, { ...call.request, name: 'Fixture', status: 'UP' });
    };
  }
  const server = new Server();
  server.addService(definition, impl);
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', ServerCredentials.createInsecure(), (err, p) => (err ? reject(err) : resolve(p))),
  );
  return { address: `127.0.0.1:${port}`, metadata, stop: () => new Promise<void>((resolve) => server.tryShutdown(() => resolve())) };
}
